/**
 * The fake Stripe's SetupIntents (a card verified before it replaces the one on file) and
 * refunds through the official SDK, held to Stripe's OpenAPI document after each test
 * (test-hooks.ts).
 */
import Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FakeStripe } from './index'
import { checkedFakeStripe, failure } from './test-hooks'
import { paymentMethodFromBrowser } from './test-support'

const context = checkedFakeStripe()
const { cardIntent } = context
let fake: FakeStripe
let stripe: Stripe
beforeAll(() => {
  ;({ fake, stripe } = context)
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

  it('cannot confirm without a card (400 setup_intent_unexpected_state)', async () => {
    const customer = await stripe.customers.create({ name: 'Ana Souza' })
    const refused = await failure(
      stripe.setupIntents.create({ customer: customer.id, confirm: true }),
    )
    expect(refused).toMatchObject({ statusCode: 400, code: 'setup_intent_unexpected_state' })
  })

  it('4000000000000341 is kept on file, then its charge is declined', async () => {
    const customer = await stripe.customers.create({ name: 'Ana Souza' })
    const card = await paymentMethodFromBrowser(fake, { number: '4000000000000341' })
    expect((await verify(customer.id, card.id)).status).toBe('succeeded')
    const charge = await failure(cardIntent(card.id, { customer: customer.id, confirm: true }))
    expect(charge).toMatchObject({ statusCode: 402, decline_code: 'generic_decline' })
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
