/**
 * The card gateways the crash test kills the server against, behind what the test needs of
 * each: the server's variables, a card as the browser makes one, and afterwards what the
 * gateway itself says it approved (never what our database says), with what it gave back.
 *
 * - sandbox: the demo's gateway inside the server; its tokenizer, its `sandbox_card_charges`.
 * - stripe: the real adapter (official SDK) → the validating proxy (Stripe's OpenAPI document
 *   2024-04-10) → the local fake Stripe, whose signed events go to the server's webhook. A
 *   PaymentMethod is made at the fake as Stripe.js makes one; the approvals are the fake's
 *   PaymentIntents that succeeded, read back through the proxy.
 *
 * `tally` then holds the approvals against our database: each one kept must have paid its
 * instalments, none twice; one given back whole is counted apart.
 */
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { type FakeStripe, startFakeStripe } from '../../tests/fakes/stripe/index'
import { paymentMethodFromBrowser } from '../../tests/fakes/stripe/test-support'
import { loadStripeDocument } from '../../tests/helpers/openapi/documents'
import {
  startValidatingProxy,
  type ValidatingProxy,
} from '../../tests/helpers/openapi/validating-proxy'
import { stripeApiVersion } from '../adapters/payment-gateway/stripe'
import type { Database } from '../db/client'
import { paymentCharges, paymentOrders } from '../db/schema'
import { sandboxCardCharges } from '../demo/schema'
import { demoGatewayId } from '../demo/seed'
import { cardExpiry, type cardPayment, checkoutPaths, testCards } from '../testing/payments'

export type GatewayName = 'sandbox' | 'stripe'

/** Money the gateway took under one of our references (a charge id). */
export interface Approval {
  reference: string
  /** Given back whole: no longer money taken. */
  refunded: boolean
}

export type CardToken = Parameters<typeof cardPayment>[1]

export interface CrashGateway {
  name: GatewayName
  /** The server's variables for this gateway. */
  env: Record<string, string>
  /** Where the server listens (the same across restarts): Stripe sends its events there. */
  listening(serverUrl: string): void
  /** A card for one payment, made as the payment screen makes it. */
  card(serverUrl: string): Promise<CardToken>
  /** Resolves once nothing the gateway sends on its own is still on its way. */
  settled(): Promise<void>
  /** What the gateway approved, by our reference; read with the server stopped. */
  approvals(db: Database): Promise<Approval[]>
  /** Figures of the gateway's own, for the printed line. */
  figures(): string
  /**
   * Throws if anything crossed the wire wrongly: a call or answer the provider's document does
   * not allow, an event the server refused.
   */
  assertClean(): void
  close(): Promise<void>
}

export function crashGateway(name: GatewayName): Promise<CrashGateway> {
  return name === 'stripe' ? stripeGateway() : Promise.resolve(sandboxGateway())
}

