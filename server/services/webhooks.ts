/**
 * Delivering events to the provider's endpoints, per Standard Webhooks (decision 019): signed,
 * any 2xx is success, 15 s to answer, no redirects, 410 disables the endpoint, 429 and 503 are
 * retried no sooner than their Retry-After. Retries follow `retryDelays` (about 3 days, with
 * jitter), then the delivery is FAILED and listed. An endpoint that failed everything for 5 days
 * is disabled and its contact told. Each delivery is claimed with `FOR UPDATE SKIP LOCKED` and a
 * lease, so several instances never send one twice at once, and one that died mid-send leaves it
 * to the next pass.
 */
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm'
import { sendWebhook, type WebhookAnswer } from '../adapters/webhooks/send'
import { signMessage } from '../adapters/webhooks/sign'
import type { Database } from '../db/client'
import { integrationEvents, webhookDeliveries, webhookEndpoints } from '../db/schema'
import type { ServerDeps } from '../deps'
import { deleteOldEvents, eventPayload } from './events'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

/** Waits after each failed attempt: 10 attempts over about 3 days (71.6 h before jitter). */
export const retryDelays = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  20 * HOUR,
] as const

/** How long a claim holds a delivery: longer than a send (15 s), so a live sender keeps it. */
const LEASE_MS = 2 * MINUTE
/** An endpoint failing every attempt for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * HOUR
/** A Retry-After is honoured up to this long. */
const MAX_RETRY_AFTER_MS = 24 * HOUR

export type Endpoint = typeof webhookEndpoints.$inferSelect
export type Delivery = typeof webhookDeliveries.$inferSelect

export interface WebhookDeps extends Pick<ServerDeps, 'db' | 'logger' | 'mail' | 'now'> {
  /** WEBHOOK_ALLOW_PRIVATE: endpoints on this machine or a private network (tests, on-premise). */
  allowPrivate: boolean
  timeoutMs: number
  /** Random in [0, 1); tests fix it. */
  random?: () => number
}

/** The secrets a message is signed with now: the current one, and the previous until it expires. */
export const liveSecrets = (endpoint: Pick<Endpoint, 'secrets'>, now: Date) =>
  endpoint.secrets
    .filter((item) => item.expiresAt === null || new Date(item.expiresAt) > now)
    .map((item) => item.secret)

/** When the attempt after `attempts` failed ones goes, ±10 %; null when none is left. */
export function nextAttemptAt(
  attempts: number,
  now: Date,
  answer: Pick<WebhookAnswer, 'status' | 'retryAfter'>,
  random: () => number = Math.random,
): Date | null {
  const base = retryDelays[attempts - 1]
  if (base === undefined) return null
  const jittered = base * (0.9 + 0.2 * random())
  const asked =
    (answer.status === 429 || answer.status === 503) && answer.retryAfter
      ? retryAfterMs(answer.retryAfter, now)
      : 0
  return new Date(now.getTime() + Math.max(jittered, Math.min(asked, MAX_RETRY_AFTER_MS)))
}

function retryAfterMs(header: string, now: Date): number {
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * SECOND)
  const at = Date.parse(header)
  return Number.isNaN(at) ? 0 : Math.max(0, at - now.getTime())
}

/** Claims up to `limit` due deliveries for this instance (others skip what it holds). */
async function claimDue(db: Database, now: Date, limit: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.status, 'PENDING'), lte(webhookDeliveries.nextAttemptAt, now)),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    const ids = due.map((row) => row.id)
    if (ids.length)
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(inArray(webhookDeliveries.id, ids))
    return ids
  })
}

/** Sends every delivery due now (a batch at a time); how many it tried. */
export async function deliverDue(deps: WebhookDeps, limit = 50): Promise<number> {
  const ids = await claimDue(deps.db, deps.now(), limit)
  if (ids.length === 0) return 0
  const rows = await deps.db
    .select({ delivery: webhookDeliveries, event: integrationEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids))
  await Promise.all(rows.map((row) => attempt(deps, row)))
  return rows.length
}

