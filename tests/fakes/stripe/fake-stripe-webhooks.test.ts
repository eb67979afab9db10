/**
 * The fake Stripe's webhooks: each settling change of a PaymentIntent is an event, signed as
 * Stripe signs (the official SDK's constructEvent accepts it), shaped as the document's `event`
 * with the document's `payment_intent` inside; a new endpoint and secret take over at once.
 */
import Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FakeStripe } from './index'
import { operationFor, responseViolations } from './openapi-check'
import { checkedFakeStripe, failure, webhookSecret } from './test-hooks'
import {
  paymentMethodFromBrowser,
  startWebhookReceiver,
  type WebhookReceiver,
} from './test-support'

const context = checkedFakeStripe()
const { cardIntent } = context
let fake: FakeStripe
let stripe: Stripe
let receiver: WebhookReceiver
beforeAll(() => {
  ;({ fake, stripe, receiver } = context)
})

describe('webhooks', { timeout: 180_000 }, () => {
  it('makes an event for each settling change: succeeded, payment_failed, canceled, processing', async () => {
    const card = async (number: string) => (await paymentMethodFromBrowser(fake, { number })).id
    const paid = await cardIntent(await card('4242424242424242'), { confirm: true })
    const declined = await cardIntent(await card('4000000000000002'))
    expect((await failure(stripe.paymentIntents.confirm(declined.id, {}))).statusCode).toBe(402)
    const dropped = await cardIntent(await card('4242424242424242'))
    await stripe.paymentIntents.cancel(dropped.id)
    const boleto = await stripe.paymentIntents.create({
      amount: 5_000,
      currency: 'brl',
      payment_method_types: ['boleto'],
      confirm: true,
      payment_method_data: {
        type: 'boleto',
        boleto: { tax_id: '00000000000' },
        billing_details: {
          name: 'Ana Souza',
          email: 'ana@example.com',
          address: {
            line1: 'Rua A, 1',
            city: 'Recife',
            state: 'PE',
            postal_code: '50000000',
            country: 'BR',
          },
        },
      },
    })
    await fake.payBoleto(boleto.id, { clearing: true })
    await fake.webhooksSettled()
    expect(
      fake.events().map((event) => [event.type, (event.data.object as { id: string }).id]),
    ).toEqual([
      ['payment_intent.succeeded', paid.id],
      ['payment_intent.payment_failed', declined.id],
      ['payment_intent.canceled', dropped.id],
      ['payment_intent.processing', boleto.id],
    ])
    expect(fake.deliveries().map((delivery) => delivery.status)).toEqual([200, 200, 200, 200])
  })

  it("signs every event as Stripe does: the official SDK's constructEvent accepts each", async () => {
    await fake.webhooksSettled()
    expect(receiver.received.length).toBe(4)
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
        'payment_intent.processing',
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
      if (!delivered)
        throw new Error(`nenhum webhook no novo endereço: ${JSON.stringify(fake.deliveries())}`)
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
