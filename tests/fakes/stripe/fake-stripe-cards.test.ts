/**
 * The fake Stripe's card PaymentIntents through the official SDK, held to Stripe's OpenAPI
 * document after each test (test-hooks.ts): charged as the adapter charges, kept for a Customer,
 * instalments, Stripe's declining test cards, 3-D Secure — cancelled by the server, or completed
 * or failed in Stripe.js with the publishable key.
 */
import Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FakeStripe } from './index'
import { operationFor, responseViolations } from './openapi-check'
import { checkedFakeStripe, failure, now } from './test-hooks'
import { paymentMethodFromBrowser, sdkFor } from './test-support'

const context = checkedFakeStripe()
const { cardIntent, eventsAbout } = context
let fake: FakeStripe
let stripe: Stripe
beforeAll(() => {
  ;({ fake, stripe } = context)
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