function sandboxGateway(): CrashGateway {
  return {
    name: 'sandbox',
    env: {},
    listening: () => undefined,
    async card(serverUrl) {
      const { month, year } = cardExpiry()
      const response = await fetch(`${serverUrl}${checkoutPaths.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', companyid: demoGatewayId },
        body: JSON.stringify({
          card: {
            brand: 'visa',
            card_number: testCards.visa,
            cvv: '123',
            due_date: `${month}/${year}`,
            card_holder: 'ANA P SOUZA',
          },
        }),
      })
      if (response.status !== 200) throw new Error(`tokenizador: ${response.status}`)
      return (await response.json()) as CardToken
    },
    settled: async () => undefined,
    async approvals(db) {
      const rows = await db
        .select({
          reference: sandboxCardCharges.reference,
          refundedAt: sandboxCardCharges.refundedAt,
        })
        .from(sandboxCardCharges)
        .where(eq(sandboxCardCharges.approved, true))
      return rows.map((row) => ({ reference: row.reference, refunded: row.refundedAt !== null }))
    },
    figures: () => '',
    assertClean: () => undefined,
    close: async () => undefined,
  }
}

async function stripeGateway(): Promise<CrashGateway> {
  const fake: FakeStripe = await startFakeStripe()
  const proxy: ValidatingProxy = await startValidatingProxy({
    document: loadStripeDocument(),
    upstream: fake.url,
    name: 'Stripe 2024-04-10',
  })
  // The test reads the fake as the adapter does: through the proxy, held to the document.
  const stripe = new Stripe(fake.secretKey, {
    host: '127.0.0.1',
    port: Number(new URL(proxy.url).port),
    protocol: 'http',
    apiVersion: stripeApiVersion,
    telemetry: false,
  })
  const createdIntents = () => [
    ...new Set(
      fake
        .requests()
        .filter(
          (request) =>
            request.method === 'POST' &&
            request.path === '/v1/payment_intents' &&
            request.status === 200,
        )
        .map((request) => (request.response as { id: string }).id),
    ),
  ]
  return {
    name: 'stripe',
    env: {
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: proxy.url,
      STRIPE_JS_URL: fake.jsUrl,
    },
    listening(serverUrl) {
      fake.setWebhook(`${serverUrl}/socios-api/webhooks/gateway`, fake.webhookSecret)
    },
    async card() {
      const method = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
      return { token: method.id }
    },
    settled: () => fake.webhooksSettled(),
    async approvals() {
      const approvals: Approval[] = []
      for (const id of createdIntents()) {
        const intent = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] })
        if (intent.status !== 'succeeded') continue
        const charge = intent.latest_charge as Stripe.Charge | null
        approvals.push({
          reference: intent.metadata.reference ?? '',
          refunded: charge?.refunded === true,
        })
      }
      return approvals
    },
    figures() {
      const deliveries = fake.deliveries()
      const delivered = deliveries.filter((delivery) => delivery.status === 200).length
      const operations = new Set(proxy.calls().map((call) => call.operationId ?? call.path))
      return (
        `; Stripe: ${createdIntents().length} PaymentIntents, ${deliveries.length} eventos ` +
        `(${delivered} entregues, ${deliveries.length - delivered} sem resposta do servidor morto), ` +
        `${proxy.calls().length} chamadas validadas (${[...operations].sort().join(', ')})`
      )
    },
    assertClean() {
      proxy.assertClean()
      // An event the server answered at all, it took: a refusal would be a lost notification.
      const refused = fake
        .deliveries()
        .filter((delivery) => delivery.status !== undefined && delivery.status !== 200)
      if (refused.length) throw new Error(`eventos recusados: ${JSON.stringify(refused)}`)
    },
    async close() {
      await proxy.close()
      await fake.close()
    },
  }
}

/** What the gateway approved, held against our database, for these instalments. */
export async function tally(db: Database, approvals: Approval[], instalments: Set<string>) {
  const charges = new Map((await db.select().from(paymentCharges)).map((row) => [row.id, row]))
  const orders = new Map((await db.select().from(paymentOrders)).map((row) => [row.id, row]))
  const ours = (id: string) => instalments.has(id)
  const figures = { approved: 0, refunded: 0, unpaidApprovals: 0, twice: 0, paid: 0, locked: 0 }
  const kept = new Map<string, number>()
  for (const approval of approvals) {
    const charge = charges.get(approval.reference)
    const held = charge?.data.shares.map((share) => share.id) ?? []
    // An approval under no charge of ours is counted everywhere: it is money nobody can place.
    if (charge && !held.some(ours)) continue
    figures.approved++
    // Given back whole: money the payer has again, whatever became of the instalment.
    if (approval.refunded) {
      figures.refunded++
      continue
    }
    const paid = held.every((id) => orders.get(id)?.status === 'PAID')
    if (charge?.status !== 'PAID' || !held.length || !paid) figures.unpaidApprovals++
    for (const id of held) kept.set(id, (kept.get(id) ?? 0) + 1)
  }
  figures.twice = [...kept.values()].filter((count) => count > 1).length
  for (const order of orders.values()) {
    if (!ours(order.id)) continue
    if (order.status === 'PAID') figures.paid++
    const holder = order.chargeId ? charges.get(order.chargeId) : undefined
    if (
      order.status !== 'PAID' &&
      (holder?.status === 'CREATED' || holder?.status === 'PROCESSING')
    )
      figures.locked++
  }
  return figures
}
