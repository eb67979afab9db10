/**
 * Crash safety of card payments (DESIGN.md §5), with real processes: the server is killed
 * (SIGKILL) at a random moment of a card payment, many times, and started again on the same
 * data, as a deploy or an out-of-memory kill would. After the reconciler's timeout:
 * 0 instalments locked, 0 approved charges without a PAID instalment, 0 instalments charged
 * twice; on the embedded database and on PostgreSQL. The figures are printed.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../../tests/helpers/server'
import { openDatabase } from '../db/client'
import { paymentCharges, paymentOrders, receivedPayments, sandboxCardCharges } from '../db/schema'
import { demoEmails, demoGatewayId, demoIds, seedDemoData } from '../db/seed'
import { cardExpiry, cardPayment, testCards } from '../routes/payments-test-support'
import { ServerProcess } from '../test-process'
import { backends, scratchPostgres } from '../test-support'

const runs = Number(process.env.CRASH_RUNS ?? 25)
/** A kill lands this many ms (at most) after the payment was sent; past the end, none. */
const killWindowMs = 80

interface Target {
  env: Record<string, string>
  open: () => ReturnType<typeof openDatabase>
  cleanup: () => Promise<void>
}

async function target(backend: 'pglite' | 'postgres'): Promise<Target> {
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'pdt-crash-'))
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ dataDir }),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const scratch = await scratchPostgres('pdt_crash')
  return {
    env: { DATABASE_URL: scratch.url, DEMO: '1' },
    open: () => openDatabase({ databaseUrl: scratch.url }),
    cleanup: scratch.drop,
  }
}

/** Ana gets `count` more open instalments, one per run, so no run waits on another's. */
async function prepare(place: Target, count: number) {
  const handle = await place.open()
  try {
    await handle.migrate()
    await seedDemoData(handle.db)
    await handle.db.insert(paymentOrders).values(
      Array.from({ length: count }, (_, index) => ({
        contractId: demoIds.ana.contract,
        description: `Mensalidade extra ${index + 1}`,
        installment: 100 + index,
        status: 'NOT_PAID' as const,
        dueDate: '2027-12-10',
        value: 10_000 + index,
      })),
    )
    const rows = await handle.db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(
        and(eq(paymentOrders.contractId, demoIds.ana.contract), gt(paymentOrders.installment, 99)),
      )
    return rows.map((row) => row.id)
  } finally {
    await handle.close()
  }
}

