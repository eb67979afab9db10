/**
 * Demo mode only (mounted at /dev): read the one-time codes that were "sent", and how the
 * payments stand (charges by state, money applied and refunded), for people and tests.
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { devOutboxQuery } from '../../contract/dev'
import { paymentCharges, receivedPayments } from '../db/schema'
import type { AppEnv, ServerDeps } from '../deps'
import { ApiError } from '../http/errors'
import { readQuery } from '../http/validate'
import { latestOutbox } from '../services/dev-outbox'

export function devRoutes(deps: ServerDeps) {
  return new Hono<AppEnv>()
    .get('/outbox', async (c) => {
      const { to } = readQuery(c, devOutboxQuery)
      const message = await latestOutbox(deps.db, to)
      if (!message) throw new ApiError(404, 'Nenhuma mensagem para este destino.')
      return c.json({
        to: message.to,
        channel: message.channel,
        code: message.code,
        text: message.text,
        sent_at: message.sentAt.toISOString(),
      })
    })
    .get('/payments', async (c) => {
      const charges = await deps.db
        .select({ status: paymentCharges.status, count: sql<number>`count(*)::int` })
        .from(paymentCharges)
        .groupBy(paymentCharges.status)
      const [money] = await deps.db
        .select({
          applied: sql<number>`count(*) filter (where ${receivedPayments.applied})::int`,
          refunded: sql<number>`count(*) filter (where ${receivedPayments.refundStatus} = 'DONE')::int`,
          refundsDue: sql<number>`count(*) filter (where ${receivedPayments.refundStatus} = 'PENDING')::int`,
        })
        .from(receivedPayments)
      return c.json(
        {
          charges: Object.fromEntries(charges.map((row) => [row.status, row.count])),
          received: money ?? { applied: 0, refunded: 0, refundsDue: 0 },
        },
        200,
        { 'Cache-Control': 'no-store' },
      )
    })
}
