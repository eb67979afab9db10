import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations, launchBrowser } from '../helpers/browser'
import { waitForServiceWorker } from '../helpers/device'
import { expectVisible } from '../helpers/expect'
import { loginThroughScreens } from '../helpers/login'
import { type RunningServer, startServer } from '../helpers/server'

describeBrowser('payments list', () => {
  let server: RunningServer
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    await context?.close()
    context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } })
    page = await context.newPage()
  })

  async function openPayments() {
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 12' }))
  }

  it('ana sees her 12 instalments, filtered by the four tabs in order', async () => {
    await openPayments()
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Todos',
      'Pagos',
      'A pagar',
      'Vencidos',
    ])
    expect(await page.getByRole('tabpanel').getByRole('listitem').count()).toBe(12)
    await expectVisible(page.getByText('Nº 000123'))
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

    await page.getByRole('tab', { name: 'Pagos' }).click()
    expect(await page.getByRole('tabpanel').getByRole('listitem').count()).toBe(3)
    await page.getByRole('tab', { name: 'Vencidos' }).click()
    expect(await page.getByRole('tabpanel').getByRole('listitem').count()).toBe(1)
    await expectVisible(page.getByText('VENCIDO', { exact: true }))
    await page.getByRole('tab', { name: 'A pagar' }).click()
    expect(await page.getByRole('tabpanel').getByRole('listitem').count()).toBe(8)
  })

  it("'Pagar Débitos' appears with two selected and opens the payment link", async () => {
    await openPayments()
    await page.getByRole('checkbox', { name: 'Selecionar parcela 4' }).check()
    expect(await page.getByRole('button', { name: 'Pagar Débitos' }).count()).toBe(0)
    await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).check()
    await page.getByRole('button', { name: 'Pagar Débitos' }).click()
    await page.waitForURL(/\/pagamento\?code=[\w-]+$/)
  })

  it('opens offline from the device, read only', async () => {
    await openPayments()
    await waitForServiceWorker(page)
    await server.stop()
    await context.setOffline(true)
    await page.close()
    page = await context.newPage()
    await page.goto(`${server.url}/search`)
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 12' }))
    await expectVisible(page.getByText(/pagar precisa de internet/))
    expect(await page.getByRole('button', { name: 'Pagar parcela 12' }).isDisabled()).toBe(true)
    await context.setOffline(false)
    await server.restart()
  })
})
