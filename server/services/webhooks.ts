/**
 * Delivering events to the provider's endpoints, per Standard Webhooks (decision 019): signed,
 * any 2xx is success, 15 s to answer, no redirects, 410 disables the endpoint, 429 and 503 are
 * retried no sooner than their Retry-After. Retries follow `retryDelays` (about 3 days, with
 * jitter), then the delivery is FAILED and listed. An endpoint that failed everything for 5 days
 * is disabled and its contact told. Each delivery is claimed with `FOR UPDATE SKIP LOCKED` and a
 * lease, so several instances never send one twice at once, and one that died mid-send leaves it
 * to the next pass.
 */
import { and, asc, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm'
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

/**
 * How long a claim holds a delivery: well past a send's whole timeout, so a live sender keeps
 * it; an instance that died mid-send leaves it to the next claim after this (35 s by default).
 */
export const leaseFor = (timeoutMs: number) => 2 * timeoutMs + 5 * SECOND
/** An endpoint failing every attempt for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * HOUR
/** A Retry-After is honoured up to this long. */
const MAX_RETRY_AFTER_MS = 24 * HOUR

export type Endpoint = typeof webhookEndpoints.$inferSelect
export type Delivery = typeof webhookDeliveries.$inferSelect

export interface WebhookDeps extends Pick<ServerDeps, 'db' | 'logger' | 'mail' | 'now'> {
  /** The brand's product name, for the e-mail that tells an endpoint's contact it was disabled. */
  portal: string
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

/** At most this many sends to one endpoint at once: a slow receiver never holds the others up. */
export const PER_ENDPOINT = 16

/**
 * Claims up to `limit` due deliveries for this instance, at most PER_ENDPOINT per endpoint and
 * none for the endpoints in `busy` (that many in flight here already). The lease is set in one
 * statement on rows locked with SKIP LOCKED, so an instance claiming at the same moment takes
 * others. Returns each with its event and endpoint.
 */
async function claimDue(
  db: Database,
  now: Date,
  leaseMs: number,
  limit: number,
  busy: string[] = [],
): Promise<Claimed[]> {
  const ranked = db
    .select({
      id: webhookDeliveries.id,
      rank: sql<number>`row_number() over (partition by ${webhookDeliveries.endpointId} order by ${webhookDeliveries.nextAttemptAt})`.as(
        'rank',
      ),
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'PENDING'),
        lte(webhookDeliveries.nextAttemptAt, now),
        busy.length ? notInArray(webhookDeliveries.endpointId, busy) : undefined,
      ),
    )
    .as('ranked')
  const deliveries = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(
      inArray(
        webhookDeliveries.id,
        db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(
            and(
              inArray(
                webhookDeliveries.id,
                db.select({ id: ranked.id }).from(ranked).where(lte(ranked.rank, PER_ENDPOINT)),
              ),
              // Said again on the locked row itself: a row another instance claimed and committed
              // while this statement waited is re-read at its newest version, and these
              // conditions (not the ranking's, read from the statement's snapshot) are what
              // PostgreSQL checks again there. Without them both instances send it.
              eq(webhookDeliveries.status, 'PENDING'),
              lte(webhookDeliveries.nextAttemptAt, now),
            ),
          )
          // The limit counts rows locked here: those another instance holds are skipped first.
          .orderBy(asc(webhookDeliveries.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning()
  if (deliveries.length === 0) return []
  const [events, endpoints] = await Promise.all([
    db
      .select()
      .from(integrationEvents)
      .where(inArray(integrationEvents.id, [...new Set(deliveries.map((row) => row.eventId))])),
    db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(deliveries.map((row) => row.endpointId))])),
  ])
  const eventById = new Map(events.map((row) => [row.id, row]))
  const endpointById = new Map(endpoints.map((row) => [row.id, row]))
  return deliveries.flatMap((delivery) => {
    const event = eventById.get(delivery.eventId)
    const endpoint = endpointById.get(delivery.endpointId)
    // Gone meanwhile (deleted with its endpoint, or past 30 days): nothing to send.
    return event && endpoint ? [{ delivery, event, endpoint }] : []
  })
}

type Claimed = {
  delivery: Delivery
  event: typeof integrationEvents.$inferSelect
  endpoint: Endpoint
}

/** How a delivered attempt is written: at once, or with others in one statement. */
type Delivered = (row: { id: string; attempts: number; status: number; at: Date }) => Promise<void>

const writeDelivered =
  (db: Database): Delivered =>
  (row) =>
    finish(db, row.id, {
      status: 'DELIVERED',
      attempts: row.attempts,
      lastStatus: row.status,
      lastError: null,
      deliveredAt: row.at,
    })

/**
 * Delivered attempts gathered for a moment and written in one statement: at hundreds of events a
 * second, an UPDATE per event is most of the work. A crash before the write sends those again
 * (same webhook-id) after their lease, which receivers already allow for.
 */
function deliveredInBatches(db: Database, logger: WebhookDeps['logger']): Delivered {
  let waiting: Array<{ row: Parameters<Delivered>[0]; done: () => void }> = []
  let flushing = false
  const flush = async () => {
    while (waiting.length) {
      const batch = waiting
      waiting = []
      try {
        await db.execute(sql`
          update ${webhookDeliveries} d
             set status = 'DELIVERED', attempts = v.attempts, last_status = v.status,
                 last_error = null, delivered_at = v.at
            from jsonb_to_recordset(${JSON.stringify(batch.map((item) => item.row))}::jsonb)
                 as v(id uuid, attempts int, status int, at timestamptz)
           where d.id = v.id`)
      } catch (error) {
        logger.error({ err: error }, '[webhooks] entregas feitas e não registradas')
      }
      for (const item of batch) item.done()
    }
    flushing = false
  }
  return (row) =>
    new Promise<void>((done) => {
      waiting.push({ row, done })
      if (flushing) return
      flushing = true
      setImmediate(() => void flush())
    })
}

/** Sends every delivery due now (a batch at a time) and waits for the answers; how many it tried. */
export async function deliverDue(deps: WebhookDeps, limit = 50): Promise<number> {
  const rows = await claimDue(deps.db, deps.now(), leaseFor(deps.timeoutMs), limit)
  await Promise.all(rows.map((row) => attempt(deps, row, writeDelivered(deps.db))))
  return rows.length
}

async function attempt(
  deps: WebhookDeps,
  { delivery, event, endpoint }: Claimed,
  delivered: Delivered,
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
    await delivered({ id: delivery.id, attempts, status: answer.status, at: now })
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
        subject: `Webhook desativado no ${deps.portal}`,
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

/** Sends at once at most this many, over all endpoints, per instance. */
const IN_FLIGHT = 64
/** Wake-ups within this long are served by one claim (a busy minute sends hundreds a second). */
const GATHER_MS = 50

export interface Deliverer {
  /** Looks for due deliveries soon (a commit announced one, or a send finished). */
  wake(delay?: number): void
  stop(): Promise<void>
}

/**
 * Keeps up to IN_FLIGHT sends going (PER_ENDPOINT per endpoint), claiming more as answers come
 * back. It looks for due deliveries when woken — `listen` hears the NOTIFY that each commit with a
 * new delivery sends, from any instance — and every `everyMs` besides, for retries coming due
 * and notices lost.
 */
export function startWebhookDeliverer(
  deps: WebhookDeps,
  everyMs: number,
  listen?: (onNotice: () => void) => Promise<() => Promise<void>>,
): Deliverer {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let timerAt = Number.POSITIVE_INFINITY
  let claiming: Promise<void> | undefined
  /** Woken while claiming: claim again after this long. */
  let again: number | undefined
  /** The last claim left due deliveries behind (it was full, or an endpoint reached its cap). */
  let behind = false
  let lastCleanup = 0
  const inFlight = new Map<string, number>()
  const sends = new Set<Promise<void>>()
  const delivered = deliveredInBatches(deps.db, deps.logger)
  const unlisten = listen?.(() => wake()).catch((error: unknown) => {
    deps.logger.error({ err: error }, '[webhooks] sem LISTEN: entregas a cada intervalo')
    return async () => {}
  })

  const send = (row: Claimed) => {
    const endpointId = row.endpoint.id
    inFlight.set(endpointId, (inFlight.get(endpointId) ?? 0) + 1)
    const sent: Promise<void> = attempt(deps, row, delivered)
      .catch((error: unknown) => deps.logger.error({ err: error }, '[webhooks] falhou'))
      .finally(() => {
        sends.delete(sent)
        const left = (inFlight.get(endpointId) ?? 1) - 1
        if (left) inFlight.set(endpointId, left)
        else inFlight.delete(endpointId)
        // A slot came free: fill it now if deliveries were left waiting for one.
        if (behind) wake(0)
        else wake()
      })
    sends.add(sent)
  }

  const pass = async () => {
    const now = deps.now()
    // Events older than 30 days (and their deliveries) go once an hour.
    if (now.getTime() - lastCleanup > HOUR) {
      await deleteOldEvents(deps.db, now)
      lastCleanup = now.getTime()
    }
    const room = IN_FLIGHT - sends.size
    if (room <= 0) return
    const busy = [...inFlight].filter(([, count]) => count >= PER_ENDPOINT).map(([id]) => id)
    const rows = await claimDue(deps.db, deps.now(), leaseFor(deps.timeoutMs), room, busy)
    for (const row of rows) send(row)
    behind =
      busy.length > 0 ||
      rows.length === room ||
      [...inFlight.values()].some((count) => count >= PER_ENDPOINT)
  }

  const schedule = (delay: number) => {
    const at = Date.now() + delay
    if (stopped || (timer && timerAt <= at)) return
    clearTimeout(timer)
    timerAt = at
    timer = setTimeout(run, delay)
  }

  const run = () => {
    timer = undefined
    timerAt = Number.POSITIVE_INFINITY
    again = undefined
    claiming = pass()
      .catch((error: unknown) => deps.logger.error({ err: error }, '[webhooks] falhou'))
      .finally(() => {
        claiming = undefined
        schedule(again ?? everyMs)
      })
  }

  function wake(delay = GATHER_MS) {
    if (claiming) again = Math.min(again ?? delay, delay)
    else schedule(delay)
  }

  schedule(0)
  return {
    wake,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await claiming
      await Promise.all(sends)
      await (await unlisten)?.()
    },
  }
}
