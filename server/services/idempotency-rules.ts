/**
 * Idempotent writes (docs/design.md §5) without a database: which key a request carries, what binds
 * the key to its content, what a repeat gets, and the claim-write-store flow over any KeyStore.
 * services/idempotency.ts is the PostgreSQL store; tests also run the flow over a memory store.
 */
import { createHash } from 'node:crypto'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ApiError } from '../http/errors'

/** Longer than the app's outbox keeps a queued save (7 days), so a late replay is still a replay. */
export const IDEMPOTENCY_TTL_MS = 8 * 24 * 60 * 60 * 1000

export const idempotencyMessages = {
  missingKey: 'Envie o cabeçalho Idempotency-Key.',
  invalidKey: 'Idempotency-Key inválida: use de 1 a 200 caracteres visíveis.',
  reusedKey: 'Idempotency-Key já usada com outro conteúdo.',
} as const

/** The header's value: 1–200 visible ASCII characters (no blanks inside). */
export function idempotencyKeyOf(header: string | undefined): string {
  const key = header?.trim() ?? ''
  if (key === '') throw new ApiError(400, idempotencyMessages.missingKey)
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) throw new ApiError(400, idempotencyMessages.invalidKey)
  return key
}

/** JSON with object keys sorted at every level, so equal bodies give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** What a key is bound to: the same key may only ever repeat this exact request. */
export const requestHash = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`)
    .digest('hex')

/** Keys claimed before this moment have expired and may be claimed again. */
export const expiredBefore = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_TTL_MS)

/**
 * Answers worth replaying: successes and the 4xx the business rules gave. A 5xx is never stored,
 * so the client's retry runs the write again.
 */
export const isReplayable = (status: number) => status >= 200 && status < 500

export interface StoredAnswer {
  requestHash: string
  status: number
  body: string
}

export type RepeatDecision =
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'reused-key'; status: 422; body: string }

/** A repeat of a claimed key: the first answer again, or 422 when the content differs. */
export function decideRepeat(stored: StoredAnswer, hash: string): RepeatDecision {
  if (stored.requestHash !== hash) {
    return {
      kind: 'reused-key',
      status: 422,
      body: JSON.stringify({ message: idempotencyMessages.reusedKey }),
    }
  }
  return { kind: 'replay', status: stored.status, body: stored.body }
}

/**
 * Optimistic concurrency: a save must be based on the stored version itself; any other one is
 * stale, a later one too (a client clock or a made-up value must not skip the check). Both sides
 * are compared at millisecond precision, as the API sends them (toISOString).
 */
export const isStale = (sent: Date, stored: Date) => sent.getTime() !== stored.getTime()

/** The version a save stamps: now, but always after the one it replaces. */
export const nextVersion = (stored: Date, now: Date) =>
  new Date(Math.max(now.getTime(), stored.getTime() + 1))

// ---------------------------------------------------------------- the flow, over any store

export interface IdempotentRequest {
  personId: string
  key: string
  requestHash: string
  now: Date
}

export interface Answer {
  status: ContentfulStatusCode
  body: unknown
}

export interface SentAnswer {
  status: ContentfulStatusCode
  /** JSON text, byte for byte what the first request got. */
  body: string
  replayed: boolean
}

/**
 * Where keys live. `transaction` must make claim, write and stored answer commit or vanish
 * together; `claim` must be atomic (a key held by a transaction in flight waits for it);
 * `savepoint` undoes only what its callback wrote when the callback throws.
 */
export interface KeyStore<Tx> {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>
  savepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T>
  /** True when this transaction now owns the key: new, or its last use expired. */
  claim(tx: Tx, request: IdempotentRequest): Promise<boolean>
  stored(tx: Tx, request: IdempotentRequest): Promise<StoredAnswer>
  store(tx: Tx, request: IdempotentRequest, answer: { status: number; body: string }): Promise<void>
}

/**
 * Runs `write` once per (person, key). The write runs in a savepoint: a business refusal
 * (ApiError 4xx) undoes whatever it wrote and is stored like a success. Anything else rolls back
 * everything, the claim included, so the client's retry runs the write again.
 */
export async function runIdempotent<Tx>(
  keys: KeyStore<Tx>,
  request: IdempotentRequest,
  write: (tx: Tx) => Promise<Answer>,
): Promise<SentAnswer> {
  return keys.transaction(async (tx) => {
    if (!(await keys.claim(tx, request))) {
      const decision = decideRepeat(await keys.stored(tx, request), request.requestHash)
      return {
        status: decision.status as ContentfulStatusCode,
        body: decision.body,
        replayed: decision.kind === 'replay',
      }
    }
    let answer: Answer
    try {
      answer = await keys.savepoint(tx, write)
    } catch (error) {
      if (!(error instanceof ApiError) || !isReplayable(error.status)) throw error
      answer = { status: error.status, body: { message: error.message } }
    }
    // A committed claim must carry its answer; one that cannot be replayed undoes everything.
    if (!isReplayable(answer.status)) throw new Error(`resposta ${answer.status} não armazenável`)
    const body = JSON.stringify(answer.body)
    await keys.store(tx, request, { status: answer.status, body })
    return { status: answer.status, body, replayed: false }
  })
}
