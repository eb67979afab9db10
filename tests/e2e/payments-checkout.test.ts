import { readFile } from 'node:fs/promises'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { cardPayment } from '../../server/testing/payments'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { appIsLive, waitForServiceWorker } from '../helpers/device'
import { expectHidden, expectText, expectVisible } from '../helpers/expect'
import { chooseInstalments, instalmentOptions, showEveryInstalment } from '../helpers/instalments'
import { browserJourney } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { cutSignal, noSignalModes, restoreSignal } from '../helpers/network'
import { pdfText } from '../helpers/pdf'
import type { RunningServer } from '../helpers/server'

const cards = {
  visa: '4111 1111 1111 1111',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
}
const expiry = `08/${new Date().getFullYear() + 3}`

describeBrowser('payment link: checkout by every method', () => {
  /** Bodies of every request the browser sent, to prove where the card number went. */
  let sent: Array<{ url: string; body: string }> = []
  // The payment screens work online only: the worker is only on the devices that cut the signal.
  const journey = browserJourney({
    noServiceWorker: true,
    device: { acceptDownloads: true },
    onDevice: (context) => {
      sent = []
      context.on('request', (request) => {
        sent.push({ url: request.url(), body: request.postData() ?? '' })
      })
    },
  })
  let server: RunningServer
  let context: BrowserContext
  let page: Page
  beforeEach(() => {
    ;({ server, context, page } = journey)
  })

  async function newDevice(options: BrowserContextOptions = {}) {
    ;({ context, page } = await journey.newDevice(options))
  }

  /**
   * Ana logs in and opens Pagamentos: through the API, as the payment screens are what these
   * journeys test, except those that cut the signal (see loggedInPage).
   */
  async function openPayments(login: 'api' | 'screens' = 'api') {
    if (login === 'api') await journey.loggedInPage('ana@exemplo.com.br', { page })
    else await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    // (Earlier journeys here pay some: whichever are left, the list is on screen.)
    await expectVisible(page.getByRole('tabpanel').getByRole('listitem'))
  }

  /** From Pagamentos, 'Pagar' on one instalment: the payment link of that instalment. */
  async function payOne(installment: number, login: 'api' | 'screens' = 'api') {
    await openPayments(login)
    await showEveryInstalment(page)
    await page.getByRole('button', { name: `Pagar parcela ${installment}`, exact: true }).click()
    await page.waitForURL(/\/pagamento\?code=/)
    await expectVisible(page.getByRole('heading', { name: 'Formas de pagamento' }))
    // The journeys here are the live app's: the server's rendered screen has made way for it
    // (a busy machine once lost a tab's tap in that hand-over; early-taps' own tests cover it).
    await appIsLive(page)
  }

  async function fillCard(number: string, holder = 'ANA P SOUZA', date = expiry, cvv = '123') {
    await page.getByLabel('Número do cartão').fill(number)
    await page.getByLabel('Nome do titular do cartão').fill(holder)
    await page.getByLabel('Validade (MM/AAAA)').fill(date)
    await page.getByLabel('CVV').fill(cvv)
  }

  const toast = (text: string) =>
    page.locator('[data-sonner-toast]').getByText(text, { exact: true })

  it('Pix: two instalments → Pagar Débitos → QR → settled at the bank → success → Pago', async () => {
    await openPayments()
    await page.getByRole('checkbox', { name: 'Selecionar parcela 4' }).check()
    await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).check()
    await page.getByRole('button', { name: 'Pagar Débitos' }).click()
    await page.waitForURL(/\/pagamento\?code=/)

    // Holder card, charge summary, the tabs the link allows, Pix first.
    await expectVisible(page.getByText('Ana Paula Souza'))
    // Who charges, first: the provider's name and CNPJ (brand.json).
    await expectText(
      page.locator('p', { hasText: /^Cobrança de / }),
      'Cobrança de Clube Exemplo, CNPJ 12.345.678/0001-95',
    )
    await expectVisible(page.getByRole('heading', { name: 'Resumo da cobrança' }))
    // And whom to ask about it, at the page's foot.
    const help = page.locator('p', { hasText: /^Dúvidas sobre esta cobrança\?/ })
    expect(
      await help.getByRole('link', { name: 'atendimento@exemplo.com.br' }).getAttribute('href'),
    ).toBe('mailto:atendimento@exemplo.com.br')
    await expectVisible(help.getByRole('link', { name: 'Privacidade' }))
    // The money rows show; the contract's rows fold away until asked for.
    await expectVisible(page.locator('dt:text-is("Valor")'))
    await expectVisible(page.locator('dt:has-text("Total")'))
    expect(await page.locator('dt:text-is("Parcela")').isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Ver dados do contrato' }).click()
    await expectText(page.locator('dt:text-is("Parcela") + dd'), '4, 5')
    expect(
      (await page.getByRole('tab').allTextContents()).map((text) => text.split(/\d|Até/)[0]),
    ).toEqual(['Pix', 'Cartão', 'Recorrência', 'Boleto'])
    await expectVisible(page.getByText('Valor pagando via PIX'))
    await expectVisible(page.locator('s')) // the original value, struck: Pix has a discount
    await expectVisible(page.getByText('5% em OFF').first())
    // One "Você paga" at the summary's foot on every tab (audit 13), Pix's too: the Pix price,
    // which the spec's panel line confirms beside the lead's Total, struck through.
    const pixPrice =
      (await page
        .getByText('Valor pagando via PIX')
        .locator('..')
        .locator('strong')
        .textContent()) ?? ''
    expect(pixPrice).toMatch(/^R\$/)
    await expectText(
      page.locator('s'),
      (await page.locator('dt:text-is("Total") + dd').textContent()) ?? 'missing',
    )
    const youPayPix = page.locator('[aria-live="polite"]', { hasText: 'Você paga' })
    await expectText(youPayPix, /^Você paga no Pix/)
    expect(await youPayPix.textContent()).toContain(pixPrice)
    await expectText(youPayPix, /à vista · 5% de desconto/)
    // The tab's main action is the column's width, under its panel, as the other tabs'.
    const generateBox = await page.getByRole('button', { name: 'Gerar Pix' }).boundingBox()
    const tabsBox = await page.getByRole('tablist', { name: 'Formas de pagamento' }).boundingBox()
    expect(generateBox && tabsBox && Math.abs(generateBox.width - tabsBox.width) <= 1).toBe(true)
    // The app came from Pagamentos: back arrow and the menu with 'Sair'.
    await expectVisible(page.getByRole('button', { name: 'Voltar' }))
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Gerar Pix' }).click()
    await expectVisible(page.getByRole('img', { name: 'QR Code do Pix' }))
    await expectText(page.getByRole('timer'), /^Expira em (30:00|29:\d\d)$/)
    // The screen says what it waits for, beside the countdown.
    await expectVisible(page.getByText('Aguardando pagamento', { exact: true }))
    const copiaECola = await page.getByLabel('Pix copia e cola').inputValue()
    expect(copiaECola).toMatch(/^000201.*6304[0-9A-F]{4}$/)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await page.getByRole('button', { name: 'Copiar código' }).click()
    await expectVisible(toast('Código Pix copiado!'))
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copiaECola)
    await expectNoAxeViolations(page)

    // Not paid yet: a warning, and the screen stays.
    await page.getByRole('button', { name: 'Verificar pagamento' }).click()
    await expectVisible(toast('Aguardando pagamento'))
    expect(new URL(page.url()).pathname).toBe('/pagamento')

    // A reload inside the window shows the same Pix.
    await page.reload()
    await expectVisible(page.getByRole('img', { name: 'QR Code do Pix' }))
    expect(await page.getByLabel('Pix copia e cola').inputValue()).toBe(copiaECola)

    // The bank settles it (what the payer's bank app would do).
    const stored = await page.evaluate(() => localStorage.getItem('pixResponse'))
    const txid = (
      JSON.parse(stored ?? '{}') as { data: Array<{ key: string; value: string }> }
    ).data.find((entry) => entry.key === 'txid')?.value
    expect(txid).toBeTruthy()
    const paid = await fetch(`${server.url}/sandbox/pix/${txid}/pay`, { method: 'POST' })
    expect(paid.status).toBe(200)

    // The bank's notification reached the server: the screen moves on by itself.
    await page.waitForURL(/\/success\?/, { timeout: 30_000 })
    await expectVisible(page.getByText('PIX realizado com sucesso!'))
    expect(await page.evaluate(() => localStorage.getItem('pixResponse'))).toBeNull()
    await expectNoAxeViolations(page)

    await page.getByRole('link', { name: 'Voltar para Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await showEveryInstalment(page)
    await expectVisible(page.getByRole('button', { name: 'Pago (parcela 4)', exact: true }))
    await expectVisible(page.getByRole('button', { name: 'Pago (parcela 5)', exact: true }))
  })

  it('card: approved test card in 3x; the number goes to the tokenizer only', async () => {
    await payOne(6)
    await page.getByRole('tab', { name: /^Cartão/ }).click()
    await expectVisible(page.getByLabel('Número do cartão'))
    await expectNoAxeViolations(page)

    await fillCard(cards.visa)
    await expectText(page.getByText(/^Bandeira:/), 'Bandeira: Visa')
    const options = await instalmentOptions(page)
    expect(options.map((text) => text.split('x')[0])).toEqual(['1', '2', '3', '6'])
    const threeTimes = options.find((text) => text.startsWith('3x de R$'))
    // An option in instalments says what they add up to; one at once does not repeat itself.
    expect(threeTimes).toMatch(/total R\$\s[\d.,]+$/)
    expect(options.find((text) => text.startsWith('1x de R$'))).not.toMatch(/total/)
    await chooseInstalments(page, threeTimes ?? '')
    // The pay button follows the tab and the option: the card, in 3x, at the option's own
    // price, and so does the summary's "Você paga", on a phone as on a desktop (audit 13).
    const youPay = page.locator('[aria-live="polite"]', { hasText: 'Você paga' })
    const perInstalment = /^3x de R\$\s?([\d.,]+)/.exec(threeTimes ?? '')?.[1] ?? 'missing'
    const inThree = new RegExp(`3x de R\\$\\s${perInstalment.replace('.', '\\.')}`)
    await expectText(page.getByRole('button', { name: /^Pagar com cartão/ }), inThree)
    await expectText(youPay, /Você paga no cartão/)
    await expectText(youPay, inThree)
    // An impatient double tap: one submission at a time (spec §4), so one tokenization, one charge.
    await page
      .getByRole('button', { name: 'Pagar com cartão' })
      .evaluate((button: HTMLButtonElement) => {
        button.click()
        button.click()
      })

    await page.waitForURL(/\/success\?/)
    await expectVisible(page.getByText('Pagamento realizado com sucesso!'))
    await expectNoAxeViolations(page)
    // The receipt of what was just paid.
    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar comprovante' }).click(),
    ])
    const receiptText = await pdfText(await readFile((await receipt.path()) ?? ''))
    expect(receiptText).toContain('Cartão de crédito (VISA final 1111)')
    expect(receiptText).toContain('Parcela 6')

    const digits = cards.visa.replace(/\s/g, '')
    const withNumber = sent.filter((request) => request.body.replace(/\s/g, '').includes(digits))
    expect(withNumber.map((request) => new URL(request.url).pathname)).toEqual([
      '/sandbox/gateway/v1/token',
    ])
    expect(
      sent.filter((request) => request.url.endsWith('/socios-api/checkout/payment-link')),
    ).toHaveLength(1)
    const checkout = sent.find((request) =>
      request.url.endsWith('/socios-api/checkout/payment-link'),
    )
    expect(JSON.parse(checkout?.body ?? '{}')).toMatchObject({
      installments: 3,
      payment_type: 'CREDIT',
      token: '1',
      card: { brand: 'visa', last_four: '1111' },
    })

    await page.getByRole('link', { name: 'Voltar para Pagamentos' }).click()
    await expectVisible(page.getByRole('button', { name: 'Pago (parcela 6)', exact: true }))
  })

  it('card: a declined card shows the gateway message and charges nothing', async () => {
    await payOne(7)
    await page.getByRole('tab', { name: /^Cartão/ }).click()
    await fillCard(cards.declined)
    await page.getByRole('button', { name: 'Pagar com cartão' }).click()
    await expectVisible(toast('Transação recusada pelo emissor do cartão.'))
    expect(new URL(page.url()).pathname).toBe('/pagamento')
    // The blocking spinner is gone and the form can be sent again.
    await expectHidden(page.getByRole('status', { name: /Processando/ }))
    expect(await page.getByRole('button', { name: 'Pagar com cartão' }).isEnabled()).toBe(true)
  })

  it('card: each of the eight checks, in order, with its message', async () => {
    await payOne(8)
    await page.getByRole('tab', { name: /^Cartão/ }).click()
    const pay = () => page.getByRole('button', { name: 'Pagar com cartão' }).click()
    const steps: Array<[string, () => Promise<void>]> = [
      ['Informar o mês de vencimento do cartão.', async () => {}],
      [
        'Informe o mês de vencimento do cartão entre o mês 1 ao mês 12.',
        () => page.getByLabel('Validade (MM/AAAA)').fill('13/2030'),
      ],
      [
        'Informar o ano de vencimento do cartão.',
        () => page.getByLabel('Validade (MM/AAAA)').fill('12'),
      ],
      [
        'Informar o ano completo de vencimento do cartão. EX: 2025',
        () => page.getByLabel('Validade (MM/AAAA)').fill('12/20'),
      ],
      [
        'Informe o ano de vencimento do cartão maior ou igual ao ano atual.',
        () => page.getByLabel('Validade (MM/AAAA)').fill('12/0001'),
      ],
      ['Informar o nome do titular.', () => page.getByLabel('Validade (MM/AAAA)').fill(expiry)],
      [
        'Informar o número do cartão.',
        () => page.getByLabel('Nome do titular do cartão').fill('ANA'),
      ],
      [
        'Informar o cvv do cartão.',
        async () => {
          await page.getByLabel('Número do cartão').fill(cards.visa)
          await page.getByLabel('CVV').fill('12')
        },
      ],
    ]
    for (const [message, change] of steps) {
      await change()
      await pay()
      await expectVisible(toast(message))
    }
    expect(sent.filter((request) => request.url.includes('/v1/token'))).toEqual([])
  })

  it('recurrence: the card starts the recurring payment', async () => {
    await payOne(9)
    await page.getByRole('tab', { name: /^Recorrência/ }).click()
    await expectNoAxeViolations(page)
    await fillCard(cards.mastercard)
    await expectText(page.getByText(/^Bandeira:/), 'Bandeira: Mastercard')
    await page.getByRole('button', { name: 'Ativar recorrência' }).click()
    await page.waitForURL(/\/success\?/)
    await expectVisible(page.getByText('Pagamento realizado com sucesso!'))
    const checkout = sent.find((request) =>
      request.url.endsWith('/socios-api/checkout/payment-link'),
    )
    expect(JSON.parse(checkout?.body ?? '{}')).toMatchObject({ payment_type: 'RECURRENCE' })
  })

  it('boleto: due date, address block, success text', async () => {
    await payOne(10)
    await page.getByRole('tab', { name: /^Boleto/ }).click()
    const address = page.getByRole('group', { name: 'Endereço de cobrança' })
    await expectVisible(address)
    // Ana's address came filled, so it cannot change (spec §5): one line, no locked fields,
    // masked as her other data on a page anyone with the link can open (audit 12).
    await expectText(
      address.locator('p'),
      'Avenida Paulista, nº *** · São Paulo/SP · CEP 01310-***',
    )
    expect(await page.getByLabel('Rua').count()).toBe(0)
    const dates = await page.getByLabel('Pagar o boleto até').locator('option').allTextContents()
    expect(dates.length).toBeGreaterThan(0)
    for (const date of dates) expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
    await expectNoAxeViolations(page)
    await page.getByLabel('Pagar o boleto até').selectOption(dates.at(-1) ?? '')
    await page.getByRole('button', { name: 'Gerar Boleto' }).click()
    await page.waitForURL(/\/success\?/)
    await expectVisible(page.getByText('Seu boleto será enviado via WhatsApp e E-mail!'))
    const boleto = sent.find((request) => request.url.endsWith('/socios-api/checkout/pix-boleto'))
    // The boleto is issued with her address whole: only the page masked it.
    expect(JSON.parse(boleto?.body ?? '{}')).toMatchObject({
      selected_date: dates.at(-1),
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      zip_code: '01310100',
    })
    // The boleto is on screen too: amount, due date and the linha digitável to copy.
    const issued = page.getByRole('region', { name: 'Boletos gerados' })
    await expectVisible(issued.getByRole('heading', { name: 'Seu boleto' }))
    await expectText(issued.locator('dt:has-text("Vencimento") + dd'), dates.at(-1) ?? '')
    expect(await issued.getByLabel('Linha digitável').inputValue()).toMatch(
      /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/,
    )
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await issued.getByRole('button', { name: 'Copiar' }).click()
    await expectVisible(toast('Linha digitável copiada!'))
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d{47}$/)
    await expectNoAxeViolations(page)
  })

  it("card swap link: only 'Trocar Cartão', no charge summary, open without login", async () => {
    await page.goto(`${server.url}/pagamento?code=TROCA-CARTAO-ANA`)
    await expectVisible(page.getByRole('heading', { name: 'Trocar Cartão', level: 1 }))
    expect(await page.getByRole('tab').count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Resumo da cobrança' }).count()).toBe(0)
    expect(await page.getByText('Formas de pagamento').count()).toBe(0)
    expect(await page.getByLabel('Parcelas').count()).toBe(0)
    // What is replaced, before the form: the card charged now, and that nothing is charged today.
    const lead = page.getByRole('region', { name: 'Cartão da recorrência' })
    // (Earlier tests here may have replaced Ana's first Visa: any brand, its last four digits.)
    await expectVisible(lead.getByText(/^(Visa|Mastercard|American Express|Elo|Hipercard)$/))
    await expectVisible(lead.getByText(/^Cartão atual: final \d{4}$/))
    await expectVisible(lead.getByText(/Nada é cobrado agora\.$/))
    // Who asks for the card, as on every payment link.
    await expectText(
      lead.locator('p', { hasText: /^Cobrança de / }),
      'Cobrança de Clube Exemplo, CNPJ 12.345.678/0001-95',
    )
    // No stored contract: no back arrow, no menu.
    expect(await page.getByRole('button', { name: 'Voltar' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Mais opções' }).count()).toBe(0)
    await expectNoAxeViolations(page)

    await fillCard(cards.mastercard)
    await page.getByRole('button', { name: 'Trocar Cartão' }).click()
    await page.waitForURL(/\/success\?/)
    await expectVisible(page.getByText('Cartão alterado com sucesso!'))
    // Not logged in on this device: no way back to Pagamentos, a way into the portal instead.
    expect(await page.getByRole('link', { name: 'Voltar para Pagamentos' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Entrar no portal' }).click()
    await page.waitForURL(`${server.url}/login`)
  })

  it('an unknown link says why, in a toast and on the screen', async () => {
    await page.goto(`${server.url}/pagamento?code=NAO-EXISTE-123`)
    await expectVisible(
      page.getByRole('alert').filter({ hasText: 'Link de pagamento não encontrado.' }),
    )
    await expectVisible(toast('Link de pagamento não encontrado.'))
    await expectNoAxeViolations(page)
  })

  it('/success reads msg and message', async () => {
    await page.goto(`${server.url}/success?msg=Pronto!&message=Obrigado%20pelo%20pagamento`)
    await expectVisible(page.getByRole('heading', { name: 'Pronto!' }))
    await expectVisible(page.getByText('Obrigado pelo pagamento'))
    await expectNoAxeViolations(page)
  })

  describe('Pix window (fake clock)', () => {
    it('counts down mm:ss; at zero the QR goes, and the stored Pix with it', async () => {
      await payOne(11)
      await page.clock.install()
      await page.reload()
      await page.getByRole('button', { name: 'Gerar Pix' }).click()
      await expectVisible(page.getByRole('img', { name: 'QR Code do Pix' }))
      await page.clock.fastForward('10:00')
      await expectText(page.getByRole('timer'), /^Expira em (20:00|19:5\d)$/)
      await page.clock.fastForward('20:01')
      await expectVisible(page.getByRole('button', { name: 'Gerar Pix' }))
      expect(await page.getByRole('img', { name: 'QR Code do Pix' }).count()).toBe(0)
      expect(await page.evaluate(() => localStorage.getItem('pixData'))).toBeNull()
    })
  })

  describe('address block (link asks for the holder address)', () => {
    it("CEP lookup fills and locks the address; a failed lookup says 'CEP não encontrado!'", async () => {
      // The demo holders all have an address; this link's answer is altered to ask for one, the
      // way a holder without an address sees it. No service worker here (the file's devices have
      // none), so the route sees the call.
      await payOne(12)
      const code = new URL(page.url()).searchParams.get('code') ?? ''
      await page.route('**/socios-api/checkout/payment-link?*', async (route) => {
        const response = await route.fetch()
        const body = (await response.json()) as Record<string, unknown>
        await route.fulfill({
          response,
          json: {
            ...body,
            need_fill_person_fields: 'true',
            address_cep: '',
            address_state: '',
            address_city: '',
            address_street: '',
            address_number: '',
            address_neighborhood: '',
          },
        })
      })
      // The server writes the link's answer into the page (decision 020): without it, the app
      // reads the link from the API, where the answer is altered.
      await page.route(`**/pagamento?code=${code}`, async (route) => {
        const response = await route.fetch()
        const html = (await response.text()).replace(
          /<script type="application\/json" id="page-data">[^<]*<\/script>/,
          '',
        )
        await route.fulfill({ response, body: html })
      })
      await page.goto(`${server.url}/pagamento?code=${code}`)
      await page.getByRole('tab', { name: /^Cartão/ }).click()
      await expectVisible(page.getByRole('group', { name: 'Endereço de cobrança' }))
      await expectNoAxeViolations(page)

      await page.getByLabel('CEP').fill('99999-999')
      await page.getByLabel('Rua').focus()
      await expectText(page.getByRole('alert').filter({ hasText: 'CEP' }), 'CEP não encontrado')

      await page.route('**/sandbox/cep/**', (route) => route.abort())
      await page.getByLabel('CEP').fill('01310-100')
      await page.getByLabel('Rua').focus()
      await expectVisible(toast('CEP não encontrado!'))

      await page.unroute('**/sandbox/cep/**')
      await page.getByLabel('CEP').focus()
      await page.getByLabel('Rua').focus()
      await expect.poll(() => page.getByLabel('Rua').inputValue()).toBe('Avenida Paulista')
      expect(await page.getByLabel('Rua').getAttribute('readonly')).not.toBeNull()
      expect(await page.getByLabel('Estado').inputValue()).toBe('SP')

      await fillCard(cards.visa)
      await page.getByRole('button', { name: 'Pagar com cartão' }).click()
      await expectVisible(toast('Preencha o campo obrigatório: Número do endereço'))
      expect(sent.filter((request) => request.url.includes('/v1/token'))).toEqual([])
    })
  })

  it.each(noSignalModes)(
    '%s: the payment screen says plainly that paying needs a connection',
    async (mode) => {
      await newDevice({ serviceWorkers: 'allow' })
      await payOne(mode === 'offline' ? 7 : 8, 'screens')
      await expectVisible(page.getByRole('button', { name: 'Gerar Pix' }))
      await waitForServiceWorker(page)
      await cutSignal(server, context, mode)
      if (mode === 'lie-fi') {
        // The phone says "online": a tap before the app knows better says why it failed.
        await page.getByRole('button', { name: 'Gerar Pix' }).click()
        await expectVisible(toast('Não foi possível falar com o servidor. Verifique sua conexão.'))
        await expectVisible(page.getByText(/O pagamento precisa de internet/))
      }
      await page.reload()
      await expectVisible(page.getByText(/O pagamento precisa de internet/))
      expect(await page.getByRole('button', { name: 'Gerar Pix' }).count()).toBe(0)
      // The connection returns: the screen loads the link by itself.
      await restoreSignal(server, context)
      await expectVisible(page.getByRole('button', { name: 'Gerar Pix' }), 30_000)
    },
  )

  /** The txid of the Pix the screen keeps (spec §3 localStorage pixResponse). */
  const storedTxid = async () => {
    const stored = await page.evaluate(() => localStorage.getItem('pixResponse'))
    return (
      (JSON.parse(stored ?? '{}') as { data?: Array<{ key: string; value: string }> }).data?.find(
        (entry) => entry.key === 'txid',
      )?.value ?? ''
    )
  }

  it('a Pix paid at the bank with no page open is PAID at once, with no verification', async () => {
    await payOne(11)
    const code = new URL(page.url()).searchParams.get('code') ?? ''
    await page.getByRole('button', { name: 'Gerar Pix' }).click()
    await expectVisible(page.getByRole('img', { name: 'QR Code do Pix' }))
    const txid = await storedTxid()
    const token = await page.evaluate(() => localStorage.getItem('authToken'))
    const contractId = await page.evaluate(() => localStorage.getItem('contractId'))
    await page.close()

    expect((await fetch(`${server.url}/sandbox/pix/${txid}/pay`, { method: 'POST' })).status).toBe(
      200,
    )
    const orders = await fetch(
      `${server.url}/socios-api/client/contract/payment-orders/${contractId}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    )
    const instalment = (
      (await orders.json()) as Array<{ installment: number; status: string }>
    ).find((row) => row.installment === 11)
    expect(instalment?.status).toBe('PAID')
    const link = await fetch(`${server.url}/socios-api/checkout/payment-link?code=${code}`)
    expect(link.status).toBe(410)
  })

  it('a Pix on screen whose instalment is paid another way says so by itself, and stops', async () => {
    await payOne(12)
    await page.getByRole('button', { name: 'Gerar Pix' }).click()
    await expectVisible(page.getByRole('img', { name: 'QR Code do Pix' }))
    // Someone pays the same instalment by card, on another link.
    const token = await page.evaluate(() => localStorage.getItem('authToken'))
    const ids = await fetch(
      `${server.url}/socios-api/client/contract/payment-orders/${await page.evaluate(() => localStorage.getItem('contractId'))}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    ).then((response) => response.json() as Promise<Array<{ id: string; installment: number }>>)
    const instalment = ids.find((row) => row.installment === 12)?.id ?? ''
    const linked = await fetch(
      `${server.url}/socios-api/client/send-payment-link?ids=${instalment}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    )
    const other = new URL((await linked.json()) as string).searchParams.get('code') ?? ''
    const tokenized = await fetch(`${server.url}/sandbox/gateway/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', companyid: 'sandbox-portal' },
      body: JSON.stringify({
        card: {
          brand: 'visa',
          card_number: '4111111111111111',
          cvv: '123',
          due_date: expiry,
          card_holder: 'ANA P SOUZA',
        },
      }),
    }).then((response) => response.json() as Promise<Parameters<typeof cardPayment>[1]>)
    const byCard = await fetch(`${server.url}/socios-api/checkout/payment-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cardPayment(other, tokenized)),
    })
    expect(byCard.status).toBe(200)

    await expectVisible(
      page.getByRole('alert').filter({
        hasText: 'Este link foi pago por outro meio. O Pix foi cancelado e nada foi cobrado.',
      }),
      30_000,
    )
    expect(await page.getByRole('img', { name: 'QR Code do Pix' }).count()).toBe(0)
    expect(await page.getByRole('timer').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Gerar Pix' }).count()).toBe(0)
    expect(await page.evaluate(() => localStorage.getItem('pixResponse'))).toBeNull()
    await expectNoAxeViolations(page)
  })
})
