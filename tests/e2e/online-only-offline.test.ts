import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations, launchBrowser } from '../helpers/browser'
import { waitForServiceWorker } from '../helpers/device'
import { expectVisible } from '../helpers/expect'
import { cutSignal, noSignalModes, resetSignal } from '../helpers/network'
import { type RunningServer, startServer } from '../helpers/server'

// Payment screens work online only (DESIGN §5), so their code is not precached: a device that
// never opened one has nothing to show for it with no signal, and says so.
describeBrowser('online-only screens with no signal', () => {
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
  afterEach(() => resetSignal(server, context))

  it.each(noSignalModes)(
    '%s: a payment link opened on a device that never opened one says "Sem conexão"',
    async (mode) => {
      await page.goto(`${server.url}/login`)
      await expectVisible(page.getByRole('heading', { name: 'Receber código de entrada' }))
      await waitForServiceWorker(page)
      await cutSignal(server, context, mode)

      await page.goto(`${server.url}/pagamento?code=PL-TESTE`)
      const alert = page.getByRole('alert')
      await expectVisible(alert.getByRole('heading', { name: 'Sem conexão' }))
      await expectVisible(alert.getByText('Esta tela precisa de internet para abrir.'))
      await expectNoAxeViolations(page)
    },
  )
})
