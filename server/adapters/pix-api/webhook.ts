/**
 * The PSP's notification of received Pix (POST {webhookUrl}/pix). The API Pix protects it with
 * mutual TLS at the connection; this server also requires an HMAC-SHA256 signature of the body
 * with a secret shared with the PSP (or with the TLS terminator that checked the certificate),
 * and never trusts the body for money: each Pix is confirmed with GET /cob before it settles.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const webhookSignatureHeader = 'x-pix-signature'

export const signWebhook = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`

export function verifyWebhook(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false
  const expected = Buffer.from(signWebhook(secret, body))
  const given = Buffer.from(header.trim())
  return given.length === expected.length && timingSafeEqual(given, expected)
}
