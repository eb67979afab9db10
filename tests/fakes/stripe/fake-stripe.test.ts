/**
 * The fake Stripe, driven by Stripe's official Node SDK through every endpoint and scenario the
 * portal relies on, and held to Stripe's OpenAPI document (API 2024-04-10): after each test,
 * every answer is validated against the document's response for its operation and status, and
 * every request the fake accepted against the operation's parameters — zero violations.
 * Webhooks are checked with the SDK's own signature verification.
 */
import { identificarDataComNovoFator2025, validarBoleto } from '@mrmgomes/boleto-utils'
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { barcodeFromDigitableLine } from '../../../server/adapters/payment-gateway/boleto-line'
import { type FakeStripe, startFakeStripe } from './index'
import { operationFor, responseViolations } from './openapi-check'
import {
  cardFromBrowser,
  conformanceChecker,
  paymentMethodFromBrowser,
  sdkFor,
  startWebhookReceiver,
  validated,
} from './test-support'

/** Noon in São Paulo: boleto dates are checked against this clock. */
const now = new Date('2026-11-25T15:00:00Z')
const webhookSecret = 'whsec_TestSecretForTheFakeStripe0123'

let fake: FakeStripe
let stripe: Stripe
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let conforms: () => string[]

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  fake = await startFakeStripe({
    webhook: { url: receiver.url, secret: webhookSecret },
    now: () => now,
  })
  stripe = sdkFor(fake)
  conforms = conformanceChecker(fake)
})

// Compiling a response validator takes seconds: the first checks need room on 2 busy cores.
afterEach(() => expect(conforms()).toEqual([]), 180_000)

afterAll(async () => {
  await fake?.close()
  await receiver?.close()
  const lines = [...validated].map(
    ([operation, statuses]) => `${operation} → ${[...statuses].join(', ')}`,
  )
  console.info(`Answers validated against the document:\n${lines.sort().join('\n')}`)
})

const cardIntent = (
  payment_method: string,
  extra: Partial<Stripe.PaymentIntentCreateParams> = {},
) =>
  stripe.paymentIntents.create({
    amount: 18_990,
    currency: 'brl',
    payment_method,
    payment_method_types: ['card'],
    description: 'Plano Família 123',
    metadata: { reference: crypto.randomUUID() },
    ...extra,
  })

/** The rejection of a call that must fail, as the SDK raises it. */
async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof Stripe.errors.StripeError))
    throw new Error(`esperava um erro da Stripe: ${error}`)
  return error
}

const eventsAbout = (id: string) =>
  fake
    .events()
    .filter((event) => (event.data.object as { id: string }).id === id)
    .map((event) => event.type)

