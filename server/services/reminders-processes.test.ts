/**
 * Payment reminders with real processes (issue 17): two servers (`tsx server/index.ts`) on one
 * fresh PostgreSQL database. Each runs its own scheduled pass at start, both at once; then the
 * pass for a fixed day runs three times across the two, two of them at the same moment. Read
 * over HTTP from /dev/outbox/reminders, Ana's next instalment got exactly one reminder of each
 * kind on each channel, and the instalment the schedulers found got one too.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DevReminderMessage } from '../../contract/dev'
import { freePort } from '../../tests/helpers/server'
import { openDatabase } from '../db/client'
import { paymentOrders } from '../db/schema'
import { demoEmails, demoIds, seedDemoData } from '../demo/seed'
import { scratchPostgres } from '../testing'
import { describePostgres as describePostgresOnly } from '../testing/postgres-only'
import { ServerProcess } from '../testing/process'
import { addDaysTo, todayInSaoPaulo } from './payment-amounts'

const describePostgres = describePostgresOnly('o teste de lembretes com dois processos')

/** Runs the reminder pass for `date` on one server (demo mode's /dev endpoint). */
async function runPass(server: ServerProcess, date: string) {
  const response = await fetch(`${server.url}/dev/reminders?date=${date}`, { method: 'POST' })
  expect(response.status).toBe(200)
  return response.json()
}

/** The reminders a server's demo outbox holds for `to`. */
async function remindersOf(server: ServerProcess, to: string): Promise<DevReminderMessage[]> {
  const response = await fetch(`${server.url}/dev/outbox/reminders?to=${encodeURIComponent(to)}`)
  expect(response.status).toBe(200)
  return (await response.json()) as DevReminderMessage[]
}

describePostgres('reminders from two server processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined
  const servers: ServerProcess[] = []
  let staticDir = ''
  let next = { id: '', dueDate: '' }
  let soon = ''

  beforeAll(async () => {
    scratch = await scratchPostgres('pdt_reminders')
    // Migrated and seeded here, so the test knows Ana's instalments before either server starts.
    const handle = await openDatabase({ databaseUrl: scratch.url })
    try {
      await handle.migrate({ demo: true })
      await seedDemoData(handle.db)
      const [fifth] = await handle.db
        .select({ id: paymentOrders.id, dueDate: paymentOrders.dueDate })
        .from(paymentOrders)
        .where(
          and(eq(paymentOrders.contractId, demoIds.ana.contract), eq(paymentOrders.installment, 5)),
        )
      if (!fifth) throw new Error('parcela 5 da Ana não encontrada')
      next = fifth
      // Due in two days by the real clock: the schedulers' own pass at start finds it.
      const [extra] = await handle.db
        .insert(paymentOrders)
        .values({
          contractId: demoIds.ana.contract,
          description: 'Taxa de manutenção',
          installment: 13,
          status: 'NOT_PAID',
          dueDate: addDaysTo(todayInSaoPaulo(new Date()), 2),
          value: 4_500,
        })
        .returning({ id: paymentOrders.id })
      soon = extra?.id ?? ''
    } finally {
      await handle.close()
    }
    staticDir = mkdtempSync(join(tmpdir(), 'pdt-reminders-'))
    for (let index = 0; index < 2; index++) {
      const port = await freePort()
      servers.push(
        new ServerProcess(`http://127.0.0.1:${port}`, {
          DATABASE_URL: scratch.url,
          DEMO: '1',
          PORT: String(port),
          STATIC_DIR: staticDir,
          JWT_SECRET: 'segredo-do-teste-de-lembretes-com-32-caracteres',
          REMINDERS_EVERY: '1h',
        }),
      )
    }
    // Both at once, as a deploy of two instances would.
    await Promise.all(servers.map((server) => server.start()))
    // Each scheduler's first pass has finished (it logs the day's round).
    await Promise.all(
      servers.map((server) =>
        server.until(() => server.log.includes('[lembretes] rodada de'), 'sem rodada ao iniciar'),
      ),
    )
  }, 120_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    if (staticDir) rmSync(staticDir, { recursive: true, force: true })
    await scratch?.drop()
  })

  it('three passes for a day across both, two at once: one reminder of each kind per channel', async () => {
    const [first, second] = servers
    if (!first || !second) throw new Error('servidores não iniciados')
    for (const date of [addDaysTo(next.dueDate, -3), addDaysTo(next.dueDate, 1)]) {
      await runPass(first, date)
      await Promise.all([runPass(first, date), runPass(second, date)])
    }
    // Each server reads the same outbox: the database both share.
    for (const server of servers) {
      const ana = await remindersOf(server, demoEmails.ana)
      const forNext = ana
        .filter((message) => message.instalment_id === next.id)
        .map((message) => `${message.kind} ${message.channel}`)
        .sort()
      expect(forNext).toEqual([
        'DUE_SOON email',
        'DUE_SOON whatsapp',
        'OVERDUE email',
        'OVERDUE whatsapp',
      ])
      const forSoon = ana
        .filter((message) => message.instalment_id === soon)
        .map((message) => `${message.kind} ${message.channel}`)
        .sort()
      expect(forSoon).toEqual(['DUE_SOON email', 'DUE_SOON whatsapp'])
      for (const message of ana.filter((entry) => entry.instalment_id === next.id)) {
        expect(message.text).toContain(message.link)
        expect(message.link).toMatch(/\/pagamento\?code=[\w-]+$/)
      }
    }
  }, 60_000)
})
