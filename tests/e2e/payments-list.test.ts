import { readFile } from 'node:fs/promises'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { storedRows, waitForServiceWorker } from '../helpers/device'
import { expectText, expectVisible } from '../helpers/expect'
import { showEveryInstalment } from '../helpers/instalments'
import { browserJourney } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { cutSignal, noSignalModes, restoreSignal } from '../helpers/network'
import { pdfText } from '../helpers/pdf'
import type { RunningServer } from '../helpers/server'

// These journeys cut the signal, so they log in through the screens (see loggedInPage).
describeBrowser('payments list', () => {
  // The worker only on the devices that lose the signal (withWorker).
  const journey = browserJourney({ noServiceWorker: true, device: { acceptDownloads: true } })
  let server: RunningServer
  let context: BrowserContext
  let page: Page
  beforeEach(() => {
    ;({ server, context, page } = journey)
  })

  async function withWorker() {
    ;({ context, page } = await journey.newDevice({ serviceWorkers: 'allow' }))
  }

  async function openPayments() {
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 5' }))
  }

  it('ana sees her 12 instalments, filtered by the four tabs in order', async () => {
    await openPayments()
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Todos',
      'Pagos',
      'A pagar',
      'Vencidos',
    ])
    // Todos folds the long groups: the overdue one, the next three, the last paid.
    const rows = page.getByRole('tabpanel').getByRole('listitem')
    expect(await rows.count()).toBe(5)
    const later = page.getByRole('button', { name: 'Ver mais 5 parcelas', exact: true })
    expect(await later.getAttribute('aria-expanded')).toBe('false')
    await later.click()
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 12', exact: true }))
    expect(await rows.count()).toBe(10)
    await page.getByRole('button', { name: 'Ver mais 2 parcelas pagas', exact: true }).click()
    expect(await rows.count()).toBe(12)
    expect(await page.getByRole('button', { name: 'Ver menos' }).count()).toBe(2)
    await expectVisible(page.getByText('Nº 000123'))
    // One contract: no way to another.
    expect(await page.getByRole('link', { name: 'Trocar contrato' }).count()).toBe(0)
    // Paid ones: 'Pago', disabled, no checkbox, and what was paid.
    expect(
      await page.getByRole('button', { name: 'Pago (parcela 1)', exact: true }).isDisabled(),
    ).toBe(true)
    expect(
      await page.getByRole('checkbox', { name: 'Selecionar parcela 1', exact: true }).count(),
    ).toBe(0)
    await expectVisible(page.getByText('Valor Pago').first())
    await expectVisible(page.getByText('Sujeito a acréscimos'))
    await expectNoAxeViolations(page)

    // The calendar is the contract's (in its card), so the tabs sit where they were on every tab.
    const contract = page.getByRole('region', { name: 'Contrato' })
    await expectVisible(contract.getByRole('button', { name: 'Adicionar ao calendário' }))
    // Where on the page (not the window, which the tap may scroll).
    const tabsAt = () =>
      page
        .getByRole('tablist')
        .evaluate((list) => list.getBoundingClientRect().top + window.scrollY)
    const onTodos = await tabsAt()
    await page.getByRole('tab', { name: 'Pagos' }).click()
    expect(await page.getByRole('tabpanel').getByRole('listitem').count()).toBe(3)
    expect(await tabsAt()).toBe(onTodos)
    await page.getByRole('tab', { name: 'Vencidos' }).click()
    expect(await page.getByRole('tabpanel').getByRole('listitem').count()).toBe(1)
    await expectVisible(page.getByText('VENCIDO', { exact: true }))
    await page.getByRole('tab', { name: 'A pagar' }).click()
    expect(await page.getByRole('tabpanel').getByRole('listitem').count()).toBe(8)
  })

  it('on a phone each amount is explained, and every description is the spec’s cut, whole', async () => {
    await journey.loggedInPage('ana@exemplo.com.br', { path: '/search' })
    const rows = page.getByRole('tabpanel').getByRole('listitem')
    await expect.poll(() => rows.count()).toBe(5)
    const row = (number: number) => rows.filter({ hasText: `Parcela ${number}` })
    const box = async (locator: Locator) => {
      await expectVisible(locator)
      const found = await locator.boundingBox()
      if (!found) throw new Error('sem caixa')
      return found
    }
    // Each row Todos shows (overdue, the next three, a paid one): the description across the
    // card, so the spec's 30 characters and '...' read whole, not cut again by the amount's
    // column (design audit: "Mensalidade Plano Família ...").
    for (const number of [4, 5, 6, 7, 3]) {
      const description = row(number).getByText(/^Mensalidade/)
      expect(await description.textContent(), `parcela ${number}`).toBe(
        'Mensalidade Plano Família Club...',
      )
      expect(
        await description.evaluate((element) => element.scrollWidth <= element.clientWidth),
        `parcela ${number}`,
      ).toBe(true)
    }
    // A discount is seen: the price before it struck through, then 'Com desconto' (spec §9).
    const discounted = row(5)
    await expectText(discounted.locator('strong'), 'R$ 170,90')
    await expectText(discounted.locator('s'), 'R$ 189,90')
    const note = discounted.getByText(/R\$ 189,90 · Com desconto$/)
    const [price, original] = [await box(discounted.locator('strong')), await box(note)]
    expect(original.y).toBeGreaterThanOrEqual(price.y + price.height - 1)
    // One line, not its parts stacked.
    expect(original.height).toBeLessThan(20)
    // What an overdue one costs today, then the spec's price plus what today adds, then the
    // spec's label: one sentence each, none saying the opposite of another.
    const overdue = row(4)
    await expectText(overdue.locator('strong'), 'R$ 194,33')
    const breakdown = await box(
      overdue.getByText('R$ 189,90 + R$ 4,43 de multa e juros', { exact: true }),
    )
    expect(breakdown.height).toBeLessThan(20)
    expect(await overdue.getByText('Com multa e juros').count()).toBe(0)
    await expectVisible(overdue.getByText('Sujeito a acréscimos', { exact: true }))
    // About as tall as before the notes (145 and 121 px): a few pixels more at most.
    const heights = Object.fromEntries(
      await Promise.all(
        [4, 5, 6, 7, 3].map(async (number) => [number, (await box(row(number))).height]),
      ),
    )
    expect(heights[4]).toBeLessThanOrEqual(150)
    for (const number of [5, 6, 7, 3])
      expect(heights[number], `parcela ${number}`).toBeLessThanOrEqual(128)
  })

  it("'Pagar Débitos' appears with two selected and opens the payment link", async () => {
    await openPayments()
    await page.getByRole('checkbox', { name: 'Selecionar parcela 4' }).check()
    expect(await page.getByRole('button', { name: 'Pagar Débitos' }).count()).toBe(0)
    await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).check()
    await page.getByRole('button', { name: 'Pagar Débitos' }).click()
    await page.waitForURL(/\/pagamento\?code=[\w-]+$/)
  })

  it.each(noSignalModes)('%s: opens from the device, read only', async (mode) => {
    await withWorker()
    await openPayments()
    await waitForServiceWorker(page)
    await cutSignal(server, context, mode)
    await page.close()
    page = await context.newPage()
    await page.goto(`${server.url}/search`)
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 5' }))
    await expectVisible(page.getByText(/pagar e adicionar ao calendário precisam de internet/))
    expect(await page.getByRole('button', { name: 'Pagar parcela 5' }).isDisabled()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).isDisabled()).toBe(
      true,
    )
    await expectVisible(page.getByText('Sem conexão — mostrando dados salvos'))
  })

  it('a paid instalment’s receipt downloads as a PDF, and with no signal too', async () => {
    await withWorker()
    await openPayments()
    await waitForServiceWorker(page)
    await showEveryInstalment(page)
    const download = async () => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Comprovante da parcela 1' }).click(),
      ])
      const text = await pdfText(await readFile((await file.path()) ?? ''))
      expect(file.suggestedFilename()).toBe('Comprovante parcela 1.pdf')
      return text
    }
    const online = await download()
    expect(online).toContain('Comprovante de pagamento')
    expect(online).toContain('Ana Paula Souza')
    // Kept on the device when the list was read: it opens with no signal.
    await expect.poll(async () => (await storedRows(page, 'receipts')).length).toBe(3)
    await cutSignal(server, context, 'lie-fi')
    expect(await download()).toBe(online)
  })

  it("lie-fi: 'Pagar' tapped while the server cannot be reached says why, and the app knows it is offline", async () => {
    await withWorker()
    await openPayments()
    // Once the list's own work is done (it keeps the paid instalments' receipts), the phone
    // still says "online" and nothing answers.
    await expect.poll(async () => (await storedRows(page, 'receipts')).length).toBe(3)
    // …and the Pix Automático section under the list has read its state (a read that failed
    // would tell the app it is offline before the tap this test is about).
    await expectVisible(page.getByRole('button', { name: 'Ativar Pix Automático' }))
    await cutSignal(server, context, 'lie-fi')
    await page.getByRole('button', { name: 'Pagar parcela 5' }).click()
    await expectVisible(page.getByText('Não foi possível abrir o pagamento.'))
    await expectVisible(
      page.getByText('Não foi possível falar com o servidor. Verifique sua conexão.'),
    )
    await expectVisible(page.getByText('Sem conexão — mostrando dados salvos'))
    await expectVisible(page.getByText(/pagar e adicionar ao calendário precisam de internet/))
    expect(await page.getByRole('button', { name: 'Pagar parcela 5' }).isDisabled()).toBe(true)
    expect(page.url()).toBe(`${server.url}/search`)

    // The server answers again: the app finds out by itself, and paying works.
    await restoreSignal(server, context)
    await page
      .getByText('Sem conexão — mostrando dados salvos')
      .waitFor({ state: 'detached', timeout: 30_000 })
    await page.getByRole('button', { name: 'Pagar parcela 5' }).click()
    await page.waitForURL(/\/pagamento\?code=[\w-]+$/)
  })
})
