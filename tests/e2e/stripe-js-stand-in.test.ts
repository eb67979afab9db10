/**
 * The fake Stripe's Stripe.js stand-in in a real Chromium: a page of another origin loads it from
 * the fake, mounts the three card fields, and a card typed into them (found by their accessible
 * names) becomes a PaymentMethod the fake knows — the number sent nowhere but there.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FakeStripe, startFakeStripe } from '../fakes/stripe/index'
import { conformanceChecker, paymentMethodFromBrowser, sdkFor } from '../fakes/stripe/test-support'
import { describeBrowser, expectNoAxeViolations, launchBrowser } from '../helpers/browser'

type ChangeEvent = {
  elementType: string
  empty: boolean
  complete: boolean
  brand?: string
  error?: { type: string; code: string; message: string }
}

const page = (fake: FakeStripe) => `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Pagamento com cartão</title><script src="${fake.jsUrl}"></script></head>
<body><main>
  <h1>Cartão</h1>
  <div id="numero"></div><div id="validade"></div><div id="cvc"></div>
  <script>
    window.changes = []
    const stripe = Stripe('${fake.publishableKey}', { locale: 'pt-BR' })
    const elements = stripe.elements({ locale: 'pt-BR' })
    for (const [type, id] of [['cardNumber', 'numero'], ['cardExpiry', 'validade'], ['cardCvc', 'cvc']]) {
      const element = elements.create(type)
      element.on('change', (event) => window.changes.push(event))
      element.mount('#' + id)
    }
    window.stripe = stripe
    window.createCard = () => stripe.createPaymentMethod({
      type: 'card',
      card: elements.getElement('cardNumber'),
      billing_details: { name: 'Ana Souza' },
    })
  </script>
</main></body>
</html>`

describeBrowser('the Stripe.js stand-in served by the fake Stripe', () => {
  let fake: FakeStripe
  let site: Server
  let browser: Browser
  let tab: Page
  /** Every request the page made: where the card number could have gone. */
  const sent: { method: string; url: string; body: string }[] = []

  beforeAll(async () => {
    fake = await startFakeStripe()
    site = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(fake))
    })
    await new Promise<void>((ready) => site.listen(0, '127.0.0.1', ready))
    browser = await launchBrowser()
    tab = await browser.newPage()
    tab.on('request', (request) =>
      sent.push({
        method: request.method(),
        url: request.url(),
        body: `${request.url()} ${request.postData() ?? ''}`,
      }),
    )
    await tab.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`)
  })

  afterAll(async () => {
    await browser?.close()
    await new Promise((done) => site?.close(done))
    await fake?.close()
  })

  const lastChange = (elementType: string) =>
    tab.evaluate(
      (type) =>
        (window as unknown as { changes: ChangeEvent[] }).changes.findLast(
          (event) => event.elementType === type,
        ),
      elementType,
    )
  const createCard = () =>
    tab.evaluate(() =>
      (
        window as unknown as {
          createCard: () => Promise<{ paymentMethod?: { id: string }; error?: unknown }>
        }
      ).createCard(),
    )

  it('takes a card by the fields’ names and makes a PaymentMethod the fake knows', async () => {
    const number = tab.getByLabel('Número do cartão')
    await number.pressSequentially('4242424242424242')
    expect(await number.inputValue()).toBe('4242 4242 4242 4242')
    expect(await lastChange('cardNumber')).toEqual({
      elementType: 'cardNumber',
      empty: false,
      complete: true,
      brand: 'visa',
    })
    const year = String((new Date().getFullYear() + 3) % 100)
    const expiry = tab.getByLabel('Validade (MM / AA)')
    await expiry.pressSequentially(`12${year}`)
    expect(await expiry.inputValue()).toBe(`12 / ${year}`)
    await tab.getByLabel('CVC').pressSequentially('123')
    expect(await lastChange('cardCvc')).toMatchObject({ complete: true, empty: false })
    await expectNoAxeViolations(tab)

    const { paymentMethod } = await createCard()
    if (!paymentMethod) throw new Error('createPaymentMethod não deu um PaymentMethod')
    // The number left the page once, to the fake's /v1/payment_methods with the publishable key.
    const carrying = sent.filter((request) => request.body.includes('4242424242424242'))
    expect(carrying.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `POST ${fake.url}/v1/payment_methods`,
    ])
    expect(carrying[0]?.body).toContain(`key=${fake.publishableKey}`)
    const known = await sdkFor(fake).paymentMethods.retrieve(paymentMethod.id)
    expect(known.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12 })
    expect(known.billing_details.name).toBe('Ana Souza')
    // What the stand-in sent and the fake answered, as Stripe's OpenAPI document says.
    expect(conformanceChecker(fake)()).toEqual([])
  })

  it('calls a full number failing Luhn invalid_number, and sends nothing', async () => {
    const number = tab.getByLabel('Número do cartão')
    await number.fill('')
    await number.pressSequentially('4242424242424241')
    expect(await lastChange('cardNumber')).toMatchObject({
      complete: false,
      error: {
        type: 'validation_error',
        code: 'invalid_number',
        message: 'O número do cartão é inválido.',
      },
    })
    const sent = fake.requests().length
    expect(await createCard()).toEqual({
      error: {
        type: 'validation_error',
        code: 'invalid_number',
        message: 'O número do cartão é inválido.',
      },
    })
    expect(fake.requests()).toHaveLength(sent)
  })

  it('completes 3-D Secure with handleNextAction: the PaymentIntent succeeds', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4000002500003155' })
    const intent = await sdkFor(fake).paymentIntents.create({
      amount: 5_000,
      currency: 'brl',
      payment_method: card.id,
      payment_method_types: ['card'],
      confirm: true,
    })
    expect(intent.status).toBe('requires_action')
    const result = await tab.evaluate(
      (clientSecret) =>
        (
          window as unknown as {
            stripe: { handleNextAction: (options: object) => Promise<{ paymentIntent?: unknown }> }
          }
        ).stripe.handleNextAction({ clientSecret }),
      intent.client_secret,
    )
    expect(result.paymentIntent).toMatchObject({ id: intent.id, status: 'succeeded' })
  })
})