describe('keys, API version and idempotency', { timeout: 180_000 }, () => {
  it('refuses a wrong key, a missing one, and the publishable key on server calls (401)', async () => {
    const wrong = await failure(sdkFor(fake, 'sk_test_NotTheFakesKey000000').customers.create({}))
    expect(wrong).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    expect(wrong.statusCode).toBe(401)
    expect(wrong.message).toMatch(/^Invalid API Key provided: sk_test_\*+0000$/)

    const publishable = await failure(sdkFor(fake, fake.publishableKey).customers.create({}))
    expect(publishable.statusCode).toBe(401)
    expect(publishable.message).toMatch(/cannot be made with a publishable API key/)

    const none = await fetch(`${fake.url}/v1/customers`, { method: 'POST' })
    expect(none.status).toBe(401)
    expect((await none.json()).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringMatching(/^You did not provide an API key/),
    })
  })

  it('answers in the version asked for (echoed), and refuses one it does not speak', async () => {
    const customer = await stripe.customers.create({ name: 'Ana Souza' })
    expect(customer.lastResponse.headers['stripe-version']).toBe('2024-04-10')
    const other = await fetch(`${fake.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'stripe-version': '2020-08-27' },
    })
    expect(other.status).toBe(400)
    expect((await other.json()).error.type).toBe('invalid_request_error')
  })

  it('replays the first answer to a repeated key, and refuses the key with other parameters', async () => {
    const params = { name: 'Ana Souza', email: 'ana@example.com', metadata: { contract_id: 'c1' } }
    const first = await stripe.customers.create(params, { idempotencyKey: 'customer-c1' })
    const again = await stripe.customers.create(params, { idempotencyKey: 'customer-c1' })
    expect(again.id).toBe(first.id)
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true')
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined()

    const changed = await failure(
      stripe.customers.create({ ...params, name: 'Bruno' }, { idempotencyKey: 'customer-c1' }),
    )
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(changed.statusCode).toBe(400)
    expect(changed.message).toMatch(/same parameters they were first used with/)

    const elsewhere = await failure(
      stripe.paymentIntents.create(
        { amount: 1000, currency: 'brl' },
        { idempotencyKey: 'customer-c1' },
      ),
    )
    expect(elsewhere.type).toBe('StripeIdempotencyError')
    expect(elsewhere.message).toMatch(/same endpoint/)
  })

  it('keeps a decline under its key (same 402 again), not a request refused for its parameters', async () => {
    const declined = await paymentMethodFromBrowser(fake, { number: '4000000000000002' })
    const params = {
      amount: 5000,
      currency: 'brl',
      payment_method: declined.id,
      payment_method_types: ['card'],
      confirm: true,
    }
    const first = await failure(
      stripe.paymentIntents.create(params, { idempotencyKey: 'decline-1' }),
    )
    const again = await failure(
      stripe.paymentIntents.create(params, { idempotencyKey: 'decline-1' }),
    )
    expect(again).toMatchObject({
      statusCode: 402,
      charge: first.charge,
      requestId: expect.any(String),
    })
    const [original, replay] = fake.requests().slice(-2)
    expect(original).toMatchObject({ status: 402, replayed: false })
    expect(replay).toMatchObject({ status: 402, replayed: true, response: original?.response })

    const unknown = await failure(
      stripe.paymentIntents.create({ ...params, color: 'blue' } as never, {
        idempotencyKey: 'fixed',
      }),
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.message).toMatch(/^Received unknown parameter: color/)
    const usable = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
    const fixed = await stripe.paymentIntents.create(
      { ...params, payment_method: usable.id },
      { idempotencyKey: 'fixed' },
    )
    expect(fixed.status).toBe('succeeded')
  })

  it('answers 404 for an id nobody made and for a call it does not implement', async () => {
    const missing = await failure(stripe.paymentIntents.retrieve('pi_nobodyMadeThis000000000'))
    expect(missing.statusCode).toBe(404)
    expect(missing.code).toBe('resource_missing')
    expect(missing.message).toBe("No such payment_intent: 'pi_nobodyMadeThis000000000'")
    const list = await failure(stripe.charges.list())
    expect(list.statusCode).toBe(404)
  })
})

describe('PaymentMethods made by Stripe.js, read by the server', { timeout: 180_000 }, () => {
  it('makes a card from the browser form (publishable key) and shows only its last digits', async () => {
    const made = await paymentMethodFromBrowser(fake, {
      number: '4242424242424242',
      exp_year: '34',
    })
    const read = await stripe.paymentMethods.retrieve(made.id)
    expect(read).toMatchObject({
      type: 'card',
      customer: null,
      billing_details: { name: 'Ana Souza', email: null },
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, funding: 'credit' },
    })
    expect(JSON.stringify(read)).not.toContain('4242424242424242')
    const logged = fake
      .requests()
      .find((request) => (request.response as { id?: string }).id === made.id)
    expect(logged).toMatchObject({
      key: 'publishable',
      body: { card: { number: '************4242', cvc: '***' } },
    })

    const mastercard = await paymentMethodFromBrowser(fake, { number: '5555555555554444' })
    expect(mastercard.card).toMatchObject({ brand: 'mastercard', last4: '4444' })
  })

  it.each([
    ['4242424242424241', {}, 'incorrect_number', 'card[number]'],
    ['4000000000000044', {}, 'card_declined', 'card[number]'],
    ['4242424242424242', { exp_year: '20' }, 'invalid_expiry_year', 'card[exp_year]'],
    ['4242424242424242', { exp_month: '13' }, 'invalid_expiry_month', 'card[exp_month]'],
    ['4242424242424242', { cvc: '12' }, 'invalid_cvc', 'card[cvc]'],
  ])('refuses %s %j as Stripe does: 402 %s', async (number, other, code, param) => {
    const { status, body } = await cardFromBrowser(fake, { number, ...other })
    expect(status).toBe(402)
    expect(body.error).toMatchObject({ type: 'card_error', code, param })
    if (code === 'card_declined')
      expect(body.error).toMatchObject({ decline_code: 'test_mode_live_card' })
  })

  it('answers 404 for a PaymentMethod nobody made', async () => {
    const missing = await failure(stripe.paymentMethods.retrieve('pm_nobodyMadeThis000000000'))
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'payment_method',
    })
  })
})

describe('card PaymentIntents', { timeout: 180_000 }, () => {
  it('charges a card as the adapter does: created unconfirmed, then confirmed', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
    const created = await cardIntent(card.id)
    expect(created).toMatchObject({
      status: 'requires_confirmation',
      capture_method: 'automatic_async',
      confirmation_method: 'automatic',
      amount_received: 0,
      latest_charge: null,
    })
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`))
    const confirmed = await stripe.paymentIntents.confirm(created.id, {})
    expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 18_990 })
    const read = await stripe.paymentIntents.retrieve(created.id, { expand: ['latest_charge'] })
    expect(read.latest_charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      paid: true,
      amount: 18_990,
      payment_intent: created.id,
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    })
    await fake.webhooksSettled()
    expect(eventsAbout(created.id)).toEqual(['payment_intent.succeeded'])
  })

  it('keeps the card for the Customer, in the installments chosen at confirmation', async () => {
    const customer = await stripe.customers.create({
      name: 'Ana Souza',
      metadata: { contract_id: 'c2' },
    })
    const card = await paymentMethodFromBrowser(fake, { number: '5555555555554444' })
    const created = await cardIntent(card.id, {
      customer: customer.id,
      setup_future_usage: 'off_session',
      payment_method_options: { card: { installments: { enabled: true } } },
    })
    const plan = { count: 3, interval: 'month', type: 'fixed_count' } as const
    const confirmed = await stripe.paymentIntents.confirm(created.id, {
      payment_method_options: { card: { installments: { plan } } },
    })
    expect(confirmed.status).toBe('succeeded')
    expect(confirmed.payment_method_options?.card?.installments?.plan).toEqual(plan)
    const read = await stripe.paymentIntents.retrieve(created.id, { expand: ['latest_charge'] })
    const charge = read.latest_charge as Stripe.Charge
    expect(charge.payment_method_details?.card?.installments).toEqual({ plan })
    expect((await stripe.paymentMethods.retrieve(card.id)).customer).toBe(customer.id)

    const withoutCustomer = await failure(cardIntent(card.id))
    expect(withoutCustomer).toMatchObject({ statusCode: 400, param: 'payment_method' })
    const next = await cardIntent(card.id, { customer: customer.id, confirm: true })
    expect(next.status).toBe('succeeded')
  })

  it('takes an installment plan only at confirmation, as Stripe', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
    const plan = { count: 2, interval: 'month', type: 'fixed_count' } as const
    const early = await failure(
      cardIntent(card.id, { payment_method_options: { card: { installments: { plan } } } }),
    )
    expect(early).toMatchObject({
      statusCode: 400,
      param: 'payment_method_options[card][installments][plan]',
    })
    const atOnce = await cardIntent(card.id, {
      confirm: true,
      payment_method_options: { card: { installments: { plan } } },
    })
    expect(atOnce.payment_method_options?.card?.installments?.plan).toEqual(plan)
  })

  it('refuses a card already used without a Customer', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
    await cardIntent(card.id, { confirm: true })
    const reused = await failure(cardIntent(card.id))
    expect(reused).toMatchObject({ statusCode: 400, param: 'payment_method' })
    expect(reused.message).toMatch(/may not be used again/)
  })

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    [
      '4000000000009995',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['4000000000000069', 'expired_card', 'expired_card', 'Your card has expired.'],
    [
      '4000000000000127',
      'incorrect_cvc',
      'incorrect_cvc',
      "Your card's security code is incorrect.",
    ],
  ])(
    'declines %s at confirm: 402 %s/%s, back to requires_payment_method',
    async (number, code, declineCode, message) => {
      const card = await paymentMethodFromBrowser(fake, { number })
      const created = await cardIntent(card.id)
      const declined = await failure(stripe.paymentIntents.confirm(created.id, {}))
      expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError)
      expect(declined).toMatchObject({ statusCode: 402, code, decline_code: declineCode, message })
      const raw = declined.raw as { payment_intent: Stripe.PaymentIntent; charge: string }
      expect(raw.payment_intent).toMatchObject({
        id: created.id,
        status: 'requires_payment_method',
        payment_method: null,
        last_payment_error: { type: 'card_error', code, decline_code: declineCode, message },
      })
      const read = await stripe.paymentIntents.retrieve(created.id, { expand: ['latest_charge'] })
      expect(read.status).toBe('requires_payment_method')
      expect(read.latest_charge).toMatchObject({
        id: raw.charge,
        status: 'failed',
        paid: false,
        failure_code: code,
      })
      await fake.webhooksSettled()
      expect(eventsAbout(created.id)).toEqual(['payment_intent.payment_failed'])
    },
  )

  it('asks for 3-D Secure (requires_action, use_stripe_sdk); the server cancels it', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4000002500003155' })
    const created = await cardIntent(card.id)
    const confirmed = await stripe.paymentIntents.confirm(created.id, {})
    expect(confirmed.status).toBe('requires_action')
    expect(confirmed.next_action?.type).toBe('use_stripe_sdk')
    const cancelled = await stripe.paymentIntents.cancel(created.id)
    expect(cancelled).toMatchObject({
      status: 'canceled',
      canceled_at: Math.floor(now.getTime() / 1000),
    })
    await fake.webhooksSettled()
    expect(eventsAbout(created.id)).toEqual(['payment_intent.canceled'])
  })

  it('cannot cancel a PaymentIntent that succeeded or is already cancelled (400, as Stripe)', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
    const paid = await cardIntent(card.id, { confirm: true })
    const late = await failure(stripe.paymentIntents.cancel(paid.id))
    expect(late).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' })
    expect((late.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent.status).toBe(
      'succeeded',
    )

    const other = await cardIntent(
      (await paymentMethodFromBrowser(fake, { number: '4242424242424242' })).id,
    )
    await stripe.paymentIntents.cancel(other.id)
    const twice = await failure(stripe.paymentIntents.cancel(other.id))
    expect(twice).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' })
    const confirmLate = await failure(stripe.paymentIntents.confirm(other.id, {}))
    expect(confirmLate).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' })
  })
})

