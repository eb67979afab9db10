/**
 * A fake Stripe for tests, on 127.0.0.1: the API the portal's Stripe adapter and the browser's
 * Stripe.js use (API version 2024-04-10, answers shaped as Stripe's OpenAPI document says, which
 * fake-stripe.test.ts checks), test cards and boletos behaving as Stripe's do, signed webhooks,
 * and a stand-in for Stripe.js at /v3/. In memory: each start is a new, empty account.
 *
 *   const stripe = await startFakeStripe({ webhook: { url, secret } })
 *   // server: STRIPE_API_URL=stripe.url STRIPE_SECRET_KEY=stripe.secretKey …
 *   // browser: STRIPE_JS_URL=stripe.jsUrl, STRIPE_PUBLISHABLE_KEY=stripe.publishableKey
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type Stripe from 'stripe'
import type { Account } from './account'
import { type Access, type ApiCall, type ApiContext, apiRoute, type LoggedRequest } from './api'
import { type BoletoPayment, expireBoleto, payBoleto } from './bank'
import { authenticate, preflight, stripeJs, voucherPage } from './routes/browser'
import { createCustomer } from './routes/customers'
import {
  cancelPaymentIntent,
  confirmPaymentIntent,
  createPaymentIntent,
  retrievePaymentIntent,
} from './routes/payment-intents'
import { createPaymentMethod, retrievePaymentMethod } from './routes/payment-methods'
import { createRefund } from './routes/refunds'
import { cancelSetupIntent, createSetupIntent } from './routes/setup-intents'
import { createStore, randomToken } from './store'
import { type Delivery, type WebhookEndpoint, Webhooks } from './webhooks'

export type { BoletoPayment, Delivery, LoggedRequest }

export interface FakeStripeOptions {
  /** Where events go, signed with this whsec_… secret; without it, events are made, not sent. */
  webhook?: WebhookEndpoint
  /** The clock of `created` and of boleto due dates (webhook signatures use the real one). */
  now?: () => Date
}

export interface FakeStripe {
  /** http://127.0.0.1:PORT — STRIPE_API_URL. */
  url: string
  secretKey: string
  publishableKey: string
  /** The secret webhooks are signed with — STRIPE_WEBHOOK_SECRET. */
  readonly webhookSecret: string
  /** url + '/v3/': the Stripe.js stand-in — STRIPE_JS_URL. */
  jsUrl: string
  setWebhook(url: string, secret: string): void
  /**
   * The payer's bank pays the boleto; resolves once payment_intent.succeeded was offered. With
   * `{ clearing: true }`: processing (payment_intent.processing) until the next payBoleto.
   */
  payBoleto(paymentIntentId: string, payment?: BoletoPayment): Promise<void>
  /** The boleto's date passes unpaid; resolves once payment_intent.payment_failed was offered. */
  expireBoleto(paymentIntentId: string): Promise<void>
  /** Every event made, oldest first (sent when a webhook endpoint is set). */
  events(): Stripe.Event[]
  /** Each delivery tried and the endpoint's answer. */
  deliveries(): Delivery[]
  /** Resolves once every event made so far was offered to the endpoint. */
  webhooksSettled(): Promise<void>
  /** Every API call, oldest first, with its answer (card numbers and CVCs masked). */
  requests(): LoggedRequest[]
  close(): Promise<void>
}

type Endpoint = (account: Account, call: ApiCall) => unknown

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const account: Account = {
    store: createStore(options.now ?? (() => new Date())),
    webhooks: new Webhooks(options.webhook, options.now ?? (() => new Date())),
    baseUrl: '',
  }
  const context: ApiContext = {
    keys: { secret: `sk_test_${randomToken(32)}`, publishable: `pk_test_${randomToken(32)}` },
    log: [],
    kept: new Map(),
  }
  const api = (access: Access, endpoint: Endpoint) =>
    apiRoute(context, access, (call) => endpoint(account, call))

  const app = new Hono()
    .options('*', preflight)
    .get('/v3/', stripeJs)
    .get('/boleto/voucher/:token', (c) => voucherPage(account, c))
    .post('/_fake/authenticate', api('publishable', authenticate))
    .post('/v1/payment_methods', api('publishable', createPaymentMethod))
    .get('/v1/payment_methods/:payment_method', api('secret', retrievePaymentMethod))
    .post('/v1/customers', api('secret', createCustomer))
    .post('/v1/payment_intents', api('secret', createPaymentIntent))
    .get('/v1/payment_intents/:intent', api('publishable', retrievePaymentIntent))
    .post('/v1/payment_intents/:intent/confirm', api('secret', confirmPaymentIntent))
    .post('/v1/payment_intents/:intent/cancel', api('secret', cancelPaymentIntent))
    .post('/v1/setup_intents', api('secret', createSetupIntent))
    .post('/v1/setup_intents/:intent/cancel', api('secret', cancelSetupIntent))
    .post('/v1/refunds', api('secret', createRefund))
    .all('/v1/*', (c) =>
      c.json(
        {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). This fake Stripe implements only what the portal calls.`,
          },
        },
        404,
        { 'access-control-allow-origin': '*' },
      ),
    )

  const server = await new Promise<ReturnType<typeof serve>>((ready) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      ready(started),
    )
  })
  // Idle connections outlive the clients' own idle timeout (undici: 4 s), so it is always the
  // client that drops one: a server closing first races a client reusing it (ECONNRESET), and on
  // a loop busy for seconds (tests compiling validators) the two happen together.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 120_000
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  account.baseUrl = url

  return {
    url,
    secretKey: context.keys.secret,
    publishableKey: context.keys.publishable,
    get webhookSecret() {
      return account.webhooks.secret
    },
    jsUrl: `${url}/v3/`,
    setWebhook: (webhookUrl, secret) => account.webhooks.configure({ url: webhookUrl, secret }),
    payBoleto: (id, payment) => payBoleto(account, id, payment),
    expireBoleto: (id) => expireBoleto(account, id),
    events: () => account.webhooks.events(),
    deliveries: () => account.webhooks.deliveries(),
    webhooksSettled: () => account.webhooks.settled(),
    requests: () => structuredClone(context.log),
    close: () =>
      new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()))
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}
