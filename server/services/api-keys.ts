/**
 * The provider's integration keys (decision 019). A key is `ptk_` and 32 random bytes in
 * base64url, shown once when it is made; the database keeps its sha256, its last 4 characters
 * and its scopes. Each call looks the key up (one indexed read), so a revoked key is refused at
 * once by every instance; `lastUsedAt` is written at most once a minute per key.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm'
import {
  type IntegrationScope,
  integrationKeyPrefix,
  integrationScopes,
  isIntegrationScope,
} from '../../contract/integration'
import type { Database } from '../db/client'
import { apiKeys } from '../db/schema'

export type ApiKey = {
  id: string
  name: string
  last4: string
  scopes: IntegrationScope[]
  createdAt: Date
  revokedAt: Date | null
  lastUsedAt: Date | null
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex')

const lastUseEvery = 60_000

/** A key's text as sent; anything else (a holder's JWT, another scheme) is not one. */
const keyPattern = new RegExp(`^${integrationKeyPrefix}[A-Za-z0-9_-]{43}$`)
export const looksLikeKey = (text: string) => keyPattern.test(text)

export class KeyInputError extends Error {}

export function checkedScopes(scopes: string[]): IntegrationScope[] {
  const unknown = scopes.filter((scope) => !isIntegrationScope(scope))
  if (unknown.length)
    throw new KeyInputError(
      `Escopo desconhecido: ${unknown.join(', ')}. Os escopos são: ${integrationScopes.join(', ')}.`,
    )
  if (!scopes.length)
    throw new KeyInputError(`Informe ao menos um escopo: ${integrationScopes.join(', ')}.`)
  return [...new Set(scopes)].filter(isIntegrationScope)
}

const toKey = (row: typeof apiKeys.$inferSelect): ApiKey => ({
  id: row.id,
  name: row.name,
  last4: row.last4,
  scopes: row.scopes.filter(isIntegrationScope),
  createdAt: row.createdAt,
  revokedAt: row.revokedAt,
  lastUsedAt: row.lastUsedAt,
})

/** Makes a key; its text is in the answer only, never stored. */
export async function createApiKey(
  db: Database,
  input: { name: string; scopes: string[] },
): Promise<{ key: string; apiKey: ApiKey }> {
  const name = input.name.trim()
  if (!name || name.length > 100)
    throw new KeyInputError('Informe um nome de 1 a 100 caracteres para a chave (--name).')
  const scopes = checkedScopes(input.scopes)
  const key = `${integrationKeyPrefix}${randomBytes(32).toString('base64url')}`
  const [row] = await db
    .insert(apiKeys)
    .values({ name, keyHash: hashOf(key), last4: key.slice(-4), scopes })
    .returning()
  if (!row) throw new Error('a chave não foi gravada')
  return { key, apiKey: toKey(row) }
}

export async function listApiKeys(db: Database): Promise<ApiKey[]> {
  return (await db.select().from(apiKeys).orderBy(asc(apiKeys.createdAt))).map(toKey)
}

/** Revokes a key by its id; false when there is no such key or it was revoked before. */
export async function revokeApiKey(db: Database, id: string, now = new Date()): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id })
  return revoked.length > 0
}

/** The live key a call presents, or null (unknown or revoked). */
export async function authenticateApiKey(
  db: Database,
  presented: string,
  now = new Date(),
): Promise<ApiKey | null> {
  if (!looksLikeKey(presented)) return null
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashOf(presented)))
  if (!row || row.revokedAt) return null
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > lastUseEvery)
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, new Date(now.getTime() - lastUseEvery)),
          ),
        ),
      )
  return toKey(row)
}