/** What Stripe.js posts to the fake's 3-D Secure stand-in (stripe.handleNextAction). */
async function authenticateInBrowser(clientSecret: string, result?: 'fail') {
  const form = new URLSearchParams({ client_secret: clientSecret, key: fake.publishableKey })
  if (result) form.set('result', result)
  const response = await fetch(`${fake.url}/_fake/authenticate`, { method: 'POST', body: form })
  const body = (await response.json()) as Stripe.PaymentIntent & Stripe.SetupIntent
  const operation = operationFor(
    'GET',
    clientSecret.startsWith('seti_') ? '/v1/setup_intents/seti_1' : '/v1/payment_intents/pi_1',
  )
  if (!operation) throw new Error('operação ausente do documento')
  expect(responseViolations(operation, response.status, body)).toEqual([])
  return { status: response.status, body }
}

describe('what Stripe.js does with the publishable key', { timeout: 180_000 }, () => {
  it('reads a PaymentIntent only with its client secret', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
    const created = await cardIntent(card.id)
    const browser = sdkFor(fake, fake.publishableKey)
    const read = await browser.paymentIntents.retrieve(created.id, {
      client_secret: created.client_secret ?? '',
    })
    expect(read.status).toBe('requires_confirmation')
    const without = await failure(browser.paymentIntents.retrieve(created.id))
    expect(without).toMatchObject({ statusCode: 400, param: 'client_secret' })
    const wrong = await failure(
      browser.paymentIntents.retrieve(created.id, { client_secret: `${created.id}_secret_x` }),
    )
    expect(wrong).toMatchObject({ statusCode: 400, param: 'client_secret' })
  })

  it('completes 3-D Secure: the payment succeeds and payment_intent.succeeded goes out', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4000002500003155' })
    const created = await cardIntent(card.id, { confirm: true })
    expect(created.status).toBe('requires_action')
    const { status, body } = await authenticateInBrowser(created.client_secret ?? '')
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: created.id, status: 'succeeded', next_action: null })
    await fake.webhooksSettled()
    expect(eventsAbout(created.id)).toEqual(['payment_intent.succeeded'])
    const again = await authenticateInBrowser(created.client_secret ?? '')
    expect(again.status).toBe(400)
  })

  it('fails 3-D Secure: back to requires_payment_method, payment_intent.payment_failed', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4000002500003155' })
    const created = await cardIntent(card.id, { confirm: true })
    const { body } = await authenticateInBrowser(created.client_secret ?? '', 'fail')
    expect(body).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    })
    await fake.webhooksSettled()
    expect(eventsAbout(created.id)).toEqual(['payment_intent.payment_failed'])
  })

  it("completes a SetupIntent's authentication: the card is attached", async () => {
    const customer = await stripe.customers.create({ name: 'Ana Souza' })
    const card = await paymentMethodFromBrowser(fake, { number: '4000002500003155' })
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: card.id,
      confirm: true,
    })
    const { body } = await authenticateInBrowser(setup.client_secret ?? '')
    expect(body).toMatchObject({ object: 'setup_intent', status: 'succeeded' })
    expect((await stripe.paymentMethods.retrieve(card.id)).customer).toBe(customer.id)
  })
})

