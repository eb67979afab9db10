import type { BrowserContext, Page } from 'playwright-core'
import { beforeEach, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { waitForServiceWorker } from '../helpers/device'
import { expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { cutSignal, noSignalModes } from '../helpers/network'
import type { RunningServer } from '../helpers/server'

// Payment screens and "Suas passkeys" work online only (docs/design.md §5), so their code is not precached: a device that
// never opened one has nothing to show for it with no signal, and says so.
describeBrowser('online-only screens with no signal', () => {
  const journey = browserJourney()
  let server: RunningServer
  let context: BrowserContext
  let page: Page
  beforeEach(() => {
    ;({ server, context, page } = journey)
  })

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

  it.each(noSignalModes)(
    '%s: "Suas passkeys" on a device that never opened it says "Sem conexão"',
    async (mode) => {
      await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
      await page.waitForURL(`${server.url}/home`)
      await waitForServiceWorker(page)
      await cutSignal(server, context, mode)

      await page.getByRole('button', { name: 'Menu', exact: true }).click()
      await page.getByRole('menuitem', { name: 'Suas passkeys' }).click()
      const alert = page.getByRole('alert')
      await expectVisible(alert.getByRole('heading', { name: 'Sem conexão' }))
      await expectVisible(alert.getByText('Esta tela precisa de internet para abrir.'))
      await expectNoAxeViolations(page)
    },
  )
})
