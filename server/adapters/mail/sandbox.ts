import type { MailAdapter } from './index'

/** Stand-in when no SMTP server is configured: the message only reaches the console. */
export function createSandboxMail({ printText }: { printText: boolean }): MailAdapter {
  return {
    async send({ to, subject, text }) {
      console.info(`[e-mail sandbox] para ${to}: ${subject}${printText ? ` — ${text}` : ''}`)
    },
  }
}
