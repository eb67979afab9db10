/** Outgoing e-mail: SMTP when SMTP_URL is set, otherwise the console sandbox. */
import type { Config } from '../../config'
import type { Logger } from '../../logger'
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

export function createMailAdapter(config: Config, logger: Logger): MailAdapter {
  if (config.smtpUrl) return createSmtpMail(config.smtpUrl, config.mailFrom)
  return createSandboxMail(logger, config)
}
