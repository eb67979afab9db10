import type { Logger } from '../../logger'
import type { MailAdapter } from './index'

/**
 * Stand-in when no SMTP server is configured: the message goes nowhere. In demo mode the log says
 * to whom (the code itself is logged with the dev outbox line); elsewhere only that a message was
 * dropped: never the address, never the text, which may hold a login code.
 */
export function createSandboxMail(logger: Logger, { demo }: { demo: boolean }): MailAdapter {
  return {
    async send({ to, subject }) {
      if (demo) logger.info(`[e-mail sandbox] para ${to}: ${subject}`)
      else logger.warn(`[e-mail sandbox] SMTP_URL não definido: e-mail "${subject}" não enviado`)
    },
  }
}