describe('SetupIntents: a card verified before it replaces the one on file', {
  timeout: 180_000,
}, () => {
  const verify = (customer: string, payment_method: string) =>
    stripe.setupIntents.create({
      customer,
      payment_method,
      payment_method_types: ['card'],
      usage: 'off_session',
      confirm: true,
      metadata: { reference: crypto.randomUUID() },
    })

  it('verifies a card and attaches it to the Customer', async () => {
    const customer = await stripe.customers.create({ name: 'Ana Souza' })
    const card = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
    const setup = await verify(customer.id, card.id)
    expect(setup).toMatchObject({
      status: 'succeeded',
      customer: customer.id,
      payment_method: card.id,
    })
    expect((await stripe.paymentMethods.retrieve(card.id)).customer).toBe(customer.id)
  })

  it('fails the check for a card the issuer refuses: 402 with the SetupIntent, nothing attached', async () => {
    const customer = await stripe.customers.create({ name: 'Ana Souza' })
    const card = await paymentMethodFromBrowser(fake, { number: '4000000000000002' })
    const refused = await failure(verify(customer.id, card.id))
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(refused).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
    })
    expect((refused.raw as { setup_intent: Stripe.SetupIntent }).setup_intent).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { code: 'card_declined', decline_code: 'generic_decline' },
    })
    expect((await stripe.paymentMethods.retrieve(card.id)).customer).toBeNull()
  })

  it('waits for authentication when the card asks for it; the server cancels, once', async () => {
    const customer = await stripe.customers.create({ name: 'Ana Souza' })
    const card = await paymentMethodFromBrowser(fake, { number: '4000002500003155' })
    const setup = await verify(customer.id, card.id)
    expect(setup).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    })
    expect((await stripe.setupIntents.cancel(setup.id)).status).toBe('canceled')
    const twice = await failure(stripe.setupIntents.cancel(setup.id))
    expect(twice).toMatchObject({ statusCode: 400, code: 'setup_intent_unexpected_state' })
  })

  it('4000000000000341 is kept on file, then its charge is declined', async () => {
    const customer = await stripe.customers.create({ name: 'Ana Souza' })
    const card = await paymentMethodFromBrowser(fake, { number: '4000000000000341' })
    expect((await verify(customer.id, card.id)).status).toBe('succeeded')
    const charge = await failure(cardIntent(card.id, { customer: customer.id, confirm: true }))
    expect(charge).toMatchObject({ statusCode: 402, decline_code: 'generic_decline' })
  })
})

