/** Outgoing e-mail: SMTP when SMTP_URL is set, otherwise the console sandbox. */
import type { Config } from '../../config'
import { createSandboxMail } from './sandbox'
import { createSmtpMail } from './smtp'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface MailAdapter {
  send(message: MailMessage): Promise<void>
  close?(): void
}

export function createMailAdapter(config: Config): MailAdapter {
  if (config.smtpUrl) return createSmtpMail(config.smtpUrl, config.mailFrom)
  // In demo mode the code is already printed with the outbox line; don't print it twice.
  return createSandboxMail({ printText: !config.demo })
}
