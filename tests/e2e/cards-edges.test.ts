import type { BrowserContext, Locator, Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { storedRows } from '../helpers/device'
import { expectText, expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import type { RunningServer } from '../helpers/server'

/**
 * Whether a person can see and tap the control: its box lies inside the viewport, and what the
 * browser hit-tests at its centre is the control itself (nothing covers it).
 */
async function reachable(control: Locator) {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const inside =
      box.width > 0 &&
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= window.innerHeight &&
      box.right <= window.innerWidth
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return { inside, onTop: hit !== null && element.contains(hit) }
  })
}

describeBrowser('member cards: edges', () => {
  const journey = browserJourney({ noServiceWorker: true })
  let server: RunningServer
  let context: BrowserContext
  let page: Page
  beforeEach(() => {
    ;({ server, context, page } = journey)
  })

  async function newDevice(viewport: { width: number; height: number }) {
    ;({ context, page } = await journey.newDevice({ viewport }))
  }

  /** Ana on her cards, with the browser offering installation: the install prompt shows. */
  async function openAnaCards() {
    await journey.loggedInPage('ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Carteirinha' }).click()
    await page.waitForURL(`${server.url}/favorites`)
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        // The person never answers the browser's dialog: the app's own prompt stays.
        userChoice: new Promise(() => {}),
      })
      window.dispatchEvent(offer)
    })
  }

  /** Opens Ana's card and proves both buttons can be seen and tapped, then uses them by mouse. */
  async function flipViewControlsReachable(size: string) {
    await expectVisible(page.getByRole('complementary', { name: 'Instalar o aplicativo' }))
    await expectVisible(page.getByRole('navigation', { name: 'Navegação principal' }))
    await page.getByRole('button', { name: 'Visualizar carteirinha de Ana Paula Souza' }).click()
    const dialog = page.getByRole('dialog', { name: 'Carteirinha de Ana Paula Souza' })
    await expectVisible(dialog.getByRole('img', { name: /^QR Code do passe da portaria/ }))
    for (const name of ['Ver Verso', 'Fechar']) {
      expect({ size, name, ...(await reachable(dialog.getByRole('button', { name }))) }).toEqual({
        size,
        name,
        inside: true,
        onTop: true,
      })
    }
    await expectNoAxeViolations(page)

    // Real clicks at the buttons' place on screen, as a finger would.
    const tap = async (name: string) => {
      const box = await dialog.getByRole('button', { name }).boundingBox()
      if (!box) throw new Error(`${name} sem caixa`)
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    }
    await tap('Ver Verso')
    await expectVisible(dialog.getByRole('button', { name: 'Ver Frente' }))
    expect(await reachable(dialog.getByRole('button', { name: 'Ver Frente' }))).toEqual({
      inside: true,
      onTop: true,
    })
    await tap('Fechar')
    await dialog.waitFor({ state: 'detached' })
    // The focus goes back to the button that opened the view (after fullscreen, on a phone).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Visualizar carteirinha de Ana Paula Souza')
  }

  it('phone 390×844 with the install prompt shown: Ver Verso and Fechar stay on top and on screen', async () => {
    await newDevice({ width: 390, height: 844 })
    // As on an iPhone: no element fullscreen to lift the view above the page.
    await page.addInitScript(() =>
      Object.defineProperty(Element.prototype, 'requestFullscreen', { value: undefined }),
    )
    await openAnaCards()
    await flipViewControlsReachable('390x844')
  })

  it('desktop 1280×650 and 1366×768 (and a phone on its side), install offer and bottom navigation shown: the same', async () => {
    await newDevice({ width: 1280, height: 650 })
    await openAnaCards()
    await flipViewControlsReachable('1280x650')
    await page.setViewportSize({ width: 1366, height: 768 })
    await flipViewControlsReachable('1366x768')
    // A phone on its side: the shortest screen the view meets.
    await page.setViewportSize({ width: 844, height: 390 })
    await flipViewControlsReachable('844x390')

    // Escape closes it too.
    await page.getByRole('button', { name: 'Visualizar carteirinha de Ana Paula Souza' }).click()
    const dialog = page.getByRole('dialog', { name: 'Carteirinha de Ana Paula Souza' })
    await expectVisible(dialog)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('bruno’s overdue contract: the card screen says the gate will refuse it, and leads to paying', async () => {
    await newDevice({ width: 390, height: 844 })
    await journey.loggedInPage('bruno@exemplo.com.br')
    await page.waitForURL(`${server.url}/selected-contract`)
    await page
      .getByRole('button', { name: 'Selecionar Contrato Passaporte Parque Aquático' })
      .click()
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Carteirinha' }).click()
    await page.waitForURL(`${server.url}/favorites`)

    const contract = page.getByRole('region', { name: 'Contrato' })
    await expectText(contract.getByText(/^Status do contrato/), 'Status do contrato: INADIMPLENTE')
    const warning = page.getByRole('region', { name: 'Entrada bloqueada: contrato INADIMPLENTE' })
    await expectVisible(
      warning.getByText(
        'Na portaria, sua carteirinha será recusada enquanto houver parcelas vencidas. Pague-as para regularizar o contrato.',
      ),
    )
    // How much, beside why (issue 27): the overdue instalments the device holds, and their sum.
    const owed = warning.getByText(/^\d+ parcelas? vencidas? · R\$ [\d.]+,\d{2}$/)
    await expectVisible(owed)
    const overdueRows = (await storedRows(page, 'instalments')).filter(
      (row) => row.status === 'OVERDUE',
    )
    expect(overdueRows.length).toBeGreaterThan(0)
    expect(await owed.textContent()).toMatch(
      new RegExp(`^${overdueRows.length} parcelas? vencidas? · `),
    )
    // One truth (issue 27): the card reads BLOQUEADA, as the warning above it does and as the
    // gate will; never a green ATIVO under "Entrada bloqueada".
    await expectVisible(page.getByRole('listitem').getByText('BLOQUEADA', { exact: true }))
    expect(await page.getByRole('listitem').getByText('ATIVO', { exact: true }).count()).toBe(0)
    // Paying leads, across the warning; showing a pass the gate refuses does not (audit 6).
    const background = (locator: Locator) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor)
    const pay = warning.getByRole('link', { name: 'Pagar parcelas vencidas' })
    const show = page.getByRole('button', { name: /^Visualizar carteirinha de / })
    expect(await background(show)).not.toBe(await background(pay))
    const [payBox, warningBox] = await Promise.all([pay.boundingBox(), warning.boundingBox()])
    expect(payBox?.width).toBeGreaterThan((warningBox?.width ?? 0) * 0.8)
    await expectNoAxeViolations(page)

    // The gate agrees, by the same rule: this card's pass is refused for the contract.
    await expect.poll(async () => (await storedRows(page, 'cards')).length).toBe(1)
    const [card] = await storedRows(page, 'cards')
    const gate = await context?.newPage()
    if (!gate) throw new Error('sem contexto')
    await gate.goto(`${server.url}/verificar`)
    await gate.getByLabel('Ou cole o código do passe').fill(String(card?.pass))
    await gate.getByRole('button', { name: 'Verificar' }).click()
    const result = gate.getByRole('region', { name: 'Resultado da verificação' })
    await expectText(result.locator('p').first(), 'INVÁLIDO')
    await expectVisible(result.getByText('Contrato INADIMPLENTE.'))
    await gate.close()

    // Straight to the overdue instalments, then to paying them.
    await warning.getByRole('link', { name: 'Pagar parcelas vencidas' }).click()
    await page.waitForURL(`${server.url}/search?aba=vencidos`)
    expect(await page.getByRole('tab', { name: 'Vencidos' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    const overdue = page.getByRole('tabpanel').getByRole('listitem')
    await expect.poll(() => overdue.count()).toBe(2)
    // Two overdue: the summary pays both in one tap, as Perfil does; ticking them works too.
    await expectVisible(
      page
        .getByRole('region', { name: 'Contrato' })
        .getByRole('button', { name: 'Pagar 2 parcelas vencidas' }),
    )
    await page.getByRole('checkbox', { name: 'Selecionar parcela 2' }).check()
    await page.getByRole('checkbox', { name: 'Selecionar parcela 3' }).check()
    // Two at 149,90, each with its fine and interest to today (more than 299,80).
    await page.getByRole('button', { name: /^Pagar Débitos \(2\) · R\$ 3\d\d,\d\d$/ }).click()
    await page.waitForURL(/\/pagamento\?code=/)
    await expectVisible(page.getByRole('heading', { name: 'Formas de pagamento' }))

    // His other contract is ACTIVE: no warning there.
    await page.goto(`${server.url}/selected-contract`)
    await page
      .getByRole('button', { name: 'Selecionar Contrato Plano Individual Academia' })
      .click()
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Carteirinha' }).click()
    await expectText(
      page.getByRole('region', { name: 'Contrato' }).getByText(/^Status do contrato/),
      'Status do contrato: ATIVO',
    )
    expect(await page.getByText(/^Entrada bloqueada/).count()).toBe(0)
  })
})