describe('boletos', { timeout: 180_000 }, () => {
  const payer = {
    name: 'Ana Souza',
    email: 'ana@example.com',
    address: {
      line1: 'Rua das Flores, 100',
      line2: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      postal_code: '01310100',
      country: 'BR',
    },
  }

  const boleto = (amount: number, days: number, billing = payer) =>
    stripe.paymentIntents.create({
      amount,
      currency: 'brl',
      payment_method_types: ['boleto'],
      description: 'Plano Família 123, parcela 5',
      metadata: { reference: crypto.randomUUID() },
      payment_method_data: {
        type: 'boleto',
        boleto: { tax_id: '12345678909' },
        billing_details: billing,
      },
      payment_method_options: { boleto: { expires_after_days: days } },
    })

  it('shows a valid linha digitável for the amount, due when the voucher expires', async () => {
    const created = await boleto(18_990, 2)
    expect(created.status).toBe('requires_confirmation')
    const confirmed = await stripe.paymentIntents.confirm(created.id, {})
    expect(confirmed.status).toBe('requires_action')
    expect(confirmed.next_action?.type).toBe('boleto_display_details')
    const details = confirmed.next_action?.boleto_display_details
    const line = details?.number ?? ''
    expect(line).toMatch(/^\d{47}$/)
    // Checked by independent code: field digits, amount, and the due date with the 2025 factor.
    expect(validarBoleto(line)).toMatchObject({
      sucesso: true,
      tipoBoleto: 'BANCO',
      codigoBarras: barcodeFromDigitableLine(line),
    })
    expect(validarBoleto(line).valor).toBeCloseTo(189.9, 2)
    const due = identificarDataComNovoFator2025(line, 'LINHA_DIGITAVEL')
    expect(due.toISOString().slice(0, 10)).toBe('2026-11-27')
    // 23:59:59 in São Paulo (UTC−3) on that day.
    expect(details?.expires_at).toBe(Date.parse('2026-11-28T02:59:59Z') / 1000)
    const page = await fetch(details?.hosted_voucher_url ?? '')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(line.slice(0, 5))
  })

  it('is due the same day with expires_after_days 0', async () => {
    const confirmed = await stripe.paymentIntents.confirm((await boleto(5_000, 0)).id, {})
    const line = confirmed.next_action?.boleto_display_details?.number ?? ''
    expect(identificarDataComNovoFator2025(line, 'LINHA_DIGITAVEL').toISOString()).toMatch(
      /^2026-11-25/,
    )
  })

  it("the payer's bank pays it: succeeded with a charge, payment_intent.succeeded, no refund", async () => {
    const created = await boleto(12_345, 3)
    await stripe.paymentIntents.confirm(created.id, {})
    await fake.payBoleto(created.id)
    const read = await stripe.paymentIntents.retrieve(created.id, { expand: ['latest_charge'] })
    expect(read).toMatchObject({ status: 'succeeded', amount_received: 12_345, next_action: null })
    expect(read.latest_charge).toMatchObject({
      status: 'succeeded',
      created: Math.floor(now.getTime() / 1000),
      payment_method_details: { type: 'boleto', boleto: { tax_id: '12345678909' } },
    })
    expect(eventsAbout(created.id)).toEqual(['payment_intent.succeeded'])
    expect(fake.deliveries().at(-1)).toMatchObject({
      type: 'payment_intent.succeeded',
      status: 200,
    })
    const refund = await failure(stripe.refunds.create({ payment_intent: created.id }))
    expect(refund).toMatchObject({ statusCode: 400, code: 'charge_not_refundable' })
    const cancel = await failure(stripe.paymentIntents.cancel(created.id))
    expect(cancel).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' })
  })

  it('unpaid by its date: requires_payment_method and payment_intent.payment_failed', async () => {
    const created = await boleto(12_345, 3)
    await stripe.paymentIntents.confirm(created.id, {})
    await fake.expireBoleto(created.id)
    const read = await stripe.paymentIntents.retrieve(created.id)
    expect(read).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: { code: 'payment_intent_payment_attempt_expired' },
    })
    expect(eventsAbout(created.id)).toEqual(['payment_intent.payment_failed'])
    await expect(fake.payBoleto(created.id)).rejects.toThrow(/não é um boleto à espera/)
  })

  it('can be cancelled before it is paid', async () => {
    const created = await boleto(12_345, 3)
    await stripe.paymentIntents.confirm(created.id, {})
    expect((await stripe.paymentIntents.cancel(created.id)).status).toBe('canceled')
  })

  it('refuses a payer without the details Stripe requires, and a tax ID that is no CPF or CNPJ', async () => {
    const { email: _email, ...noEmail } = payer
    const missing = await failure(boleto(5_000, 3, noEmail as typeof payer))
    expect(missing).toMatchObject({
      statusCode: 400,
      param: 'payment_method_data[billing_details][email]',
    })
    const badTaxId = await failure(
      stripe.paymentIntents.create({
        amount: 5_000,
        currency: 'brl',
        payment_method_types: ['boleto'],
        payment_method_data: { type: 'boleto', boleto: { tax_id: '123' }, billing_details: payer },
      }),
    )
    expect(badTaxId).toMatchObject({
      statusCode: 400,
      param: 'payment_method_data[boleto][tax_id]',
    })
  })
})

