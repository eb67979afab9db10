/**
 * Payment reminders (issue 17) on a real database: N days before an unpaid instalment's due date
 * and on the day it turns OVERDUE, by e-mail and WhatsApp, with the amount and a link that opens
 * /pagamento; at most once per instalment, kind and channel however often the pass runs (also
 * several at once), only on the channels the holder left on. The clock is the pass's date.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DevReminderMessage, DevReminderPassReport } from '../../contract/dev'
import { contracts, paymentOrders } from '../db/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, bearer, outboxCode, requestCode, settle } from '../testing'
import { useTestServer } from '../testing/hooks'
import { addDaysTo } from './payment-amounts'
import { reminderKindOn, runReminderPass } from './reminders'

const anaPhone = '+5511987654321'

describe('which reminder a day calls for (3 days ahead)', () => {
  it.each([
    ['2026-12-10', '2026-12-06', undefined],
    ['2026-12-10', '2026-12-07', 'DUE_SOON'],
    ['2026-12-10', '2026-12-10', 'DUE_SOON'],
    ['2026-12-10', '2026-12-11', 'OVERDUE'],
    ['2026-12-10', '2026-12-13', 'OVERDUE'],
    ['2026-12-10', '2026-12-14', undefined],
  ] as const)('due %s, today %s → %s', (due, today, kind) => {
    expect(reminderKindOn(due, today, 3)).toBe(kind)
  })

  it('with 0 days ahead, only the due day itself', () => {
    expect(reminderKindOn('2026-12-10', '2026-12-09', 0)).toBeUndefined()
    expect(reminderKindOn('2026-12-10', '2026-12-10', 0)).toBe('DUE_SOON')
  })
})

describe.each(backends)('the reminder pass (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'], resetEachTest: true })

  /** Ana's instalment `n` as stored (its due date moves with the seed's day). */
  async function anaInstalment(n: number) {
    const [row] = await server.db
      .select()
      .from(paymentOrders)
      .where(
        and(eq(paymentOrders.contractId, demoIds.ana.contract), eq(paymentOrders.installment, n)),
      )
    if (!row) throw new Error(`parcela ${n} da Ana não encontrada`)
    return row
  }

  async function runPass(date: string): Promise<DevReminderPassReport> {
    const response = await server.app.request(`/dev/reminders?date=${date}`, { method: 'POST' })
    expect(response.status).toBe(200)
    return (await response.json()) as DevReminderPassReport
  }

  async function outbox(to?: string): Promise<DevReminderMessage[]> {
    const query = to ? `?to=${encodeURIComponent(to)}` : ''
    const response = await server.app.request(`/dev/outbox/reminders${query}`)
    expect(response.status).toBe(200)
    return (await response.json()) as DevReminderMessage[]
  }

  const sentTo = (to: string) => server.sent.filter((message) => message.to === to)

  it('three days ahead: Ana gets one e-mail and one WhatsApp with the amount and a link that opens the payment', async () => {
    const next = await anaInstalment(5)
    const report = await runPass(addDaysTo(next.dueDate, -3))
    expect(report.sent.filter((sent) => sent.instalment_id === next.id)).toEqual([
      {
        instalment_id: next.id,
        installment: 5,
        kind: 'DUE_SOON',
        channel: 'email',
        to: demoEmails.ana,
      },
      {
        instalment_id: next.id,
        installment: 5,
        kind: 'DUE_SOON',
        channel: 'whatsapp',
        to: anaPhone,
      },
    ])
    const [email, whatsapp] = [sentTo(demoEmails.ana), sentTo(anaPhone)]
    expect(email).toHaveLength(1)
    expect(whatsapp).toHaveLength(1)
    const amount = `R$ ${((next.value - next.discount) / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`
    const [day, month, year] = next.dueDate.split('-').reverse()
    expect(email[0]).toMatchObject({ subject: `Sua parcela vence em ${day}/${month}/${year}` })
    for (const message of [...email, ...whatsapp]) {
      expect(message.text).toContain(`a parcela 5 (${next.description}), de ${amount}`)
      expect(message.text).toContain(`vence em 3 dias, em ${day}/${month}/${year}`)
    }
    // The link is a payment link for exactly this instalment, open to whoever has it.
    const link = /(http\S+\/pagamento\?code=(\S+))$/.exec(email[0]?.text ?? '')
    expect(link?.[1]).toBe(/(http\S+)$/.exec(whatsapp[0]?.text ?? '')?.[1])
    const code = link?.[2] ?? ''
    const opened = await server.app.request(`/socios-api/checkout/payment-link?code=${code}`)
    expect(opened.status).toBe(200)
    expect(await opened.json()).toMatchObject({
      installment: '5',
      value: next.value - next.discount,
    })

    const shown = await outbox(demoEmails.ana)
    expect(shown).toHaveLength(2)
    expect(shown).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: demoEmails.ana,
          channel: 'email',
          kind: 'DUE_SOON',
          instalment_id: next.id,
          link: link?.[1],
        }),
        expect.objectContaining({
          to: anaPhone,
          channel: 'whatsapp',
          kind: 'DUE_SOON',
          instalment_id: next.id,
        }),
      ]),
    )
  })

  it('repeated, and three at once: still one reminder per instalment, kind and channel', async () => {
    const next = await anaInstalment(5)
    const date = addDaysTo(next.dueDate, -2)
    await runPass(date)
    const deps = server.payments
    if (!deps) throw new Error('modo de demonstração sem pagamentos')
    const now = new Date(`${date}T15:00:00Z`)
    const reports = await Promise.all([1, 2, 3].map(() => runReminderPass(deps, now)))
    expect(reports.flatMap((report) => report.sent)).toEqual([])
    await runPass(date)
    await runPass(addDaysTo(date, 1))
    expect(sentTo(demoEmails.ana)).toHaveLength(1)
    expect(sentTo(anaPhone)).toHaveLength(1)
    expect((await outbox(demoEmails.ana)).map((message) => message.channel).sort()).toEqual([
      'email',
      'whatsapp',
    ])
  })

  it('three passes at once on a day nobody ran yet: each message leaves once', async () => {
    const next = await anaInstalment(5)
    const now = new Date(`${addDaysTo(next.dueDate, -1)}T15:00:00Z`)
    const deps = server.payments
    if (!deps) throw new Error('modo de demonstração sem pagamentos')
    const reports = await Promise.all([1, 2, 3].map(() => runReminderPass(deps, now)))
    const mine = reports
      .flatMap((report) => report.sent)
      .filter((sent) => sent.instalmentId === next.id)
    expect(mine.map((sent) => sent.channel).sort()).toEqual(['email', 'whatsapp'])
    expect(sentTo(demoEmails.ana)).toHaveLength(1)
    expect(sentTo(anaPhone)).toHaveLength(1)
    expect(sentTo(demoEmails.ana)[0]?.text).toContain('vence amanhã')
  })

  it('the day after the due date: an overdue reminder with fine and interest; days later, none', async () => {
    const next = await anaInstalment(5)
    await runPass(addDaysTo(next.dueDate, 1))
    const [email] = sentTo(demoEmails.ana)
    const late = next.value - next.discount
    // 2% fine and one day of 1% a month (rounded half up), as /search shows the instalment.
    const owed = late + Math.round(late * 0.02) + Math.round((late * 0.01) / 30)
    expect(email).toMatchObject({ subject: 'Parcela vencida' })
    expect(email?.text).toContain(
      `R$ ${(owed / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`,
    )
    expect(email?.text).toContain('está em atraso')
    // Instalment 4 fell due ten days before the seed: long past the overdue window.
    const fourth = await anaInstalment(4)
    const report = await runPass(addDaysTo(fourth.dueDate, 10))
    expect(report.sent.filter((sent) => sent.instalment_id === fourth.id)).toEqual([])
  })

  it('a paid instalment gets no reminder', async () => {
    const paid = await anaInstalment(3)
    const report = await runPass(addDaysTo(paid.dueDate, -3))
    expect(report.sent.filter((sent) => sent.instalment_id === paid.id)).toEqual([])
    expect(await outbox(demoEmails.ana)).toEqual([])
  })

  it('an instalment her bank will debit by Pix Automático gets no "pay now"; once overdue, it does', async () => {
    // Ana authorizes it (journey 3 pays the overdue instalment 4 with it) and her bank approves.
    const path = `/socios-api/client/contract/${demoIds.ana.contract}/pix-automatico`
    const asked = await server.app.request(path, { method: 'POST', ...bearer(tokens.ana) })
    expect(asked.status).toBe(201)
    const { idRec } = (await asked.json()) as { idRec: string }
    const approved = await server.app.request(`/sandbox/pix/rec/${idRec}/approve`, {
      method: 'POST',
    })
    expect(approved.status).toBe(200)
    const next = await anaInstalment(5)
    const before = await runPass(addDaysTo(next.dueDate, -3))
    expect(before.sent.filter((sent) => sent.instalment_id === next.id)).toEqual([])
    // The debit failed and the day passed: the overdue reminder goes, with its link.
    // Only hers: on that day other holders' instalments may be due soon, by the seed's calendar.
    const after = await runPass(addDaysTo(next.dueDate, 1))
    const hers = after.sent.filter((sent) => sent.instalment_id === next.id)
    expect(hers.map((sent) => [sent.kind, sent.channel])).toEqual([
      ['OVERDUE', 'email'],
      ['OVERDUE', 'whatsapp'],
    ])
  })

  it('a cancelled contract is no longer collected: no reminder', async () => {
    const next = await anaInstalment(5)
    await server.db
      .update(contracts)
      .set({ status: 'CANCELLED' })
      .where(eq(contracts.id, demoIds.ana.contract))
    const report = await runPass(addDaysTo(next.dueDate, -3))
    expect(report.sent.filter((sent) => sent.instalment_id === next.id)).toEqual([])
    expect([...sentTo(demoEmails.ana), ...sentTo(anaPhone)]).toEqual([])
  })

  it('a channel Ana turned off is skipped; turning it on again sends what is still due', async () => {
    const next = await anaInstalment(5)
    const saved = await server.app.request('/socios-api/client/reminder-preferences', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...bearer(tokens.ana).headers },
      body: JSON.stringify({ email: false, whatsapp: true }),
    })
    expect(saved.status).toBe(200)
    const date = addDaysTo(next.dueDate, -3)
    await runPass(date)
    expect(sentTo(demoEmails.ana)).toHaveLength(0)
    expect(sentTo(anaPhone)).toHaveLength(1)
  })

  it('a reminder does not hide the login code /dev/outbox answers', async () => {
    expect((await requestCode(server.app, demoEmails.ana)).status).toBe(200)
    await settle()
    const code = await outboxCode(server.app, demoEmails.ana)
    const next = await anaInstalment(5)
    await runPass(addDaysTo(next.dueDate, -3))
    expect(await outboxCode(server.app, demoEmails.ana)).toBe(code)
  })

  it('a date that is not AAAA-MM-DD answers 400 in Portuguese and sends nothing', async () => {
    for (const date of ['07/12/2026', '2026-13-01', 'amanhã']) {
      const response = await server.app.request(`/dev/reminders?date=${encodeURIComponent(date)}`, {
        method: 'POST',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        message: 'Informe a data como AAAA-MM-DD (ex.: 2026-12-07).',
      })
    }
    expect(await outbox()).toEqual([])
  })
})
