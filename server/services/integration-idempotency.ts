/**
 * `Idempotency-Key` on the integration API's POSTs (decision 019), per API key, for 24 hours:
 * the same key and body get the first answer again; another body, 422; a call still running,
 * 409. The work may call a bank or gateway, so it cannot share one transaction with its key:
 * the key is claimed first (with a deadline, after which a call that died is taken over), and
 * the answer stored after. A failure of ours (5xx) removes the claim, so the retry runs again.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '../db/client'
import { integrationIdempotency } from '../db/schema'
import { ProblemError } from '../http/integration'
import { isReplayable, requestHash } from './idempotency-rules'

export const INTEGRATION_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** Longer than any call's gateway timeouts: a claim older than this belongs to a dead call. */
const RUNNING_MS = 120_000

export const integrationIdempotencyMessages = {
  invalidKey: 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis.',
  reusedKey:
    'Esta Idempotency-Key já foi usada com outro corpo ou outra rota. Use uma chave nova para outra operação.',
  running:
    'Uma chamada com esta Idempotency-Key ainda está em andamento. Espere a resposta dela (ou tente de novo em instantes).',
} as const

export interface Answered {
  status: number
  body: string
  /** The first answer, sent again for a repeat of its key. */
  replayed: boolean
}

/** The header's key (1–255 visible ASCII characters), or undefined when none was sent. */
export function integrationKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const key = header.trim()
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new ProblemError(400, integrationIdempotencyMessages.invalidKey, [
      {
        path: 'header.Idempotency-Key',
        code: 'invalid_format',
        message: integrationIdempotencyMessages.invalidKey,
      },
    ])
  return key
}

export interface IntegrationRequest {
  apiKeyId: string
  key: string
  method: string
  path: string
  body: unknown
  now: Date
}

/**
 * Runs `work` once per (API key, Idempotency-Key). `work` answers its status and JSON body, or
 * throws: a refusal of ours below 500 is stored like an answer (`asAnswer`), anything else
 * frees the key and goes up.
 */
export async function runIntegrationIdempotent(
  db: Database,
  request: IntegrationRequest,
  work: () => Promise<{ status: number; body: string }>,
  asAnswer: (error: unknown) => { status: number; body: string } | null,
): Promise<Answered> {
  const hash = requestHash(request.method, request.path, request.body)
  const keyOf = and(
    eq(integrationIdempotency.apiKeyId, request.apiKeyId),
    eq(integrationIdempotency.key, request.key),
  )
  const expired = new Date(request.now.getTime() - INTEGRATION_IDEMPOTENCY_TTL_MS)
  const claimed = await db
    .insert(integrationIdempotency)
    .values({
      apiKeyId: request.apiKeyId,
      key: request.key,
      requestHash: hash,
      runningUntil: new Date(request.now.getTime() + RUNNING_MS),
      createdAt: request.now,
    })
    .onConflictDoUpdate({
      target: [integrationIdempotency.apiKeyId, integrationIdempotency.key],
      set: {
        requestHash: hash,
        responseStatus: null,
        responseBody: null,
        runningUntil: new Date(request.now.getTime() + RUNNING_MS),
        createdAt: request.now,
      },
      // An expired key, or a claim whose call died (no answer, past its deadline).
      setWhere: or(
        lt(integrationIdempotency.createdAt, expired),
        and(
          isNull(integrationIdempotency.responseStatus),
          lt(integrationIdempotency.runningUntil, request.now),
        ),
      ),
    })
    .returning({ key: integrationIdempotency.key })

  if (claimed.length === 0) {
    const [stored] = await db.select().from(integrationIdempotency).where(keyOf)
    if (!stored) throw new ProblemError(409, integrationIdempotencyMessages.running)
    if (stored.requestHash !== hash)
      throw new ProblemError(422, integrationIdempotencyMessages.reusedKey)
    if (stored.responseStatus === null || stored.responseBody === null)
      throw new ProblemError(409, integrationIdempotencyMessages.running)
    return { status: stored.responseStatus, body: stored.responseBody, replayed: true }
  }

  let answer: { status: number; body: string }
  try {
    answer = await work()
  } catch (error) {
    const refusal = asAnswer(error)
    if (!refusal || !isReplayable(refusal.status)) {
      await db.delete(integrationIdempotency).where(keyOf)
      throw error
    }
    answer = refusal
  }
  if (!isReplayable(answer.status)) {
    await db.delete(integrationIdempotency).where(keyOf)
    return { ...answer, replayed: false }
  }
  await db
    .update(integrationIdempotency)
    .set({ responseStatus: answer.status, responseBody: answer.body })
    .where(and(keyOf, eq(integrationIdempotency.requestHash, hash)))
  return { ...answer, replayed: false }
}

/** Keys older than a day are removed now and then; the claim already ignores them. */
export async function deleteExpiredIntegrationKeys(db: Database, now: Date) {
  await db
    .delete(integrationIdempotency)
    .where(
      lt(
        integrationIdempotency.createdAt,
        new Date(now.getTime() - INTEGRATION_IDEMPOTENCY_TTL_MS),
      ),
    )
}
