/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, "Signature scheme"): a secret
 * `whsec_` + base64 of 32 random bytes per endpoint; each message signed with HMAC-SHA256 over
 * `${webhook-id}.${webhook-timestamp}.${body}`, sent as `v1,<base64>` in `webhook-signature`,
 * several separated by spaces (the old and the new secret during a rotation).
 */
import { createHmac, randomBytes } from 'node:crypto'

export const secretPrefix = 'whsec_'

/** A new endpoint secret, as the provider's receiver keeps it. */
export const newWebhookSecret = () => `${secretPrefix}${randomBytes(32).toString('base64')}`

/** The secret's key bytes (base64 after the prefix). */
const keyOf = (secret: string) => Buffer.from(secret.slice(secretPrefix.length), 'base64')

export interface SignedHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** The three headers of a message: its id, its time (Unix seconds) and one signature per secret. */
export function signMessage(
  id: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): SignedHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000))
  const content = `${id}.${timestamp}.${body}`
  const signatures = secrets.map(
    (secret) => `v1,${createHmac('sha256', keyOf(secret)).update(content).digest('base64')}`,
  )
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': signatures.join(' '),
  }
}
