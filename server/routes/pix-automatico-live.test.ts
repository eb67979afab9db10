/**
 * Pix Automático outside demo mode (DEMO=0): the same code against a configured bank — a PSP of
 * its own on another port (tests/fakes/pix-psp.ts, the sandbox PSP running apart), reached over
 * the network with the bank's credentials and our account (PIX_CONTA), its signed notifications
 * posted to this server's real address. Enrol (journey 3), approve at the payer's bank, the
 * scheduler's /cobr, settled: the instalment paid.
 */
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakePsp, startFakePsp } from '../../tests/fakes/pix-psp'
import { registerPixWebhooks } from '../adapters/pix-api/index'
import { createServer } from '../app'
import { type Config, loadConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { paymentCharges, paymentOrders, pixRecurrences } from '../db/schema'
import { demoIds, seedDemoData } from '../demo/seed'
import { addDaysTo, todayInSaoPaulo } from '../services/payment-amounts'
import { enrolRecurrence } from '../services/pix-recurrences'
import { cobrTxid, scheduleRecurringCharges } from '../services/recurring-charges'
import { captureLogs } from '../testing'

const bank = {
  clientId: 'clube-exemplo',
  clientSecret: 'segredo-do-clube-no-banco',
  chave: '2b0a6b3e-54a4-4a0c-9a3e-1c1b5c1e9f10',
  webhookSecret: 'segredo-do-webhook-do-banco',
}

describe('Pix Automático with DEMO=0, against a configured bank over the network', () => {
  let psp: FakePsp
  let handle: DatabaseHandle
  let listening: ReturnType<typeof serve>
  let server: ReturnType<typeof createServer>

  beforeAll(async () => {
    psp = await startFakePsp(bank)
    handle = await openDatabase({ memory: true })
    await handle.migrate({ demo: true })
    await seedDemoData(handle.db)
    let fetcher: ((request: Request) => Response | Promise<Response>) | undefined
    listening = serve({
      fetch: (request) => fetcher?.(request) ?? new Response('', { status: 503 }),
      port: 0,
      hostname: '127.0.0.1',
    })
    await new Promise((done) => listening.once('listening', done))
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`
    const config: Config = {
      ...loadConfig({}),
      demo: false,
      publicUrl: base,
      staticDir: join(tmpdir(), 'pdt-sem-build'),
      gateway: undefined,
      pix: {
        apiUrl: psp.apiUrl,
        tokenUrl: psp.tokenUrl,
        ...bank,
        tls: { cert: undefined, key: undefined, ca: undefined },
        webhookUrl: undefined,
        account: { account: '000123456', type: 'CORRENTE', branch: '0001' },
      },
    }
    // No transport given: every call to the bank goes over the network, as in production.
    server = createServer({
      config,
      db: handle.db,
      mail: { send: async () => {} },
      whatsapp: { send: async () => {} },
      selfUrl: base,
      logger: captureLogs(false).logger,
    })
    fetcher = server.app.fetch
    const pix = server.payments?.pix
    if (!pix) throw new Error('sem Pix')
    await registerPixWebhooks(server.deps, pix)
  }, 120_000)

  afterAll(async () => {
    await new Promise((done) => listening?.close(done))
    await handle?.close()
    await psp?.close()
  })

  it('enrols, is approved at the bank, charges the instalment by /cobr and is paid', async () => {
    const payments = server.payments
    if (!payments) throw new Error('sem pagamentos')
    const db = handle.db
    // Instalment 5 falls due in five days (the bank's clock is the real one).
    const fifthId = demoIds.ana.instalments[4] as string
    const due = addDaysTo(todayInSaoPaulo(new Date()), 5)
    await db.update(paymentOrders).set({ dueDate: due }).where(eq(paymentOrders.id, fifthId))

    const { created, view } = await enrolRecurrence(
      payments,
      demoIds.ana.person,
      demoIds.ana.contract,
    )
    expect(created).toBe(true)
    expect(view).toMatchObject({ status: 'CRIADA', firstDate: due, qrCode: expect.any(String) })
    const [recurrence] = await db.select().from(pixRecurrences)
    if (!recurrence) throw new Error('sem recorrência')
    expect((await psp.payer(`rec/${recurrence.idRec}/approve`)).status).toBe(200)
    // The bank's signed notification reached this server over HTTP.
    const [approved] = await db.select().from(pixRecurrences)
    expect(approved?.status).toBe('APROVADA')

    expect(await scheduleRecurringCharges(payments)).toMatchObject({ created: 1 })
    const txid = cobrTxid(recurrence.id, fifthId)
    expect((await psp.payer(`cobr/${txid}/settle`)).status).toBe(200)
    const [charge] = await db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.gatewayRef, txid))
    expect(charge).toMatchObject({ method: 'PIX_AUTOMATICO', status: 'PAID' })
    const [fifth] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, fifthId))
    expect(fifth?.status).toBe('PAID')
  }, 60_000)
})
