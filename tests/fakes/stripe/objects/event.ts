/**
 * Event objects (https://docs.stripe.com/api/events/object): what changed, with the object as
 * it was right after, and the API request that caused it (none when the payer's bank did).
 */
import type Stripe from 'stripe'
import { newId, unixTime } from '../store'

export interface EventInput {
  now: Date
  type: string
  object: Stripe.PaymentIntent
  request: { id: string; idempotencyKey: string | undefined } | undefined
  pendingWebhooks: number
}

export function event(input: EventInput): Stripe.Event {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: '2024-04-10',
    created: unixTime(input.now),
    data: { object: structuredClone(input.object) },
    livemode: false,
    pending_webhooks: input.pendingWebhooks,
    request: {
      id: input.request?.id ?? null,
      idempotency_key: input.request?.idempotencyKey ?? null,
    },
    type: input.type,
  } as Stripe.Event
}
