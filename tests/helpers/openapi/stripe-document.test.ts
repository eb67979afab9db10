/**
 * The validating proxy on Stripe's own document (5.7 MB, recursive schemas), with Stripe's SDK
 * as the client and a tiny upstream answering: a right and a wrong payment_intent for
 * GET /v1/payment_intents/{intent}, and a form body in bracket notation for POST. Building a
 * validator compiles all of Stripe's component schemas: seconds each, hence the timeouts.
 */
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadStripeDocument } from './documents'
import { json, type Reply, startTinyUpstream } from './tiny-upstream'
import { startValidatingProxy, type ValidatingProxy } from './validating-proxy'

const intent = {
  id: 'pi_3PabcDEF',
  object: 'payment_intent',
  amount: 3700,
  capture_method: 'automatic',
  confirmation_method: 'automatic',
  created: 1_712_750_400,
  currency: 'brl',
  livemode: false,
  payment_method_types: ['card'],
  status: 'requires_payment_method',
  // Nullable in the document (OpenAPI 3.0 `nullable`): null must pass.
  latest_charge: null,
  description: null,
  metadata: { charge: 'c1' },
}

describe("validating proxy on Stripe's document (API 2024-04-10)", () => {
  let reply: Reply = json(200, intent)
  let upstream: Awaited<ReturnType<typeof startTinyUpstream>>
  let proxy: ValidatingProxy
  let stripe: Stripe

  beforeAll(async () => {
    upstream = await startTinyUpstream(() => reply)
    proxy = await startValidatingProxy({
      document: loadStripeDocument(),
      upstream: upstream.url,
      name: 'Stripe',
    })
    const { port } = new URL(proxy.url)
    stripe = new Stripe('sk_test_proxy', {
      apiVersion: '2024-04-10',
      host: '127.0.0.1',
      port: Number(port),
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    })
  })
  afterAll(async () => {
    await proxy?.close()
    await upstream?.close()
  })

  it('a payment_intent that follows the document passes; one that does not is caught', async () => {
    reply = json(200, intent)
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ amount: 3700 })
    expect(proxy.calls().at(-1)).toEqual({
      method: 'GET',
      path: `/v1/payment_intents/${intent.id}`,
      operationId: 'GetPaymentIntentsIntent',
      status: 200,
    })
    proxy.assertClean()

    const { currency: _, ...withoutCurrency } = intent
    reply = json(200, { ...withoutCurrency, amount: '37.00', status: 'pago' })
    await stripe.paymentIntents.retrieve(intent.id)
    expect(proxy.violations().at(-1)).toMatchObject({
      where: 'response',
      operationId: 'GetPaymentIntentsIntent',
      status: 200,
    })
    expect(proxy.violations().at(-1)?.errors).toEqual(
      expect.arrayContaining([
        "response: must have required property 'currency'",
        'amount: must be integer',
        'status: must be equal to one of the allowed values',
      ]),
    )
    expect(() => proxy.assertClean()).toThrow(/Stripe: 1 violação/)
  }, 60_000)

  it("reads the SDK's form body (brackets, strings) the way Stripe does; a wrong one is caught", async () => {
    reply = json(200, intent)
    await stripe.paymentIntents.create({
      amount: 3700,
      currency: 'brl',
      payment_method_types: ['card', 'boleto'],
      metadata: { charge: 'c1' },
      payment_method_options: { boleto: { expires_after_days: 3 } },
      capture_method: 'automatic',
    })
    expect(upstream.received.at(-1)?.body).toContain('payment_method_types[0]=card')
    expect(proxy.calls().at(-1)?.operationId).toBe('PostPaymentIntents')
    proxy.assertClean()

    await fetch(`${proxy.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=trinta&currency=brl&capture_method=nunca&cor=azul',
    })
    expect(proxy.violations().at(-1)?.errors).toEqual(
      expect.arrayContaining([
        'body amount: must be integer',
        'body capture_method: must be equal to one of the allowed values',
        'body: must NOT have additional properties',
      ]),
    )
    expect(() => proxy.assertClean()).toThrow(/PostPaymentIntents/)
  }, 60_000)
})
