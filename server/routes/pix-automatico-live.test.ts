/**
 * Pix Automático outside demo mode (DEMO=0): the same code against a configured bank — a PSP of
 * its own on another port (tests/fakes/pix-psp.ts, the sandbox PSP running apart), reached over
 * the network with the bank's credentials and our account (PIX_CONTA), its signed notifications
 * posted to this server's real address. Enrol (journey 3), approve at the payer's bank, the
 * scheduler's /cobr, settled: the instalment paid. Then the provider's system gives the holder's
 * bank over the integration API, and enrolling sends the request there (journey 1).
 */
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberUpsertRequest } from '../../contract/integration'
import { type FakePsp, startFakePsp } from '../../tests/fakes/pix-psp'
import { registerPixWebhooks } from '../adapters/pix-api/index'
import { createServer } from '../app'
import { type Config, loadConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { paymentCharges, paymentOrders, persons, pixRecurrences } from '../db/schema'
import { demoIds, seedDemoData } from '../demo/seed'
import { createApiKey } from '../services/api-keys'
import { addDaysTo, todayInSaoPaulo } from '../services/payment-amounts'
import { cancelRecurrence, enrolRecurrence } from '../services/pix-recurrences'
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
  it('the provider gives her bank over its API; "Ativar" then sends the request there (journey 1), approved in her bank app', async () => {
    const payments = server.payments
    if (!payments) throw new Error('sem pagamentos')
    const db = handle.db
    // The previous journey's authorization ends first: one live per contract.
    await cancelRecurrence(payments, demoIds.ana.person, demoIds.ana.contract)
    // Her club's system knows her as socio-ana and writes her record whole, bank included.
    await db
      .update(persons)
      .set({ externalId: 'socio-ana', payerBank: null })
      .where(eq(persons.id, demoIds.ana.person))
    const { key } = await createApiKey(db, {
      name: 'ERP do clube',
      scopes: ['members:read', 'members:write'],
    })
    const memberUrl = `${server.deps.config.publicUrl}/socios-api/integration/v1/members/by-external-id/socio-ana`
    const auth = { authorization: `Bearer ${key}` }
    const read = await fetch(memberUrl, { headers: auth })
    expect(read.status).toBe(200)
    const stored = (await read.json()) as Record<string, unknown>
    const fields = Object.keys(memberUpsertRequest.entries)
    const body = {
      ...Object.fromEntries(fields.map((field) => [field, stored[field]])),
      payerBank: { ispb: '18236120', branch: '0001', account: '1234567-8' },
    }
    const written = await fetch(memberUrl, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(written.status).toBe(200)

    // Nothing is due now (the previous journey paid it): the request goes to her Nubank.
    const { view } = await enrolRecurrence(payments, demoIds.ana.person, demoIds.ana.contract)
    expect(view).toMatchObject({ status: 'CRIADA', qrCode: null, payerBank: 'Nubank' })
    expect(view.request?.bank).toBe('Nubank')
    expect((await psp.payer(`rec/${view.idRec}/approve`)).status).toBe(200)
    const [approved] = await db
      .select()
      .from(pixRecurrences)
      .where(eq(pixRecurrences.idRec, view.idRec))
    expect(approved).toMatchObject({ status: 'APROVADA', requestIspb: '18236120' })
  }, 60_000)
})