async function attempt(
  deps: WebhookDeps,
  {
    delivery,
    event,
    endpoint,
  }: { delivery: Delivery; event: typeof integrationEvents.$inferSelect; endpoint: Endpoint },
) {
  if (endpoint.disabledAt) {
    await finish(deps.db, delivery.id, {
      status: 'FAILED',
      lastError: 'Endpoint desativado.',
    })
    return
  }
  const sentAt = deps.now()
  const body = JSON.stringify(eventPayload(event))
  const headers = signMessage(event.id, sentAt, body, liveSecrets(endpoint, sentAt))
  const answer = await sendWebhook(
    endpoint.url,
    { ...headers },
    body,
    deps.allowPrivate,
    deps.timeoutMs,
  )
  const now = deps.now()
  const attempts = delivery.attempts + 1
  if (answer.status >= 200 && answer.status < 300) {
    await finish(deps.db, delivery.id, {
      status: 'DELIVERED',
      attempts,
      lastStatus: answer.status,
      lastError: null,
      deliveredAt: now,
    })
    if (endpoint.failingSince)
      await deps.db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id))
    return
  }
  if (answer.status === 410) {
    await finish(deps.db, delivery.id, {
      status: 'FAILED',
      attempts,
      lastStatus: 410,
      lastError: 'O receptor respondeu 410 Gone: endpoint desativado.',
    })
    await disable(deps, endpoint, 'O receptor respondeu 410 Gone.', now)
    return
  }
  const next = nextAttemptAt(attempts, now, answer, deps.random)
  await finish(deps.db, delivery.id, {
    status: next ? 'PENDING' : 'FAILED',
    attempts,
    lastStatus: answer.status || null,
    lastError: answer.error ?? `HTTP ${answer.status}`,
    ...(next ? { nextAttemptAt: next } : {}),
  })
  const failingSince = endpoint.failingSince ?? now
  if (!endpoint.failingSince)
    await deps.db
      .update(webhookEndpoints)
      .set({ failingSince: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.failingSince)))
  else if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS)
    await disable(deps, endpoint, 'Todas as entregas falharam por 5 dias.', now)
}

async function finish(db: Database, id: string, set: Partial<Delivery>) {
  await db.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, id))
}

/** Disables the endpoint (its pending deliveries then fail) and tells its contact, once. */
async function disable(deps: WebhookDeps, endpoint: Endpoint, reason: string, now: Date) {
  const [disabled] = await deps.db
    .update(webhookEndpoints)
    .set({ disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id })
  if (!disabled) return
  await deps.db
    .update(webhookDeliveries)
    .set({ status: 'FAILED', lastError: `Endpoint desativado: ${reason}` })
    .where(
      and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'PENDING')),
    )
  deps.logger.error(
    { endpointId: endpoint.id, url: endpoint.url },
    `[webhooks] endpoint desativado: ${reason}`,
  )
  if (endpoint.contactEmail)
    await deps.mail
      .send({
        to: endpoint.contactEmail,
        subject: 'Webhook desativado no Portal do Titular',
        text: [
          `O endpoint ${endpoint.url} foi desativado: ${reason}`,
          'Os eventos continuam guardados por 30 dias: corrija o receptor, reative o endpoint e',
          'peça o reenvio do período (POST …/webhook-endpoints/{id}/replay) ou leia GET …/events.',
        ].join('\n'),
      })
      .catch((error: unknown) =>
        deps.logger.error({ err: error }, '[webhooks] aviso de desativação não enviado'),
      )
}

/** Sends due deliveries every `everyMs` (sooner while a batch comes back full). */
export function startWebhookDeliverer(deps: WebhookDeps, everyMs: number): () => Promise<void> {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<unknown> = Promise.resolve()
  let lastCleanup = 0
  const loop = async () => {
    let sent = 0
    const now = deps.now().getTime()
    // Events older than 30 days (and their deliveries) go once an hour.
    const cleanup =
      now - lastCleanup > HOUR
        ? deleteOldEvents(deps.db, deps.now()).then(() => {
            lastCleanup = now
          })
        : Promise.resolve()
    running = cleanup
      .then(() => deliverDue(deps))
      .then((count) => {
        sent = count
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, '[webhooks] falhou'))
    await running
    if (!stopped) timer = setTimeout(() => void loop(), sent >= 50 ? 0 : everyMs)
  }
  void loop()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
