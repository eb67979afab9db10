/**
 * The provider's webhook endpoints (decision 019): made, changed, removed, their secret rotated
 * (the old one signs beside the new for 24 hours), pinged, their deliveries listed, one retried,
 * a time range replayed. An endpoint URL must be https and must not be or resolve to this machine
 * or a private network, unless WEBHOOK_ALLOW_PRIVATE allows it (tests, on-premise receivers).
 */
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm'
import type { EndpointRequest, WebhookEndpoint } from '../../contract/webhooks'
import { newWebhookSecret } from '../adapters/webhooks/sign'
import { webhookTarget } from '../adapters/webhooks/target'
import type { Database } from '../db/client'
import { integrationEvents, webhookDeliveries, webhookEndpoints } from '../db/schema'
import { ProblemError } from '../http/integration'
import { announceDeliveries, EVENT_RETENTION_MS, recordEvent } from './events'
import type { Endpoint } from './webhooks'

/** The previous secret keeps signing beside the new one this long after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000

export const endpointMessages = {
  notFound: 'Nenhum endpoint de webhook com este id.',
  deliveryNotFound: 'Nenhuma entrega com este id neste endpoint.',
  plainHttp:
    'Use https: o portal não envia eventos por http sem criptografia (WEBHOOK_ALLOW_PRIVATE=1 permite, para testes e redes internas).',
  privateAddress:
    'Esta URL aponta para este servidor ou para uma rede privada: o portal não envia eventos para lá (WEBHOOK_ALLOW_PRIVATE=1 permite, para testes e redes internas).',
  unresolvable: 'O nome desta URL não foi encontrado no DNS.',
  disabled: 'Endpoint desativado: reative-o (enabled: true) antes de pedir envios.',
  badRange: 'O período deve ter from antes de to, dentro dos últimos 30 dias.',
} as const

const urlProblem = (message: string) =>
  new ProblemError(422, message, [{ path: 'body.url', code: 'not_allowed', message }])

/**
 * Refuses plain http and an address on this machine or a private network, in any spelling or
 * behind any name, unless the operator allows them; the same check runs again at every send.
 */
export async function assertReachableUrl(url: string, allowPrivate: boolean) {
  // Allowed everything, a name is not looked up: an on-premise DNS may not know it yet.
  if (allowPrivate) return
  const target = await webhookTarget(url, allowPrivate)
  if ('refused' in target) throw urlProblem(endpointMessages[target.refused])
}

export const toEndpoint = (row: Endpoint): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes,
  contactEmail: row.contactEmail,
  enabled: row.disabledAt === null,
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
})

export async function createEndpoint(
  db: Database,
  input: EndpointRequest,
  allowPrivate: boolean,
  now: Date,
) {
  await assertReachableUrl(input.url, allowPrivate)
  const secret = newWebhookSecret()
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      description: input.description,
      eventTypes: input.eventTypes,
      contactEmail: input.contactEmail,
      secrets: [{ secret, expiresAt: null }],
      disabledAt: input.enabled ? null : now,
      disabledReason: input.enabled ? null : 'Desativado pelo provedor.',
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!row) throw new Error('endpoint não gravado')
  return { ...toEndpoint(row), secret }
}

export async function listEndpoints(db: Database) {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt)
  return { data: rows.map(toEndpoint) }
}

async function endpointById(db: Database, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
  if (!row) throw new ProblemError(404, endpointMessages.notFound)
  return row
}

export async function updateEndpoint(
  db: Database,
  id: string,
  input: EndpointRequest,
  allowPrivate: boolean,
  now: Date,
) {
  const stored = await endpointById(db, id)
  if (input.url !== stored.url) await assertReachableUrl(input.url, allowPrivate)
  const enabling = input.enabled && stored.disabledAt !== null
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      url: input.url,
      description: input.description,
      eventTypes: input.eventTypes,
      contactEmail: input.contactEmail,
      ...(input.enabled
        ? { disabledAt: null, disabledReason: null, ...(enabling ? { failingSince: null } : {}) }
        : stored.disabledAt
          ? {}
          : { disabledAt: now, disabledReason: 'Desativado pelo provedor.' }),
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning()
  return toEndpoint(row as Endpoint)
}

export async function deleteEndpoint(db: Database, id: string) {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id })
  if (!row) throw new ProblemError(404, endpointMessages.notFound)
}

