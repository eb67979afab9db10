import type { WhatsAppAdapter } from './index'

/** Stand-in when no WhatsApp provider is configured: the message only reaches the console. */
export function createSandboxWhatsApp({ printText }: { printText: boolean }): WhatsAppAdapter {
  return {
    async send({ to, text }) {
      console.info(`[WhatsApp sandbox] para ${to}${printText ? `: ${text}` : ''}`)
    },
  }
}
