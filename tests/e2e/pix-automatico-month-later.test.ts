/**
 * Pix Automático a month later (issue 29): Ana authorizes it once; weeks later, with the server's
 * clock moved (the demo's /dev/clock), the server sends the next instalment's /cobr to her bank
 * by itself, her bank debits it on the due date, and Pagamentos shows it paid, with nothing done
 * by her in between. Its own server: the clock it moves is the whole server's.
 */
import type { Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { nextBusinessDay } from '../../server/adapters/pix-api/due-amount'
import { demoIds } from '../../server/demo/data/ids'
import { addDaysTo } from '../../server/services/payment-amounts'
import { formatDate } from '../../src/lib/dates'
import { apiToken } from '../helpers/api'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import type { RunningServer } from '../helpers/server'

const ana = 'ana@exemplo.com.br'

describeBrowser('Pix Automático: the next instalment charged a month later, with no action', () => {
  const journey = browserJourney({ noServiceWorker: true })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  const section = () => page.getByRole('region', { name: 'Pix Automático' })
  const sheet = () => page.getByRole('dialog', { name: 'Pix Automático' })

  async function authorization() {
    const token = await apiToken(server.url, ana)
    const read = await fetch(
      `${server.url}/socios-api/client/contract/${demoIds.ana.contract}/pix-automatico`,
      { headers: { authorization: `Bearer ${token}` } },
    )
    expect(read.status).toBe(200)
    return (await read.json()) as { idRec: string; status: string; firstDate: string }
  }

  async function moveClockTo(day: string) {
    const moved = await fetch(`${server.url}/dev/clock?date=${day}`, { method: 'POST' })
    expect(moved.status).toBe(200)
    expect(((await moved.json()) as { today: string }).today).toBe(day)
  }

  /** Her bank on the day (the sandbox's payer side): what it debited, and what it waits for. */
  async function herBankDebits(idRec: string) {
    const answer = await fetch(`${server.url}/sandbox/pix/rec/${idRec}/debit`, { method: 'POST' })
    expect(answer.status).toBe(200)
    return (await answer.json()) as { settled: string[]; waiting: Array<{ data: string }> }
  }

  it('authorized once; weeks later the next instalment is charged and shows as paid', async () => {
    await journey.loggedInPage(ana, { path: '/search' })
    await section().getByRole('button', { name: 'Ativar Pix Automático' }).click()
    await expectVisible(sheet().getByRole('heading', { name: 'Autorize no app do seu banco' }))
    const { idRec, firstDate } = await authorization()
    const approved = await fetch(`${server.url}/sandbox/pix/rec/${idRec}/approve`, {
      method: 'POST',
    })
    expect(approved.status).toBe(200)
    await expectVisible(sheet().getByRole('heading', { name: 'Pix Automático ativo' }), 20_000)
    await sheet().getByRole('button', { name: 'Fechar' }).click()
    await expectVisible(section().getByRole('heading', { name: 'Pix Automático ativo' }))
    // The first instalment the authorization charges is still open.
    const next = page
      .getByRole('tabpanel')
      .getByRole('listitem')
      .filter({ hasText: formatDate(firstDate) })
    await expectVisible(next.getByText('A PAGAR', { exact: true }))

    // Five days before its due date the server sends its /cobr (its reconciler's pass, by
    // itself); her bank schedules the debit for the due date, or the business day after it when
    // that is a weekend (the /cobr's ajusteDiaUtil; the demo's dates follow today's).
    const debitDay = nextBusinessDay(firstDate)
    await moveClockTo(addDaysTo(firstDate, -5))
    await expect
      .poll(async () => (await herBankDebits(idRec)).waiting.map((charge) => charge.data), {
        timeout: 30_000,
      })
      .toEqual([debitDay])
    // On that day her bank debits it, and tells the portal.
    await moveClockTo(debitDay)
    expect((await herBankDebits(idRec)).settled).toHaveLength(1)

    // She opens Pagamentos (her old session is weeks old now: she logs in again).
    await journey.loggedInPage(ana, { path: '/search' })
    const paid = page
      .getByRole('tabpanel')
      .getByRole('listitem')
      .filter({ hasText: formatDate(firstDate) })
    await expectVisible(paid.getByText('PAGO', { exact: true }), 20_000)
    await expectVisible(paid.getByText('Comprovante'))
    await expectVisible(section().getByRole('heading', { name: 'Pix Automático ativo' }))
    await expectNoAxeViolations(page)
  })
})
