/**
 * Demo mode only (mounted at /dev): read the one-time codes that were "sent", and how the
 * payments stand (charges by state, money applied and refunded), for people and tests; move the
 * server's clock to another day.
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  devClockQuery,
  devOutboxQuery,
  devReminderOutboxQuery,
  devReminderPassQuery,
} from '../../../contract/dev'
import { todayInSaoPaulo } from '../../../contract/late-charges'
import { paymentCharges, receivedPayments } from '../../db/schema'
import type { AppEnv, ServerDeps } from '../../deps'
import { ApiError } from '../../http/errors'
import { readQuery } from '../../http/validate'
import { runReminderPass } from '../../services/reminders'
import { noonInSaoPaulo } from '../clock'
import { latestOutbox, reminderOutbox } from '../outbox'

export function devRoutes(deps: ServerDeps) {
  return (
    new Hono<AppEnv>()
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
      // Reminders only; /outbox keeps answering the latest code, which the login tests read.
      .get('/outbox/reminders', async (c) => {
        const { to } = readQuery(c, devReminderOutboxQuery)
        const rows = await reminderOutbox(deps.db, to)
        return c.json(
          rows.map((row) => ({
            to: row.to,
            channel: row.channel === 'email' ? 'email' : 'whatsapp',
            kind: row.reminder,
            instalment_id: row.instalmentId,
            link: row.code,
            text: row.text,
            sent_at: row.sentAt.toISOString(),
          })),
          200,
          { 'Cache-Control': 'no-store' },
        )
      })
      // Demo and tests: the reminder pass the server runs by itself (REMINDERS_EVERY), for a day.
      .post('/reminders', async (c) => {
        const { date } = readQuery(c, devReminderPassQuery)
        const report = await runReminderPass(deps, date ? noonInSaoPaulo(date) : deps.now())
        return c.json({
          date: report.day,
          considered: report.considered,
          sent: report.sent.map((sent) => ({
            instalment_id: sent.instalmentId,
            installment: sent.installment,
            kind: sent.kind,
            channel: sent.channel,
            to: sent.to,
          })),
        })
      })
      // The demo's clock on another day (server/demo/clock.ts): "a month later" in the demo.
      .post('/clock', async (c) => {
        const { date } = readQuery(c, devClockQuery)
        if (!deps.demoClock)
          throw new ApiError(409, 'O relógio deste servidor não pode ser movido.')
        deps.demoClock.moveTo(date)
        return c.json({ today: todayInSaoPaulo(deps.now()), now: deps.now().toISOString() })
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
  )
}
