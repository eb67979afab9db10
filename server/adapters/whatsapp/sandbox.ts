import type { Logger } from '../../logger'
import type { WhatsAppAdapter } from './index'

/**
 * Stand-in when no WhatsApp provider is configured: the message goes nowhere. In demo mode the log
 * says to whom (the code itself is logged with the dev outbox line); elsewhere only that a message
 * was dropped: never the number, never the text, which may hold a login code.
 */
export function createSandboxWhatsApp(
  logger: Logger,
  { demo }: { demo: boolean },
): WhatsAppAdapter {
  return {
    async send({ to }) {
      if (demo) logger.info(`[WhatsApp sandbox] para ${to}`)
      else logger.warn('[WhatsApp sandbox] WHATSAPP_API_URL não definido: mensagem não enviada')
    },
  }
}
