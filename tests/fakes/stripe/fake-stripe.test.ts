/**
 * The fake Stripe, driven by Stripe's official Node SDK and held to Stripe's OpenAPI document
 * (API 2024-04-10): after each test, every answer is validated against the document's response
 * for its operation and status, and every request the fake accepted against the operation's
 * parameters — zero violations (test-hooks.ts). This file: keys, API version, idempotency, ids
 * nobody made, and the PaymentMethods Stripe.js makes. Beside it: card payments, SetupIntents
 * and refunds, boletos, webhooks.
 */
import Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FakeStripe } from './index'
import { checkedFakeStripe, failure } from './test-hooks'
import { cardFromBrowser, paymentMethodFromBrowser, sdkFor } from './test-support'

const context = checkedFakeStripe()
let fake: FakeStripe
let stripe: Stripe
beforeAll(() => {
  ;({ fake, stripe } = context)
})

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
