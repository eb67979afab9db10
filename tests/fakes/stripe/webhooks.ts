/**
 * Events, and their delivery to the one webhook endpoint, signed as Stripe signs them
 * (https://docs.stripe.com/webhooks#verify-manually): `Stripe-Signature: t=<unix>,v1=<hex>`, the
 * HMAC-SHA256 of `<t>.<body>` keyed with the endpoint's whsec_… secret, over the body exactly as
 * sent (pretty-printed JSON, as Stripe sends it: a receiver that re-serializes fails to verify).
 *
 * The endpoint listens to the PaymentIntent events that settle a payment; Stripe makes no event
 * for a type nobody listens to, and neither does the fake. Deliveries go one at a time, in the
 * order the events happened; a failed one is recorded, not retried (Stripe retries for days).
 * `t` is the real clock, not the fake's `now`: the receiver checks it against its own clock.
 */
import { createHmac } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type Stripe from 'stripe'
import { event } from './objects/event'
import { randomToken } from './store'

export const listenedEvents = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
] as const

export type ListenedEvent = (typeof listenedEvents)[number]

export interface Delivery {
  eventId: string
  type: string
  url: string
  /** The endpoint's HTTP status; undefined when it gave none (refused, timed out). */
  status: number | undefined
  error?: string
}

export type WebhookEndpoint = { url: string; secret: string }

export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${signature}`
}

export const newWebhookSecret = () => `whsec_${randomToken(32)}`

/**
 * One POST on a connection of its own, as each Stripe delivery arrives: a kept-alive one could
 * be closed by the receiver just as it is reused, and a delivery is tried only once here.
 */
function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest
  return new Promise((done, fail) => {
    const request = send(
      url,
      { method: 'POST', headers, agent: false, timeout: 20_000 },
      (response) => {
        response.resume()
        response.on('end', () => done(response.statusCode ?? 0))
      },
    )
    request.on('timeout', () => request.destroy(new Error('timeout: 20 s sem resposta')))
    request.on('error', fail)
    request.end(body)
  })
}

export class Webhooks {
  #endpoint: WebhookEndpoint | undefined
  #secret: string
  #events: Stripe.Event[] = []
  #deliveries: Delivery[] = []
  #queue: Promise<unknown> = Promise.resolve()

  constructor(
    endpoint: WebhookEndpoint | undefined,
    private readonly now: () => Date,
  ) {
    this.#endpoint = endpoint
    this.#secret = endpoint?.secret ?? newWebhookSecret()
  }

  get secret() {
    return this.#secret
  }

  configure(endpoint: WebhookEndpoint) {
    this.#endpoint = endpoint
    this.#secret = endpoint.secret
  }

  /** The event, made now; resolves once its delivery was tried (or at once, with no endpoint). */
  emit(
    type: ListenedEvent,
    object: Stripe.PaymentIntent,
    request?: { id: string; idempotencyKey: string | undefined },
  ): Promise<Delivery | undefined> {
    const endpoint = this.#endpoint
    const made = event({
      now: this.now(),
      type,
      object,
      request,
      pendingWebhooks: endpoint ? 1 : 0,
    })
    this.#events.push(made)
    if (!endpoint) return Promise.resolve(undefined)
    const delivered = this.#queue.then(() => this.#deliver(made, endpoint))
    this.#queue = delivered
    return delivered
  }

  async #deliver(made: Stripe.Event, endpoint: WebhookEndpoint): Promise<Delivery> {
    const payload = JSON.stringify(made, null, 2)
    const timestamp = Math.floor(Date.now() / 1000)
    const delivery: Delivery = {
      eventId: made.id,
      type: made.type,
      url: endpoint.url,
      status: undefined,
    }
    try {
      delivery.status = await post(endpoint.url, payload, {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader(payload, endpoint.secret, timestamp),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      })
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error)
    }
    this.#deliveries.push(delivery)
    return delivery
  }

  events(): Stripe.Event[] {
    return structuredClone(this.#events)
  }

  deliveries(): Delivery[] {
    return structuredClone(this.#deliveries)
  }

  /** Resolves once every event made so far was offered to the endpoint. */
  async settled(): Promise<void> {
    await this.#queue
  }
}
