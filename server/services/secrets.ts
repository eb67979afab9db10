/**
 * The server secret: JWT_SECRET when configured, otherwise generated once and kept in the
 * `settings` table, so tokens survive restarts and every instance on one database agrees.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { settings } from '../db/schema'

const SETTING = 'jwt_secret'

export async function loadServerSecret(db: Database, configured: string | undefined) {
  if (configured) return configured
  const generated = randomBytes(48).toString('base64url')
  // Instances starting together may race: the first insert wins and everyone reads it back.
  await db.insert(settings).values({ key: SETTING, value: generated }).onConflictDoNothing()
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING))
  if (!row) throw new Error('Segredo do servidor não encontrado após gravá-lo.')
  return row.value
}

export interface ServerKeys {
  /** Signs and verifies session tokens (HS256). */
  jwt: Uint8Array
  /** Hashes one-time codes; derived so a leaked code table reveals nothing about the JWT key. */
  otp: Buffer
}

export function deriveKeys(secret: string): ServerKeys {
  return {
    jwt: new TextEncoder().encode(secret),
    otp: createHmac('sha256', secret).update('portal-do-titular/otp-codes').digest(),
  }
}

/** Loads the keys on first use and remembers them; a failed load is retried next time. */
export function lazyKeys(db: Database, configured: string | undefined): () => Promise<ServerKeys> {
  let pending: Promise<ServerKeys> | undefined
  return () => {
    pending ??= loadServerSecret(db, configured)
      .then(deriveKeys)
      .catch((error: unknown) => {
        pending = undefined
        throw error
      })
    return pending
  }
}
