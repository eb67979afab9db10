import { readFile } from 'node:fs/promises'
import ICAL from 'ical.js'
import type { BrowserContext, Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { cutSignal } from '../helpers/network'
import type { RunningServer } from '../helpers/server'

/**
 * Payment reminders (issue 17) as Ana meets them: the channels she turns off from the profile's
 * menu stay off (the server keeps them), and /search hands her calendar the open instalments.
 */
describeBrowser('payment reminders', () => {
  // The worker only on the device that loses the signal.
  const journey = browserJourney({ noServiceWorker: true, device: { acceptDownloads: true } })
  let server: RunningServer
  let context: BrowserContext
  let page: Page
  beforeEach(() => {
    ;({ server, context, page } = journey)
  })

  async function openReminders() {
    // On the card's row of actions (not repeated in the ⋮ menu).
    await page.getByRole('button', { name: 'Lembretes de pagamento' }).click()
    await expectVisible(page.getByRole('heading', { name: 'Lembretes de pagamento' }))
  }

  it('Ana turns WhatsApp reminders off in the profile, and they stay off', async () => {
    page = await journey.loggedInPage('ana@exemplo.com.br')
    await openReminders()
    const email = page.getByRole('switch', { name: 'Receber lembretes por e-mail' })
    const whatsapp = page.getByRole('switch', { name: 'Receber lembretes por WhatsApp' })
    await expectVisible(whatsapp)
    expect(await email.isChecked()).toBe(true)
    expect(await whatsapp.isChecked()).toBe(true)
    await expectNoAxeViolations(page)

    await whatsapp.click()
    await expectVisible(page.getByText('Preferência de lembretes salva.'))
    expect(await whatsapp.isChecked()).toBe(false)
    await page.getByRole('button', { name: 'Fechar' }).click()
    expect(await page.getByRole('heading', { name: 'Lembretes de pagamento' }).count()).toBe(0)

    // Another device: what it shows comes from the server, not from this one.
    const other = await journey.openDevice()
    const otherPage = await journey.loggedInPage('ana@exemplo.com.br', { page: other.page })
    page = otherPage
    await openReminders()
    await expectVisible(page.getByRole('switch', { name: 'Receber lembretes por WhatsApp' }))
    expect(
      await page.getByRole('switch', { name: 'Receber lembretes por WhatsApp' }).isChecked(),
    ).toBe(false)
    expect(
      await page.getByRole('switch', { name: 'Receber lembretes por e-mail' }).isChecked(),
    ).toBe(true)
  })

  it("'Adicionar ao calendário' downloads the open instalments; with no signal it says it needs the network", async () => {
    ;({ context, page } = await journey.newDevice({ serviceWorkers: 'allow' }))
    // This journey cuts the signal, so it logs in through the screens (see loggedInPage).
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    const button = page.getByRole('button', { name: 'Adicionar ao calendário' })
    await expectVisible(button)
    await expectNoAxeViolations(page)

    const [file] = await Promise.all([page.waitForEvent('download'), button.click()])
    expect(file.suggestedFilename()).toBe('parcelas.ics')
    const calendar = new ICAL.Component(
      ICAL.parse(await readFile((await file.path()) ?? '', 'utf8')) as unknown[],
    )
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event))
    // Instalment 4 (overdue) and 5 to 12: what is still to pay.
    expect(events).toHaveLength(9)
    expect(events[0]?.summary).toMatch(/^Mensalidade Plano Família Clube 04\/12: R\$ \d/)
    await expectVisible(page.getByText(/Calendário baixado/))

    await cutSignal(server, context, 'offline')
    // One note for the screen, visible; the button's own description still says why it is off.
    await expectVisible(
      page.getByText(
        'Sem conexão: você pode consultar as parcelas, mas pagar e adicionar ao calendário precisam de internet.',
      ),
    )
    expect(await button.isDisabled()).toBe(true)
    await expect
      .poll(() =>
        button
          .getAttribute('aria-describedby')
          .then((id) => page.locator(`[id="${id}"]`).textContent()),
      )
      .toBe('Sem conexão: adicionar ao calendário precisa de internet.')
  })
})
