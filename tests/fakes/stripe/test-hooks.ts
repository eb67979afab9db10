/**
 * The frame the fake's self-check files share, as vitest hooks: a fake Stripe on a fixed clock
 * with a webhook endpoint that keeps what it receives, Stripe's official SDK pointed at it, and,
 * after each test, every exchange since the last one held to Stripe's OpenAPI document (the
 * test fails on any violation). At the end, the operations and statuses that were validated.
 */
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { type FakeStripe, startFakeStripe } from './index'
import {
  conformanceChecker,
  sdkFor,
  startWebhookReceiver,
  validated,
  type WebhookReceiver,
} from './test-support'

/** Noon in São Paulo: boleto dates are checked against this clock. */
export const now = new Date('2026-11-25T15:00:00Z')
export const webhookSecret = 'whsec_TestSecretForTheFakeStripe0123'

export interface CheckedFake {
  fake: FakeStripe
  stripe: Stripe
  receiver: WebhookReceiver
  /** A card PaymentIntent as the adapter makes one, unconfirmed unless `extra` says. */
  cardIntent(
    paymentMethod: string,
    extra?: Partial<Stripe.PaymentIntentCreateParams>,
  ): Promise<Stripe.PaymentIntent>
  /** The types of the events made about this object, oldest first. */
  eventsAbout(id: string): string[]
}

export function checkedFakeStripe(): CheckedFake {
  let conforms: () => string[] = () => []
  const context = {} as CheckedFake
  Object.assign(context, {
    cardIntent: (payment_method: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
      context.stripe.paymentIntents.create({
        amount: 18_990,
        currency: 'brl',
        payment_method,
        payment_method_types: ['card'],
        description: 'Plano Família 123',
        metadata: { reference: crypto.randomUUID() },
        ...extra,
      }),
    eventsAbout: (id: string) =>
      context.fake
        .events()
        .filter((event) => (event.data.object as { id: string }).id === id)
        .map((event) => event.type),
  })

  beforeAll(async () => {
    context.receiver = await startWebhookReceiver()
    context.fake = await startFakeStripe({
      webhook: { url: context.receiver.url, secret: webhookSecret },
      now: () => now,
    })
    context.stripe = sdkFor(context.fake)
    conforms = conformanceChecker(context.fake)
  })

  // Compiling a response validator takes seconds: the first checks need room on 2 busy cores.
  afterEach(() => expect(conforms()).toEqual([]), 180_000)

  afterAll(async () => {
    await context.fake?.close()
    await context.receiver?.close()
    const lines = [...validated].map(
      ([operation, statuses]) => `${operation} → ${[...statuses].join(', ')}`,
    )
    console.info(`Answers validated against the document:\n${lines.sort().join('\n')}`)
  })
  return context
}

/** The rejection of a call that must fail, as the SDK raises it. */
export async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof Stripe.errors.StripeError))
    throw new Error(`esperava um erro da Stripe: ${error}`)
  return error
}
