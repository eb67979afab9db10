/**
 * What holders did, told to the provider's own system (issue 25, decision 019): each event is
 * written in the same transaction as the change it reports (a transactional outbox), so an
 * event exists exactly when its change committed. Its id never changes (retries and replays send
 * the same `webhook-id`); its `sequence` grows with every event, so a receiver keeps, per
 * object, the highest it has seen and drops an older one that arrives late. Order of delivery
 * is not promised.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm'
import type { EventType } from '../../contract/webhooks'
import type { Database } from '../db/client'
import { integrationEvents, webhookDeliveries, webhookEndpoints } from '../db/schema'

/** Events stay listable (GET /events) and replayable for this long. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

export type EventData = Record<string, unknown>

/** The NOTIFY channel a new pending delivery is announced on, after its commit. */
export const DELIVERIES_CHANNEL = 'webhook_deliveries'

/** Wakes the deliverers when the caller's transaction commits (deliveries queued again). */
export async function announceDeliveries(tx: Database) {
  await tx.execute(sql`select pg_notify(${DELIVERIES_CHANNEL}, '')`)
}

/** A new event id, also its `webhook-id`: `msg_` and 32 hex digits. */
export const newEventId = () => `msg_${randomUUID().replace(/-/g, '')}`

/**
 * Records an event inside the caller's transaction, with one pending delivery for every live
 * endpoint that listens to its type. Nothing leaves here: the deliverer sends it after commit.
 */
export async function recordEvent(
  tx: Database,
  type: EventType,
  data: EventData,
  at: Date,
  /** Only this endpoint (a ping); otherwise every live endpoint that listens to the type. */
  onlyEndpoint?: string,
): Promise<string> {
  const id = newEventId()
  // One statement: the event, a pending delivery for each endpoint listening, and the NOTIFY
  // that wakes the deliverers when (and only if) this transaction commits.
  await tx.execute(sql`
    with event as (
      insert into ${integrationEvents} (id, type, occurred_at, data)
      values (${id}, ${type}, ${at.toISOString()}::timestamptz, ${JSON.stringify(data)}::jsonb)
      returning id
    ), queued as (
      insert into ${webhookDeliveries} (event_id, endpoint_id, status, next_attempt_at, created_at)
      select event.id, e.id, 'PENDING', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
        from event, ${webhookEndpoints} e
       where e.disabled_at is null
         and (e.event_types is null or jsonb_exists(e.event_types, ${type}))
         and (${onlyEndpoint ?? null}::uuid is null or e.id = ${onlyEndpoint ?? null}::uuid)
      returning 1
    )
    select pg_notify(${DELIVERIES_CHANNEL}, '') where exists (select 1 from queued)`)
  return id
}

export type StoredEvent = typeof integrationEvents.$inferSelect

/** The Standard Webhooks payload: `type`, `timestamp` and `data` (with the event's own ids). */
export function eventPayload(event: StoredEvent) {
  return {
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: { id: event.id, sequence: event.sequence, ...event.data },
  }
}

export interface EventQuery {
  /** The `sequence` after which to list (the previous page's last). */
  after: number | undefined
  limit: number
  type: string | undefined
  now: Date
}

/** Events of the last 30 days, oldest first, a page at a time. */
export async function listEvents(db: Database, query: EventQuery) {
  const since = new Date(query.now.getTime() - EVENT_RETENTION_MS)
  const rows = await db
    .select()
    .from(integrationEvents)
    .where(
      and(
        gte(integrationEvents.occurredAt, since),
        query.after === undefined ? undefined : gt(integrationEvents.sequence, query.after),
        query.type === undefined ? undefined : eq(integrationEvents.type, query.type),
      ),
    )
    .orderBy(asc(integrationEvents.sequence))
    .limit(query.limit + 1)
  const data = rows.slice(0, query.limit)
  const last = data.at(-1)
  return {
    data: data.map((event) => ({ id: event.id, ...eventPayload(event) })),
    nextCursor: rows.length > query.limit && last ? String(last.sequence) : null,
  }
}

/** Events older than 30 days go, with their deliveries (cascade). */
export async function deleteOldEvents(db: Database, now: Date) {
  await db
    .delete(integrationEvents)
    .where(lt(integrationEvents.occurredAt, new Date(now.getTime() - EVENT_RETENTION_MS)))
}
