/**
 * Issue 23 in a browser: a provider's deployment, not the demo. The server runs with DEMO=0 on
 * PostgreSQL, with the provider's own people and instalments (written by the test: there is no
 * import yet), its bank's API Pix and Stripe. Neither is reachable from here, so each is a local
 * fake behind a validating proxy that holds every request of our server and every answer to the
 * provider's official OpenAPI document (the Central Bank's API Pix 2.9.0, Stripe's 2024-04-10);
 * a violation fails the journey. Stripe.js cannot be loaded from js.stripe.com either: the fake
 * serves a small stand-in with the same API (tests/fakes/stripe/stripe-js-stand-in.js), so the
 * card is typed into its fields and goes from them to the fake only. Then the same database is
 * served by a second server with only the bank's API Pix: it offers Pix and nothing else.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { scratchPostgres } from '../../server/testing'
import { startFakePsp } from '../fakes/pix-psp'
import { type FakeStripe, startFakeStripe } from '../fakes/stripe/index'
import { describeBrowser, expectNoAxeViolations, launchBrowser } from '../helpers/browser'
import { appIsLive } from '../helpers/device'
import { expectVisible } from '../helpers/expect'
import { chooseInstalments, instalmentOptions } from '../helpers/instalments'
import { phone } from '../helpers/journey'
import { loadPixDocument, loadStripeDocument } from '../helpers/openapi/documents'
import { startValidatingProxy, type ValidatingProxy } from '../helpers/openapi/validating-proxy'
import { type ProviderData, writeProviderData } from '../helpers/provider-data'
import { type RunningServer, startServer } from '../helpers/server'

const postgresRequired = Boolean(process.env.CI || process.env.REQUIRE_POSTGRES)
if (!process.env.TEST_DATABASE_URL && postgresRequired)
  throw new Error(
    'TEST_DATABASE_URL não definido e CI/REQUIRE_POSTGRES exige a jornada de um provedor em PostgreSQL.',
  )
if (!process.env.TEST_DATABASE_URL)
  console.warn(
    '\n*** JORNADA DE PROVEDOR PULADA: defina TEST_DATABASE_URL (PostgreSQL) para rodá-la. ***\n',
  )

const bank = {
  clientId: 'clube-exemplo',
  clientSecret: 'segredo-do-clube-no-banco',
  chave: '2b0a6b3e-54a4-4a0c-9a3e-1c1b5c1e9f10',
  webhookSecret: 'segredo-do-webhook-do-banco',
}

const cards = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
}
const expiry = `12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`

describeBrowser('a provider: DEMO=0 on PostgreSQL, its bank and Stripe', () => {
  const suite = process.env.TEST_DATABASE_URL ? describe : describe.skip
  suite('', () => {
    let drop: () => Promise<void>
    let data: ProviderData
    let psp: Awaited<ReturnType<typeof startFakePsp>>
    let stripe: FakeStripe
    let pixProxy: ValidatingProxy
    let stripeProxy: ValidatingProxy
    let server: RunningServer
    let browser: Browser
    let page: Page
    let databaseUrl = ''
    /** Every request the page sent, to prove where the card number went. */
    let sent: { url: string; body: string }[] = []

    const pixEnv = () => ({
      DEMO: '0',
      DATABASE_URL: databaseUrl,
      PIX_API_URL: `${pixProxy.url}/v2`,
      PIX_TOKEN_URL: psp.tokenUrl,
      PIX_CLIENT_ID: bank.clientId,
      PIX_CLIENT_SECRET: bank.clientSecret,
      PIX_CHAVE: bank.chave,
      PIX_WEBHOOK_SECRET: bank.webhookSecret,
      REMINDERS_EVERY: 'off',
    })

    beforeAll(async () => {
      const scratch = await scratchPostgres('pdt_provider')
      databaseUrl = scratch.url
      drop = scratch.drop
      data = await writeProviderData(databaseUrl)
      psp = await startFakePsp(bank)
      pixProxy = await startValidatingProxy({
        document: loadPixDocument(),
        upstream: psp.url,
        basePath: '/v2',
        name: 'API Pix (bacen 2.9.0)',
      })
      stripe = await startFakeStripe()
      stripeProxy = await startValidatingProxy({
        document: loadStripeDocument(),
        upstream: stripe.url,
        name: 'Stripe 2024-04-10',
      })
      ;[server, browser] = await Promise.all([
        startServer({
          ...pixEnv(),
          PAYMENT_GATEWAY: 'stripe',
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_API_URL: stripeProxy.url,
          STRIPE_JS_URL: stripe.jsUrl,
        }),
        launchBrowser(),
      ])
      stripe.setWebhook(`${server.url}/socios-api/webhooks/gateway`, stripe.webhookSecret)
    }, 120_000)
    afterAll(async () => {
      await browser?.close()
      await server?.close()
      await Promise.all([pixProxy?.close(), stripeProxy?.close()])
      await Promise.all([psp?.close(), stripe?.close()])
      await data?.close()
      await drop?.()
    })
    beforeEach(async () => {
      // Online screens: no service worker installing the app beside them (journey.ts).
      const context = await browser.newContext({
        locale: 'pt-BR',
        viewport: phone,
        serviceWorkers: 'block',
      })
      sent = []
      context.on('request', (request) =>
        sent.push({ url: request.url(), body: request.postData() ?? '' }),
      )
      page = await context.newPage()
    })
    afterEach(async () => {
      await page?.context().close()
      // Whatever our server sent the bank and Stripe, and what they answered, per the documents.
      pixProxy.assertClean()
      stripeProxy.assertClean()
    })

    const toast = (text: string) =>
      page.locator('[data-sonner-toast]').getByText(text, { exact: true })

    async function openLink(code: string, tab: RegExp) {
      await page.goto(`${server.url}/pagamento?code=${code}`)
      await expectVisible(page.getByRole('heading', { name: 'Formas de pagamento' }))
      // The server paints this public screen first (decision 020): taps and keys go to the app
      // once it has taken the page over, not to the painted copy it replaces.
      await appIsLive(page)
      await page.getByRole('tab', { name: tab }).click()
    }

    /** Types a card into Stripe's fields (the stand-in's) and ours, as a payer would. */
    async function typeCard(number: string) {
      await appIsLive(page)
      await page.getByLabel('Número do cartão').pressSequentially(number)
      await page.getByLabel('Nome do titular do cartão').fill('BEATRIZ MOURA')
      await page.getByLabel('Validade (MM / AA)').pressSequentially(expiry)
      await page.getByLabel('CVC').pressSequentially('123')
    }

    const paidAtServer = (code: string) =>
      expect
        .poll(
          async () => (await fetch(`${server.url}/socios-api/checkout/paid?code=${code}`)).status,
          { timeout: 30_000 },
        )
        .toBe(200)

    it('shows every method the provider configured; Pix paid at the bank reaches /success', async () => {
      const code = await data.link([1])
      await openLink(code, /^Pix/)
      expect(
        (await page.getByRole('tab').allTextContents()).map((text) => text.split(/\d|Até/)[0]),
      ).toEqual(['Pix', 'Cartão', 'Recorrência', 'Boleto'])
      await page.getByRole('button', { name: 'Gerar Pix' }).click()
      await expectVisible(page.getByRole('img', { name: 'QR Code do Pix' }))
      const stored = await page.evaluate(() => localStorage.getItem('pixResponse'))
      const txid = (
        JSON.parse(stored ?? '{}') as { data: { key: string; value: string }[] }
      ).data.find((entry) => entry.key === 'txid')?.value
      expect(await psp.pay(txid ?? '')).toMatchObject({ status: 'PAID' })
      await page.waitForURL(/\/success\?/, { timeout: 30_000 })
      await expectVisible(page.getByText('PIX realizado com sucesso!'))
      await paidAtServer(code)
      const bankCalls = pixProxy.calls().map((call) => `${call.operationId} ${call.status}`)
      expect(bankCalls).toContain('PUT /cob/{txid} 201')
      expect(bankCalls).toContain('GET /cob/{txid} 200')
    })

    it("card in 3x through Stripe's fields: the number goes to Stripe only", async () => {
      const code = await data.link([2])
      await openLink(code, /^Cartão/)
      await expectVisible(page.getByLabel('Número do cartão'))
      await expectNoAxeViolations(page)
      // The spec's checks keep their order and words, read from Stripe's fields.
      await page.getByRole('button', { name: 'Pagar com cartão' }).click()
      await expectVisible(toast('Informar o mês de vencimento do cartão.'))
      await typeCard(cards.visa)
      const threeTimes = (await instalmentOptions(page)).find((text) => text.startsWith('3x de R$'))
      await chooseInstalments(page, threeTimes ?? '')
      await page.getByRole('button', { name: 'Pagar com cartão' }).click()
      await page.waitForURL(/\/success\?/, { timeout: 30_000 })
      await expectVisible(page.getByText('Pagamento realizado com sucesso!'))
      await paidAtServer(code)

      const withNumber = sent.filter((request) => request.body.includes(cards.visa))
      expect(withNumber.map((request) => new URL(request.url).origin)).toEqual([
        new URL(stripe.url).origin,
      ])
      const confirm = stripe.requests().find((request) => request.path.endsWith('/confirm'))
      expect(confirm?.body).toMatchObject({
        payment_method_options: { card: { installments: { plan: { count: '3' } } } },
      })
    })

    it('recurrence on the card; a swap to a declining card is refused, a good one taken', async () => {
      const code = await data.link([3])
      await openLink(code, /^Recorrência/)
      await typeCard(cards.visa)
      await page.getByRole('button', { name: 'Ativar recorrência' }).click()
      await page.waitForURL(/\/success\?/, { timeout: 30_000 })
      await paidAtServer(code)

      await page.goto(`${server.url}/pagamento?code=${data.swapCode}`)
      await expectVisible(page.getByRole('heading', { name: 'Trocar Cartão' }))
      await typeCard(cards.declined)
      await page.getByRole('button', { name: 'Trocar Cartão' }).click()
      await expectVisible(toast('Transação recusada pelo emissor do cartão.'))
      expect(new URL(page.url()).pathname).toBe('/pagamento')
      await page.reload()
      await typeCard(cards.mastercard)
      await page.getByRole('button', { name: 'Trocar Cartão' }).click()
      await page.waitForURL(/\/success\?/, { timeout: 30_000 })
      await expectVisible(page.getByText('Cartão alterado com sucesso!'))
      const setups = stripe.requests().filter((request) => request.path === '/v1/setup_intents')
      expect(setups.map((request) => request.status)).toEqual([402, 200])
    })

    it('boleto: the linha digitável shows; paid at the bank, Stripe tells the server', async () => {
      const code = await data.link([4])
      await openLink(code, /^Boleto/)
      await page.getByRole('button', { name: 'Gerar Boleto' }).click()
      await page.waitForURL(/\/success\?/, { timeout: 30_000 })
      await expectVisible(page.getByText('Seu boleto será enviado via WhatsApp e E-mail!'))
      const boleto = stripe
        .requests()
        .find(
          (request) =>
            request.path.endsWith('/confirm') &&
            (request.response as { payment_method_types?: string[] }).payment_method_types?.[0] ===
              'boleto',
        )
      const intent = boleto?.response as {
        id: string
        next_action: { boleto_display_details: { number: string } }
      }
      const line = intent.next_action.boleto_display_details.number
      await expectVisible(page.getByText(line.slice(0, 5)))
      await stripe.payBoleto(intent.id)
      await paidAtServer(code)
    })

    it('a server with only the bank configured offers Pix and nothing else', async () => {
      const pixOnly = await startServer(pixEnv())
      try {
        // Logged as it starts listening: the line may reach our pipe after the first answer.
        await expect.poll(() => pixOnly.output()).toContain('Pagamentos ativos: Pix')
        await page.goto(`${pixOnly.url}/pagamento?code=${await data.link([5])}`)
        await expectVisible(page.getByRole('heading', { name: 'Formas de pagamento' }))
        expect((await page.getByRole('tab').allTextContents()).map((text) => text.trim())).toEqual([
          expect.stringMatching(/^Pix/),
        ])
        await expectNoAxeViolations(page)
      } finally {
        await pixOnly.close()
      }
    })
  })
})
