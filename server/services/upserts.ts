/**
 * What every upsert of the integration API shares (decision 019): the outcome, the versions of
 * records a holder may edit, and the rule that never lets a provider's write silently replace a
 * holder's edit.
 */
import { eq } from 'drizzle-orm'
import type { ProblemEntry } from '../../contract/integration'
import type { Database } from '../db/client'
import { contracts, persons } from '../db/schema'
import { ProblemError } from '../http/integration'

export type Upserted<T> = { outcome: 'created' | 'updated' | 'unchanged'; item: T }

/** A record's version as sent in ETag and If-Match: its last write's time, quoted. */
export const etagOf = (version: string) => `"${version}"`

/** The version an If-Match header names (`"…"` or `W/"…"`), undefined when there is none. */
export function ifMatchVersion(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  return header
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1')
}

export const upsertMessages = {
  staleVersion: (current: string) =>
    `O registro mudou desde a versão enviada em If-Match. Leia de novo (GET) e reenvie com If-Match: "${current}".`,
  holderEdited: (current: string) =>
    `O titular editou este registro no portal. Leia-o (GET) e, para gravar por cima, reenvie com If-Match: "${current}".`,
} as const

/**
 * The provider may write over a record when it names the current version, or, without If-Match,
 * when it wrote the record last itself. A holder's edit is never replaced unseen: 412.
 */
export function assertWritable(
  stored: { version: string; writtenBy: 'holder' | 'provider' },
  ifMatch: string | undefined,
) {
  if (ifMatch !== undefined) {
    if (ifMatch !== stored.version)
      throw new ProblemError(412, upsertMessages.staleVersion(stored.version), undefined, {
        etag: etagOf(stored.version),
      })
    return
  }
  if (stored.writtenBy === 'holder')
    throw new ProblemError(412, upsertMessages.holderEdited(stored.version), undefined, {
      etag: etagOf(stored.version),
    })
}

/** A reference in the body that names nothing (a plan, a member, a contract): 422 on its field. */
export function unknownReference(field: string, what: string): ProblemError {
  const entry: ProblemEntry = {
    path: `body.${field}`,
    code: 'not_found',
    message: `Nenhum(a) ${what} com este externalId.`,
  }
  return new ProblemError(422, entry.message, [entry])
}

/** A field that cannot change once the record exists (an instalment's contract, say). */
export function immutableField(field: string, message: string): ProblemError {
  return new ProblemError(422, message, [{ path: `body.${field}`, code: 'immutable', message }])
}

/** Are the two values the same for every key of `next`? (dates compared by time) */
export function sameValues(stored: Record<string, unknown>, next: Record<string, unknown>) {
  return Object.entries(next).every(([key, value]) => {
    const current = stored[key]
    if (current instanceof Date && value instanceof Date)
      return current.getTime() === value.getTime()
    if (typeof value === 'object' && value !== null)
      return JSON.stringify(sortKeys(current)) === JSON.stringify(sortKeys(value))
    return current === value
  })
}

function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
  )
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint: name } = cause as { code?: unknown; constraint?: unknown }
    if (code === '23505') return constraint === undefined || name === constraint
  }
  return false
}

/**
 * Runs an upsert; when its insert lost the race for the externalId to another call (`'lost'`),
 * runs it again, and it then finds that row and updates it.
 */
export async function upsertRetrying<T>(work: () => Promise<Upserted<T> | 'lost'>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await work()
    if (result !== 'lost') return result
  }
  throw new Error('upsert: o externalId foi criado e removido ao mesmo tempo três vezes')
}

/** The contract a body names by `contractExternalId` (or another field), or a 422 on it. */
export async function contractNamed(
  tx: Database,
  externalId: string,
  field = 'contractExternalId',
) {
  const [row] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.externalId, externalId))
  if (!row) throw unknownReference(field, 'contrato')
  return row
}

/** The person a body names by `memberExternalId` (or another field), or a 422 on it. */
export async function memberNamed(tx: Database, externalId: string, field = 'memberExternalId') {
  const [row] = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(eq(persons.externalId, externalId))
  if (!row) throw unknownReference(field, 'pessoa')
  return row
}
