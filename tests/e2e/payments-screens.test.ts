import type { Locator, Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { demoPaymentLinks } from '../../server/demo/data/ids'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { waitForServiceWorker } from '../helpers/device'
import { expectText, expectVisible } from '../helpers/expect'
import { holdTheApp } from '../helpers/held-app'
import { chosenInstalments, showEveryInstalment } from '../helpers/instalments'
import { browserJourney } from '../helpers/journey'
import { cutSignal } from '../helpers/network'
import type { RunningServer } from '../helpers/server'

const expiry = `08/${new Date().getFullYear() + 3}`

/**
 * How each tab lays out its text: the number of lines its label takes and, when it has one, its
 * offer; whether anything overflows; and the tab's top (tabs of one row share it).
 */
function tabLines(page: Page, name: string) {
  // One evaluation from the document down: an element found before the app took over the
  // server's screen (decision 020) would be measured detached.
  return page.evaluate((label) => {
    const list = document.querySelector(`[role="tablist"][aria-label="${label}"]`)
    if (!list) throw new Error(`sem a lista de abas ${label}`)
    const lines = (node: Node) => {
      const range = document.createRange()
      range.selectNodeContents(node)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    }
    return {
      listOverflows: list.scrollWidth > list.clientWidth,
      tabs: [...list.querySelectorAll('[role="tab"]')].map((tab) => {
        const [labelNode, hint] = [...tab.childNodes]
        return {
          name: labelNode?.textContent ?? '',
          labelLines: labelNode ? lines(labelNode) : 0,
          hintLines: hint ? lines(hint) : 0,
          overflows: tab.scrollWidth > tab.clientWidth,
          top: Math.round(tab.getBoundingClientRect().top),
        }
      }),
    }
  }, name)
}

describeBrowser('payments: screens on a phone', () => {
  // Online screens: only the journey of the installed app has the worker.
  const journey = browserJourney({ noServiceWorker: true })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  async function openPayments() {
    await journey.loggedInPage('ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 5' }))
  }

  const payDebts = () => page.getByRole('button', { name: /^Pagar Débitos/ })

  it('Pagar Débitos shows how many and how much, and never pays a tick another tab hides', async () => {
    await openPayments()
    await page.getByRole('checkbox', { name: 'Selecionar parcela 4' }).check()
    await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).check()
    // What they cost today, as the link will charge: 194,33 (189,90 ten days late, with its fine
    // and interest) + 189,90 − 19,00.
    await expectText(payDebts(), 'Pagar Débitos (2) · R$ 365,23')
    await expectNoAxeViolations(page)

    // 'A pagar' hides the overdue 4: its tick goes, and with one left there is no button.
    await page.getByRole('tab', { name: 'A pagar' }).click()
    expect(
      await page.getByRole('checkbox', { name: 'Selecionar parcela 5', exact: true }).isChecked(),
    ).toBe(true)
    expect(await payDebts().count()).toBe(0)
    await page.getByRole('checkbox', { name: 'Selecionar parcela 6' }).check()
    await expectText(payDebts(), 'Pagar Débitos (2) · R$ 341,80')

    // Back on Todos, 4 is not ticked any more: what the button says is what it pays.
    await page.getByRole('tab', { name: 'Todos' }).click()
    expect(
      await page.getByRole('checkbox', { name: 'Selecionar parcela 4', exact: true }).isChecked(),
    ).toBe(false)
    await expectText(payDebts(), 'Pagar Débitos (2) · R$ 341,80')
    await payDebts().click()
    await page.waitForURL(/\/pagamento\?code=/)
    await page.getByRole('button', { name: 'Ver dados do contrato' }).click()
    await expectText(page.locator('dt:text-is("Parcela") + dd'), '5, 6')
  })

  it('with the install prompt shown, Pagar Débitos stays above it, on screen and tappable', async () => {
    await openPayments()
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        userChoice: new Promise(() => {}),
      })
      window.dispatchEvent(offer)
    })
    const prompt = page.getByRole('complementary', { name: 'Instalar o aplicativo' })
    await expectVisible(prompt)
    await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).check()
    await page.getByRole('checkbox', { name: 'Selecionar parcela 6' }).check()
    await expectVisible(payDebts())
    const place = await payDebts().evaluate((button) => {
      const box = button.getBoundingClientRect()
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      return {
        inside: box.top >= 0 && box.bottom <= window.innerHeight,
        onTop: hit !== null && button.contains(hit),
      }
    })
    expect(place).toEqual({ inside: true, onTop: true })
    const promptTop = (await prompt.boundingBox())?.y ?? 0
    const buttonBottom = await payDebts().evaluate(
      (button) => button.getBoundingClientRect().bottom,
    )
    expect(buttonBottom).toBeLessThanOrEqual(promptTop)
    await expectNoAxeViolations(page)
  })

  it('tabs keep every label and offer on one line at 390 px; the phone is formatted; Pix says how to pay', async () => {
    await openPayments()
    const listTabs = await tabLines(page, 'Filtrar parcelas')
    expect(listTabs.listOverflows).toBe(false)
    for (const tab of listTabs.tabs) {
      expect(tab).toEqual({ ...tab, labelLines: 1, overflows: false, top: listTabs.tabs[0]?.top })
    }

    await page.getByRole('button', { name: 'Pagar parcela 7', exact: true }).click()
    await page.waitForURL(/\/pagamento\?code=/)
    await expectVisible(page.getByRole('heading', { name: 'Formas de pagamento' }))
    const methods = await tabLines(page, 'Formas de pagamento')
    expect(methods.listOverflows).toBe(false)
    expect(methods.tabs.map((tab) => tab.name)).toEqual(['Pix', 'Cartão', 'Recorrência', 'Boleto'])
    for (const tab of methods.tabs)
      expect(tab).toEqual({ ...tab, labelLines: 1, hintLines: 1, overflows: false })
    await expectVisible(page.getByText('5% em OFF').first())

    const holder = page.getByRole('region', { name: 'Titular' })
    // Formatted, and masked on a page anyone with the link can open (issue 27).
    await expectText(holder.locator('dt:has-text("Celular") + dd'), '+55 (11) *****-4321')

    await page.getByRole('button', { name: 'Gerar Pix' }).click()
    const qr = page.getByRole('img', { name: 'QR Code do Pix' })
    await expectVisible(qr)
    // A phone cannot read its own screen: the code to copy leads, the main button, and the QR
    // waits under "Verificar pagamento" for another device's camera.
    await expectVisible(
      page.getByText('Copie o código, abra o app do seu banco e cole em Pix Copia e Cola.', {
        exact: true,
      }),
    )
    const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN
    const copy = page.getByRole('button', { name: 'Copiar código' })
    const verify = page.getByRole('button', { name: 'Verificar pagamento' })
    expect(await top(copy)).toBeLessThan(await top(verify))
    expect(await top(verify)).toBeLessThan(await top(qr))
    await expectVisible(page.getByText('Ou leia o QR Code com outro celular:'))
    await expectNoAxeViolations(page)
    // On a computer the QR leads, for the phone in the person's hand.
    await page.setViewportSize({ width: 1366, height: 768 })
    await expectVisible(
      page.getByText(
        'Abra o app do seu banco, escolha Pix Copia e Cola (ou Pix com QR Code) e cole o código.',
        { exact: true },
      ),
    )
    expect(await top(qr)).toBeLessThan(await top(copy))
    expect(await top(copy)).toBeLessThan(await top(verify))
    // Its money rows show on a computer: the toggle names the contract's rows it adds.
    await page.getByRole('button', { name: 'Ver dados do contrato' }).click()
    await expectVisible(page.getByText('Descrição'))
    await expectVisible(page.getByRole('button', { name: 'Ocultar dados do contrato' }))
  })

  it('a link opened cold shows its screen before any script runs, and the app takes it over with nothing in between', async () => {
    const path = `/pagamento?code=${demoPaymentLinks.b2b}`
    // With no script at all: the server's HTML is the screen (decision 020).
    const bare = await journey.openDevice({ javaScriptEnabled: false })
    await bare.page.goto(`${server.url}${path}`)
    await expectVisible(bare.page.getByRole('heading', { level: 1, name: 'Pagamento' }))
    await expectVisible(bare.page.getByText('Ana Paula Souza'))
    await expectVisible(bare.page.getByRole('tab', { name: /^Pix/ }))

    // With the script: from the first paint to the app's screen, the page never shows anything
    // else (no spinner, no empty page), and it reads the link no second time.
    const seen: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/checkout/payment-link')) seen.push(request.url())
    })
    await page.addInitScript(() => {
      const states = new Set<string>()
      ;(window as unknown as { screenStates: Set<string> }).screenStates = states
      // From the parsed document on: while the HTML is still arriving, #root is partial.
      const record = () => {
        const root = document.getElementById('root')
        if (!root || document.readyState === 'loading') return
        const heading = root.querySelector('h1')?.textContent ?? '(sem título)'
        const spinner = root.textContent?.includes('Carregando pagamento') ? ' + carregando' : ''
        states.add(`${heading}${spinner}`)
      }
      document.addEventListener('DOMContentLoaded', record)
      new MutationObserver(record).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      })
    })
    // A tap on the server's screen before the app's code has arrived is not lost: it happens
    // once the app has taken over.
    const app = await holdTheApp(page)
    await page.goto(`${server.url}${path}`)
    await page.getByRole('button', { name: 'Ver dados do contrato' }).click()
    app.release()
    await expectVisible(page.getByRole('button', { name: 'Ocultar dados do contrato' }))
    await expectVisible(page.getByText('Descrição'))
    const states = await page.evaluate(() => [
      ...(window as unknown as { screenStates: Set<string> }).screenStates,
    ])
    expect(states).toEqual(['Pagamento'])
    expect(seen).toEqual([])
    await expectNoAxeViolations(page)
  })

  it('on a device with the app installed a link opens as the server renders it, and offline says so', async () => {
    await journey.newDevice({ serviceWorkers: 'allow' })
    page = journey.page
    const path = `/pagamento?code=${demoPaymentLinks.b2b}`
    // One visit before (the login screen) installed the app's worker.
    await page.goto(`${server.url}/login`)
    await waitForServiceWorker(page)
    const reads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/checkout/payment-link')) reads.push(request.url())
    })
    // The worker asks the server for the page: its HTML has the screen, no second read follows.
    const answer = await page.goto(`${server.url}${path}`)
    expect(answer?.fromServiceWorker()).toBe(true)
    expect(await answer?.text()).toMatch(
      /<div id="root" data-rendered="server"><.*Ana Paula Souza/s,
    )
    await expectVisible(page.getByRole('tab', { name: /^Pix/ }))
    await page.getByRole('button', { name: 'Ver dados do contrato' }).click()
    await expectVisible(page.getByRole('button', { name: 'Ocultar dados do contrato' }))
    expect(reads).toEqual([])

    await cutSignal(server, journey.context, 'offline')
    await page.goto(`${server.url}${path}`)
    await expectVisible(page.getByText(/^Sem conexão/))
  })

  it('/success says what was paid: instalment, amount, method and date', async () => {
    await openPayments()
    await showEveryInstalment(page)
    await page.getByRole('button', { name: 'Pagar parcela 8', exact: true }).click()
    await page.waitForURL(/\/pagamento\?code=/)
    await page.getByRole('tab', { name: /^Cartão/ }).click()
    await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111')
    await page.getByLabel('Nome do titular do cartão').fill('ANA P SOUZA')
    await page.getByLabel('Validade (MM/AAAA)').fill(expiry)
    await page.getByLabel('CVV').fill('123')
    const chosen = await chosenInstalments(page)
    // '1x de R$184,20 com desconto de 3%': the amount chosen is the amount paid.
    const amount = /^1x de R\$(\d+,\d{2})/.exec(chosen ?? '')?.[1]
    expect(amount).toBeTruthy()
    await page.getByRole('button', { name: 'Pagar com cartão' }).click()
    await page.waitForURL(/\/success\?/)

    const paid = page.getByRole('region', { name: 'Resumo do pagamento' })
    await expectVisible(paid.getByText('Parcela 8'))
    await expectVisible(paid.getByText('Mensalidade Plano Família Clube 08/12'))
    await expectText(paid.locator('dt:has-text("Total pago") + dd'), `R$ ${amount}`)
    await expectText(
      paid.locator('dt:has-text("Pago a") + dd'),
      'Clube Exemplo · CNPJ 12.345.678/0001-95',
    )
    // Its CNPJ stays inside the receipt's card, whole (audit 16 saw it run past a phone's card).
    const cnpj = await paid.getByText('12.345.678/0001-95', { exact: true }).boundingBox()
    const card = await paid.boundingBox()
    expect(cnpj && card && cnpj.x + cnpj.width <= card.x + card.width).toBe(true)
    expect(cnpj && cnpj.height < 24).toBe(true)
    await expectText(
      paid.locator('dt:has-text("Forma de pagamento") + dd'),
      'Cartão de crédito (VISA final 1111)',
    )
    // What the card's charge is known by at the gateway, as on the PDF receipt (audit 11).
    await expectText(paid.locator('dt:has-text("Autenticação") + dd'), /^\S{6,}$/)
    // The server's payment time, in the device's own calendar and clock: a moment ago.
    const when = paid.locator('dt:has-text("Data") + dd')
    await expectText(when, /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)
    const minutesAgo = await when.evaluate((element) => {
      const [d, m, y, h, min] = (element.textContent ?? '').match(/\d+/g)?.map(Number) ?? []
      const shown = new Date(y ?? 0, (m ?? 1) - 1, d, h, min).getTime()
      return (Date.now() - shown) / 60_000
    })
    expect(minutesAgo).toBeGreaterThanOrEqual(0)
    expect(minutesAgo).toBeLessThan(5)
    await expectNoAxeViolations(page)
  })
})