describe.each(backends)('card payments killed mid-way (%s)', (backend) => {
  let place: Target | undefined
  let server: ServerProcess | undefined
  afterAll(async () => {
    await server?.kill()
    await place?.cleanup()
  })

  it(`${runs} SIGKILLs during card payments: nothing locked, nothing lost, nothing twice`, async () => {
    place = await target(backend)
    const instalments = await prepare(place, runs)
    const port = await freePort()
    server = new ServerProcess(`http://127.0.0.1:${port}`, {
      ...place.env,
      PORT: String(port),
      DEMO: '1',
      JWT_SECRET: 'segredo-do-teste-de-queda-com-32-caracteres',
      RECONCILE_AFTER: '1s',
      RECONCILE_EVERY: '1s',
      OTP_LIMIT_PER_DESTINATION: '1000',
      OTP_LIMIT_PER_ADDRESS: '1000',
    })
    await server.start()
    const api = (path: string, init?: RequestInit) => fetch(`${server?.url}${path}`, init)
    const json = (body: unknown, headers: Record<string, string> = {}) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    await api('/socios-api/client/generate-code', json({ email: demoEmails.ana, send_to: 'email' }))
    const { code } = (await (await api(`/dev/outbox?to=${demoEmails.ana}`)).json()) as {
      code: string
    }
    const { token } = (await (
      await api('/socios-api/client/login', json({ email: demoEmails.ana, code }))
    ).json()) as { token: string }

    const figures = { runs, killedMidway: 0, answered: 0, restarts: 0 }
    const started = performance.now()
    for (const [run, instalment] of instalments.entries()) {
      const linked = await api(`/socios-api/client/send-payment-link?ids=${instalment}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const linkCode = new URL((await linked.json()) as string).searchParams.get('code') ?? ''
      const { month, year } = cardExpiry()
      const tokenized = (await (
        await api(
          '/sandbox/gateway/v1/token',
          json(
            {
              card: {
                brand: 'visa',
                card_number: testCards.visa,
                cvv: '123',
                due_date: `${month}/${year}`,
                card_holder: 'ANA P SOUZA',
              },
            },
            { companyid: demoGatewayId },
          ),
        )
      ).json()) as Parameters<typeof cardPayment>[1]
      // Spread over the whole payment: before the claim, around the gateway, around settling.
      const delay = Math.floor(((run * 7919) % runs) * (killWindowMs / runs))
      const killing = new Promise<void>((done) =>
        setTimeout(() => void server?.kill().then(done), delay),
      )
      const answer = await api(
        '/socios-api/checkout/payment-link',
        json(cardPayment(linkCode, tokenized)),
      ).then(
        (response) => response.status,
        () => 0,
      )
      await killing
      if (answer === 0) figures.killedMidway++
      else figures.answered++
      await server.start()
      figures.restarts++
    }

    // The reconciler (every second, after 1 s) resolves what the kills left; wait for it.
    const deadline = Date.now() + 30_000
    let state = { charges: {} as Record<string, number>, received: {} }
    while (Date.now() < deadline) {
      state = (await (await api('/dev/payments')).json()) as typeof state
      if (!state.charges.CREATED && !state.charges.PROCESSING) break
      await new Promise((done) => setTimeout(done, 200))
    }
    const seconds = (performance.now() - started) / 1000
    await server.kill('SIGTERM')

    const handle = await place.open()
    try {
      const { db } = handle
      const live = await db
        .select({ id: paymentCharges.id })
        .from(paymentCharges)
        .where(inArray(paymentCharges.status, ['CREATED', 'PROCESSING']))
      const locked = await db
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .innerJoin(paymentCharges, eq(paymentCharges.id, paymentOrders.chargeId))
        .where(
          and(
            inArray(paymentOrders.id, instalments),
            sql`${paymentOrders.status} <> 'PAID'`,
            inArray(paymentCharges.status, ['CREATED', 'PROCESSING']),
          ),
        )
      // Approved at the gateway: its reference is our charge id, which must be PAID, with its
      // instalment PAID.
      const approved = await db
        .select({ reference: sandboxCardCharges.reference })
        .from(sandboxCardCharges)
        .where(eq(sandboxCardCharges.approved, true))
      const approvedIds = approved.map((row) => row.reference)
      const paidCharges = approvedIds.length
        ? await db
            .select()
            .from(paymentCharges)
            .where(and(inArray(paymentCharges.id, approvedIds), eq(paymentCharges.status, 'PAID')))
        : []
      const unpaidApprovals = approvedIds.length - paidCharges.length
      const paidRows = await db
        .select()
        .from(paymentOrders)
        .where(and(inArray(paymentOrders.id, instalments), eq(paymentOrders.status, 'PAID')))
      const received = await db.select().from(receivedPayments)
      const appliedPerInstalment = new Map<string, number>()
      for (const charge of paidCharges)
        for (const share of charge.data.shares)
          appliedPerInstalment.set(share.id, (appliedPerInstalment.get(share.id) ?? 0) + 1)
      const duplicates = [...appliedPerInstalment.values()].filter((count) => count > 1).length
      const refunds = received.filter((payment) => payment.refundStatus === 'DONE').length
      console.info(
        `[queda ${backend}] ${figures.runs} pagamentos com cartão, ${figures.killedMidway} mortos no meio ` +
          `(${figures.answered} respondidos antes), ${figures.restarts} reinícios em ${seconds.toFixed(1)} s; ` +
          `travadas ${locked.length}, aprovadas sem parcela paga ${unpaidApprovals}, cobradas duas vezes ` +
          `${duplicates}, devoluções ${refunds}; aprovadas ${approvedIds.length}, parcelas pagas ${paidRows.length}.`,
      )
      expect(live).toEqual([])
      expect(locked).toEqual([])
      expect(unpaidApprovals).toBe(0)
      expect(duplicates).toBe(0)
      // Every approval paid exactly its instalment, and every paid instalment was approved once.
      expect(paidRows.length).toBe(approvedIds.length - refunds)
      expect(figures.killedMidway).toBeGreaterThan(0)
    } finally {
      await handle.close()
    }
  }, 240_000)
})
