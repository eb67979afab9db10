import type { WhatsAppAdapter } from './index'

const TIMEOUT_MS = 10_000

/** POSTs `{ to, text }` as JSON with a Bearer token; any non-2xx answer is a failed delivery. */
export function createHttpWhatsApp({ apiUrl, token }: { apiUrl: string; token: string }) {
  return {
    async send({ to, text }) {
      const response = await fetch(apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      // Release the connection; the provider's answer body is not needed.
      await response.body?.cancel()
      if (!response.ok) {
        throw new Error(`API do WhatsApp respondeu ${response.status} ${response.statusText}`)
      }
    },
  } satisfies WhatsAppAdapter
}
