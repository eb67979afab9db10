/** The bank's API Pix for this server: the configured PSP, or in demo mode its own sandbox. */
import type { ServerDeps } from '../../deps'
import { networkTransport } from '../http'
import { createPixApiClient, type PixApi } from './client'

/** Where the sandbox PSP answers on this server (demo/routes/sandbox-pix-api.ts). */
export const sandboxPixApiPath = '/sandbox/pix-api/v2'

export function createPixApi(deps: ServerDeps): PixApi | undefined {
  const pix = deps.config.pix
  if (!pix) return undefined
  return createPixApiClient({
    apiUrl: pix.apiUrl ?? `${deps.selfUrl}${sandboxPixApiPath}`,
    tokenUrl: pix.tokenUrl,
    clientId: pix.clientId,
    clientSecret: pix.clientSecret,
    chave: pix.chave,
    transport: deps.http ?? networkTransport(pix.tls),
  })
}

/** Where the bank posts received Pix (it appends /pix): PIX_WEBHOOK_URL, else ours. */
export const webhookUrlOf = (deps: ServerDeps) =>
  deps.config.pix?.webhookUrl ?? `${deps.config.publicUrl ?? deps.selfUrl}/socios-api/webhooks/pix`

/**
 * Tells the bank where to post: received Pix ({url}/pix), and Pix Automático's recurrences
 * ({url}/rec) and recurring charges ({url}/cobr) when this server takes them (an account set).
 */
export async function registerPixWebhooks(deps: ServerDeps, pix: PixApi) {
  const url = webhookUrlOf(deps)
  await pix.setWebhook(url)
  if (deps.config.pix?.account) {
    await pix.setRecurrenceWebhook(url)
    await pix.setRecurringChargeWebhook(url)
  }
  return url
}
