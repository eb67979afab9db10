/**
 * For tests of the fake: the official SDK pointed at it, a card made the way Stripe.js makes one
 * (publishable key in the form), a webhook endpoint that keeps what it receives, and the check of
 * every exchange since the last one against Stripe's OpenAPI document.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import type { FakeStripe } from './index'
import { operationFor, requestViolations, responseViolations, statusKey } from './openapi-check'

export function sdkFor(fake: FakeStripe, key = fake.secretKey): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: Number(new URL(fake.url).port),
    protocol: 'http',
    apiVersion: '2024-04-10',
    // As the adapter: retries carry an idempotency key the SDK makes.
    maxNetworkRetries: 2,
    telemetry: false,
  })
}

export type BrowserCard = {
  number: string
  exp_month?: string
  exp_year?: string
  cvc?: string
  name?: string
}

/** POST /v1/payment_methods as Stripe.js sends it: form body, key=pk_…, no Authorization. */
export async function cardFromBrowser(fake: FakeStripe, card: BrowserCard) {
  const form = new URLSearchParams({
    type: 'card',
    'card[number]': card.number,
    'card[exp_month]': card.exp_month ?? '12',
    'card[exp_year]': card.exp_year ?? String((new Date().getUTCFullYear() + 3) % 100),
    'card[cvc]': card.cvc ?? (card.number.startsWith('3') ? '1234' : '123'),
    'billing_details[name]': card.name ?? 'Ana Souza',
    key: fake.publishableKey,
  })
  const response = await fetch(`${fake.url}/v1/payment_methods`, { method: 'POST', body: form })
  return { status: response.status, body: (await response.json()) as Record<string, never> }
}

export async function paymentMethodFromBrowser(fake: FakeStripe, card: BrowserCard) {
  const { status, body } = await cardFromBrowser(fake, card)
  if (status !== 200) throw new Error(`PaymentMethod recusado: ${JSON.stringify(body)}`)
  return body as unknown as Stripe.PaymentMethod
}

export interface Received {
  body: string
  signature: string
}

/** A webhook endpoint answering 200 to everything and keeping the raw body and signature. */
export async function startWebhookReceiver() {
  const received: Received[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['stripe-signature'] ?? '') })
      response.writeHead(200).end()
    })
  })
  // As the fake's own server: the client, not this endpoint, drops an idle connection.
  server.keepAliveTimeout = 120_000
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

/** Operation → the status keys its answers were validated under, for the report. */
export const validated = new Map<string, Set<string>>()

/**
 * Every exchange the fake logged since the last call, checked against the document: the answer
 * always; the request when the fake accepted it (a refused one may be refused for being wrong).
 */
export function conformanceChecker(fake: FakeStripe) {
  let checked = 0
  return (): string[] => {
    const requests = fake.requests()
    const problems: string[] = []
    for (const request of requests.slice(checked)) {
      const operation = operationFor(request.method, request.path)
      if (!operation) {
        if (!request.path.startsWith('/_fake/'))
          problems.push(`${request.method} ${request.path}: not in the document`)
        continue
      }
      problems.push(...responseViolations(operation, request.status, request.response))
      const statuses = validated.get(operation.name) ?? new Set()
      statuses.add(
        `${request.status}${statusKey(operation, request.status) === 'default' ? ' (default)' : ''}`,
      )
      validated.set(operation.name, statuses)
      if (request.status < 300 || request.status === 402)
        problems.push(...requestViolations(operation, request))
    }
    checked = requests.length
    return problems
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
