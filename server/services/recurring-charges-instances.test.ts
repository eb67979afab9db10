/**
 * Two server instances on one PostgreSQL, each with its own connections, scheduler and reconciler,
 * passing at the same moment over an approved Pix Automático authorization: the instalment in
 * the window gets one /cobr at the bank and one charge here, whoever runs first (decision 025).
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { handlerTransport } from '../adapters/http'
import { registerPixWebhooks } from '../adapters/pix-api/index'
import type { Cobr } from '../adapters/pix-api/recurrence-schemas'
import { type App, createServer } from '../app'
import { loadConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { paymentCharges, paymentOrders, pixRecurrences } from '../db/schema'
import { recordsOf } from '../demo/routes/sandbox-pix-records'
import { demoEmails, demoIds, seedDemoData } from '../demo/seed'
import { bearer, captureLogs, loginAs, scratchPostgres } from '../testing'
import { describePostgres } from '../testing/postgres-only'
import { daysBetween, todayInSaoPaulo } from './payment-amounts'
import { reconcileOnce } from './reconciler'
import { cobrTxid, scheduleRecurringCharges } from './recurring-charges'

const DAY = 86_400_000

describePostgres('duas instâncias do Pix Automático')(
  'Pix Automático on two instances sharing one PostgreSQL',
  () => {
    let scratch: Awaited<ReturnType<typeof scratchPostgres>>
    const handles: DatabaseHandle[] = []
    const servers: ReturnType<typeof createServer>[] = []
    let offset = 0
    const now = () => new Date(Date.now() + offset)

    beforeAll(async () => {
      scratch = await scratchPostgres('pdt_rec')
      const first = await openDatabase({ databaseUrl: scratch.url })
      await first.migrate({ demo: true })
      await seedDemoData(first.db)
      handles.push(first, await openDatabase({ databaseUrl: scratch.url }))
      // One bank (the sandbox PSP of the first instance, its records in the shared database).
      let bank: App | undefined
      const http = handlerTransport((request) => {
        if (!bank) throw new Error('app ainda não criado')
        return bank.fetch(request)
      })
      const config = { ...loadConfig({}), demo: true, staticDir: join(tmpdir(), 'pdt-sem-build') }
      for (const handle of handles)
        servers.push(
          createServer({
            config,
            http,
            selfUrl: 'http://portal.test',
            db: handle.db,
            mail: { send: async () => {} },
            whatsapp: { send: async () => {} },
            now,
            logger: captureLogs(true).logger,
          }),
        )
      const [a] = servers
      if (!a?.payments?.pix) throw new Error('sem Pix')
      bank = a.app
      await registerPixWebhooks(a.deps, a.payments.pix)
    }, 120_000)

    afterAll(async () => {
      for (const handle of handles) await handle.close()
      await scratch?.drop()
    })

    it('both schedule at once, again and again: one /cobr per instalment, one charge', async () => {
      const [a, b] = servers
      if (!a?.payments || !b?.payments) throw new Error('servidores não criados')
      const db = a.deps.db
      const token = await loginAs(a.app, demoEmails.ana)
      const enrolled = await a.app.request(
        `/socios-api/client/contract/${demoIds.ana.contract}/pix-automatico`,
        { method: 'POST', ...bearer(token) },
      )
      expect(enrolled.status).toBe(201)
      const [recurrence] = await db.select().from(pixRecurrences)
      if (!recurrence) throw new Error('sem recorrência')
      const approved = await a.app.request(`/sandbox/pix/rec/${recurrence.idRec}/approve`, {
        method: 'POST',
      })
      expect(approved.status).toBe(200)

      const fifthId = demoIds.ana.instalments[4] as string
      const [fifth] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, fifthId))
      if (!fifth) throw new Error('sem parcela 5')
      offset = (daysBetween(todayInSaoPaulo(new Date()), fifth.dueDate) - 4) * DAY

      for (let round = 0; round < 3; round++)
        await Promise.all([
          scheduleRecurringCharges(a.payments),
          scheduleRecurringCharges(b.payments),
          reconcileOnce(a.payments, { createdAfterMs: 0, liveEveryMs: 0, everyMs: 0 }),
          reconcileOnce(b.payments, { createdAfterMs: 0, liveEveryMs: 0, everyMs: 0 }),
        ])

      const cobrs = (await recordsOf<Cobr>(db, 'cobr')).filter(
        (cobr) => cobr.idRec === recurrence.idRec,
      )
      expect(cobrs.map((cobr) => cobr.txid)).toEqual([cobrTxid(recurrence.id, fifthId)])
      const charges = await db
        .select()
        .from(paymentCharges)
        .where(eq(paymentCharges.method, 'PIX_AUTOMATICO'))
      expect(charges.map((charge) => charge.status)).toEqual(['PROCESSING'])
      const [held] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, fifthId))
      expect(held?.chargeId).toBe(charges[0]?.id)
    }, 60_000)
  },
)
