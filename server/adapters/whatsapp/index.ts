/** Outgoing WhatsApp messages: an HTTP provider when WHATSAPP_* is set, otherwise the sandbox. */
import type { Config } from '../../config'
import type { Logger } from '../../logger'
import { createHttpWhatsApp } from './http'
import { createSandboxWhatsApp } from './sandbox'

export interface WhatsAppMessage {
  /** International number: '+' followed by country code and number, e.g. +5511987654321. */
  to: string
  text: string
}

export interface WhatsAppAdapter {
  send(message: WhatsAppMessage): Promise<void>
}

export function createWhatsAppAdapter(config: Config, logger: Logger): WhatsAppAdapter {
  if (config.whatsapp) return createHttpWhatsApp(config.whatsapp)
  return createSandboxWhatsApp(logger, config)
}