describe('refunds', { timeout: 180_000 }, () => {
  it('gives back a card payment in part, then the rest, and only once', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
    const paid = await cardIntent(card.id, { amount: 1_000, confirm: true })
    const part = await stripe.refunds.create({
      payment_intent: paid.id,
      amount: 400,
      reason: 'duplicate',
    })
    expect(part).toMatchObject({ status: 'succeeded', amount: 400, payment_intent: paid.id })
    const tooMuch = await failure(stripe.refunds.create({ payment_intent: paid.id, amount: 601 }))
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large' })
    const rest = await stripe.refunds.create({
      payment_intent: paid.id,
      metadata: { reference: 'r' },
    })
    expect(rest.amount).toBe(600)
    const read = await stripe.paymentIntents.retrieve(paid.id, { expand: ['latest_charge'] })
    expect(read.latest_charge).toMatchObject({ amount_refunded: 1_000, refunded: true })
    const again = await failure(stripe.refunds.create({ payment_intent: paid.id }))
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' })
  })

  it('refuses a PaymentIntent with nothing paid', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
    const unpaid = await cardIntent(card.id)
    const refused = await failure(stripe.refunds.create({ payment_intent: unpaid.id }))
    expect(refused).toMatchObject({ statusCode: 400, param: 'payment_intent' })
  })
})