/** A new secret; the previous one still signs (a second signature) for 24 hours. */
export async function rotateSecret(db: Database, id: string, now: Date) {
  const stored = await endpointById(db, id)
  const secret = newWebhookSecret()
  const until = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString()
  const kept = stored.secrets
    .filter((item) => item.expiresAt === null || new Date(item.expiresAt) > now)
    .map((item) => ({ secret: item.secret, expiresAt: item.expiresAt ?? until }))
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secrets: [{ secret, expiresAt: null }, ...kept], updatedAt: now })
    .where(eq(webhookEndpoints.id, id))
    .returning()
  return { ...toEndpoint(row as Endpoint), secret }
}

/** A `webhook.ping` for this endpoint alone. */
export async function pingEndpoint(db: Database, id: string, now: Date) {
  const stored = await endpointById(db, id)
  if (stored.disabledAt) throw new ProblemError(409, endpointMessages.disabled)
  return db.transaction(async (tx) => {
    const eventId = await recordEvent(tx, 'webhook.ping', { endpointId: id }, now, id)
    return { message: 'Ping enfileirado.', eventId }
  })
}

export async function listDeliveries(
  db: Database,
  id: string,
  cursor: string | undefined,
  limit: number,
) {
  await endpointById(db, id)
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      type: integrationEvents.type,
      sequence: integrationEvents.sequence,
    })
    .from(webhookDeliveries)
    .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, id),
        cursor === undefined ? undefined : lt(integrationEvents.sequence, Number(cursor)),
      ),
    )
    .orderBy(desc(integrationEvents.sequence))
    .limit(limit + 1)
  const data = rows.slice(0, limit)
  const last = data.at(-1)
  return {
    data: data.map(({ delivery, type }) => ({
      id: delivery.id,
      eventId: delivery.eventId,
      eventType: type,
      status: delivery.status,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.status === 'PENDING' ? delivery.nextAttemptAt.toISOString() : null,
      lastStatus: delivery.lastStatus,
      lastError: delivery.lastError,
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    })),
    nextCursor: rows.length > limit && last ? String(last.sequence) : null,
  }
}

/** Sends one delivery again now (same webhook-id), whatever came of it before. */
export async function retryDelivery(db: Database, id: string, deliveryId: string, now: Date) {
  const stored = await endpointById(db, id)
  if (stored.disabledAt) throw new ProblemError(409, endpointMessages.disabled)
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'PENDING', nextAttemptAt: now, attempts: 0 })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
    .returning({ id: webhookDeliveries.id })
  if (!row) throw new ProblemError(404, endpointMessages.deliveryNotFound)
  await announceDeliveries(db)
  return { message: 'Entrega reenfileirada.', count: 1 }
}

/**
 * Every event of the period sent again to this endpoint, with its own id: deliveries it had are
 * queued again; events it never had (it did not exist yet, or did not listen) are added.
 */
export async function replayRange(db: Database, id: string, from: Date, to: Date, now: Date) {
  const stored = await endpointById(db, id)
  if (stored.disabledAt) throw new ProblemError(409, endpointMessages.disabled)
  const oldest = new Date(now.getTime() - EVENT_RETENTION_MS)
  if (!(from < to) || to < oldest) throw new ProblemError(400, endpointMessages.badRange)
  return db.transaction(async (tx) => {
    const events = await tx
      .select({ id: integrationEvents.id, type: integrationEvents.type })
      .from(integrationEvents)
      .where(
        and(
          gte(integrationEvents.occurredAt, from < oldest ? oldest : from),
          lte(integrationEvents.occurredAt, to),
          // A ping is for the endpoint it was asked for; the others' are not replayed here.
          sql`(${integrationEvents.type} <> 'webhook.ping' or ${integrationEvents.data}->>'endpointId' = ${id})`,
        ),
      )
    const listened = events.filter(
      (event) => stored.eventTypes === null || stored.eventTypes.includes(event.type),
    )
    if (listened.length === 0) return { message: 'Nenhum evento no período.', count: 0 }
    const ids = listened.map((event) => event.id)
    await tx
      .insert(webhookDeliveries)
      .values(
        ids.map((eventId) => ({
          eventId,
          endpointId: id,
          status: 'PENDING' as const,
          nextAttemptAt: now,
          createdAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [webhookDeliveries.eventId, webhookDeliveries.endpointId],
        set: { status: 'PENDING', nextAttemptAt: now, attempts: 0 },
      })
    await announceDeliveries(tx)
    return { message: 'Eventos reenfileirados.', count: ids.length }
  })
}
