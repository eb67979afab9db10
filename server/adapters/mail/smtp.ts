import nodemailer from 'nodemailer'
import type { MailAdapter } from './index'

/** SMTP through nodemailer; the URL carries host, port, credentials and options (smtps:// = TLS). */
export function createSmtpMail(smtpUrl: string, from: string): MailAdapter {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text })
    },
    close: () => transport.close(),
  }
}