describe('webhooks', { timeout: 180_000 }, () => {
  it("signs every event as Stripe does: the official SDK's constructEvent accepts each", async () => {
    await fake.webhooksSettled()
    expect(receiver.received.length).toBeGreaterThan(5)
    expect(receiver.received.length).toBe(fake.events().length)
    for (const { body, signature } of receiver.received) {
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
      const event = stripe.webhooks.constructEvent(body, signature, webhookSecret)
      expect(event.object).toBe('event')
      expect(event.api_version).toBe('2024-04-10')
    }
    const [first] = receiver.received
    if (!first) throw new Error('nenhum webhook recebido')
    expect(() =>
      stripe.webhooks.constructEvent(first.body, first.signature, 'whsec_other0000'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError)
    const tampered = first.body.replace('"livemode": false', '"livemode": true')
    expect(() => stripe.webhooks.constructEvent(tampered, first.signature, webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
  })

  it("each event is the document's event, its object the document's payment_intent", () => {
    const eventOperation = operationFor('GET', '/v1/events/evt_1')
    const intentOperation = operationFor('GET', '/v1/payment_intents/pi_1')
    if (!eventOperation || !intentOperation) throw new Error('operações ausentes do documento')
    const events = fake.events()
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set([
        'payment_intent.succeeded',
        'payment_intent.payment_failed',
        'payment_intent.canceled',
      ]),
    )
    const problems = events.flatMap((event) => [
      ...responseViolations(eventOperation, 200, event),
      ...responseViolations(intentOperation, 200, event.data.object),
    ])
    expect(problems).toEqual([])
    const fromApi = events.find((event) => event.request?.id)
    expect(fromApi?.request?.id).toMatch(/^req_/)
  })

  it('goes to a new endpoint with its new secret after setWebhook', async () => {
    const other = await startWebhookReceiver()
    try {
      fake.setWebhook(other.url, 'whsec_AnotherSecretForTheFake00')
      expect(fake.webhookSecret).toBe('whsec_AnotherSecretForTheFake00')
      const card = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
      await cardIntent(card.id, { confirm: true })
      await fake.webhooksSettled()
      const [delivered] = other.received
      if (!delivered) throw new Error('nenhum webhook no novo endereço')
      const event = stripe.webhooks.constructEvent(
        delivered.body,
        delivered.signature,
        'whsec_AnotherSecretForTheFake00',
      )
      expect(event.type).toBe('payment_intent.succeeded')
    } finally {
      fake.setWebhook(receiver.url, webhookSecret)
      await other.close()
    }
  })
})
