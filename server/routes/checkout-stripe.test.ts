/**
 * The checkout with Stripe as the gateway (issue 23, decision 016), end to end over HTTP: our
 * server's Stripe adapter (the official SDK) talks to a local fake Stripe, and the fake's signed
 * events reach our webhook on a real socket. Card (1x and in instalments), a decline, the
 * recurrence and its card swap (a declining card cannot pass), boleto paid at the bank, the races
 * of payments-edges (Pix and card on one link, two links for one instalment), and the reconciler
 * after a crash at each step of a card payment.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeStripe, startFakeStripe } from '../../tests/fakes/stripe/index'
import { paymentMethodFromBrowser, sdkFor } from '../../tests/fakes/stripe/test-support'
import { loadStripeDocument } from '../../tests/helpers/openapi/documents'
import {
  startValidatingProxy,
  type ValidatingProxy,
} from '../../tests/helpers/openapi/validating-proxy'
import { cardRecurrences, gatewayObjects, paymentCharges, paymentLinks } from '../db/schema'
import { demoEmails, demoIds, demoPaymentLinks } from '../demo/seed'
import { claimLink } from '../services/charges'
import { readLinkContext } from '../services/payment-links'
import { backends, createTestServer, loginAs, settle, type TestServer } from '../testing'
import {
  anaInstalments,
  cardExpiry,
  checkoutPaths,
  holderAddress,
  linkData,
  linkFor,
  pixValue,
  post,
  receivedMoney,
} from '../testing/payments'

// A card payment here crosses the fake Stripe, the Prism proxy that checks each call against
// Stripe's document, and Stripe's webhook back: about 25 s on a busy 2-core machine (as before
// the integration work, measured on both), so 30 s was too close. Not a speed check.
vi.setConfig({ testTimeout: 90_000 })

const paid = { message: 'Pagamento realizado com sucesso!' }

describe.each(backends)('checkout through Stripe (%s)', (backend) => {
  let fake: FakeStripe
  let proxy: ValidatingProxy
  let server: TestServer
  let stopListening: () => Promise<void>
  let ana = ''

  beforeAll(async () => {
    fake = await startFakeStripe()
    // Between our adapter and the fake: every request and answer held to Stripe's document.
    proxy = await startValidatingProxy({
      document: loadStripeDocument(),
      upstream: fake.url,
      name: 'Stripe 2024-04-10',
    })
    server = await createTestServer(backend, {
      gateway: {
        kind: 'stripe',
        secretKey: fake.secretKey,
        publishableKey: fake.publishableKey,
        webhookSecret: fake.webhookSecret,
        apiUrl: proxy.url,
        jsUrl: fake.jsUrl,
      },
    })
    // Stripe's events come over the network, as they would to a deployed server.
    const listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((ready) => listening.once('listening', ready))
    const { port } = listening.address() as AddressInfo
    fake.setWebhook(`http://127.0.0.1:${port}/socios-api/webhooks/gateway`, fake.webhookSecret)
    stopListening = () => new Promise((done) => listening.close(() => done()))
    ana = await loginAs(server.app, demoEmails.ana)
  })
  afterAll(async () => {
    // The operations of Stripe's document this file drove, with the statuses seen (closing note).
    const seen = new Map<string, Set<number>>()
    for (const call of proxy?.calls() ?? [])
      seen.set(
        call.operationId ?? call.path,
        (seen.get(call.operationId ?? call.path) ?? new Set()).add(call.status),
      )
    console.info(
      `[${backend}] operações da Stripe validadas: ${[...seen].map(([operation, statuses]) => `${operation} ${[...statuses].join('/')}`).join(', ')}`,
    )
    await stopListening?.()
    await server?.close()
    await proxy?.close()
    await fake?.close()
  })
  afterEach(() => proxy.assertClean())
  // The fake keeps its account across tests; each test reads what it made since it began.
  let mark = 0
  beforeEach(async () => {
    // The last test's events land before its data goes.
    await fake.webhooksSettled()
    await server.reset()
    mark = fake.requests().length
  })
  const since = () => fake.requests().slice(mark)

  const { month, year } = cardExpiry()
  const card = async (number: string) => (await paymentMethodFromBrowser(fake, { number })).id
  const payByCard = async (code: string, token: string, extra: Record<string, unknown> = {}) =>
    post(server.app, checkoutPaths.link, {
      code,
      ...holderAddress,
      installments: 1,
      card_token: token,
      month,
      year,
      payment_type: 'CREDIT',
      ...extra,
    })
  const intents = () =>
    since()
      .filter((request) => request.path === '/v1/payment_intents' && request.status === 200)
      .map((request) => request.response as unknown as Stripe.PaymentIntent)
  const chargeOf = async (code: string) => {
    const context = await readLinkContext(server.db, code)
    const [charge] = await server.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.linkId, context.link.id))
    return charge
  }

  it("names Stripe's card entry in the link data", async () => {
    const data = await linkData(server.app, await linkFor(server.app, ana, [6]))
    expect(data.card_entry).toEqual({
      kind: 'stripe',
      publishable_key: fake.publishableKey,
      js_url: fake.jsUrl,
    })
  })

  it('pays by card: a PaymentIntent with our reference, confirmed, the instalment PAID', async () => {
    const code = await linkFor(server.app, ana, [6])
    expect(await payByCard(code, await card('4242424242424242'))).toEqual({
      status: 200,
      body: paid,
    })
    const charge = await chargeOf(code)
    expect(charge?.status).toBe('PAID')
    const [intent] = intents()
    expect(intent).toMatchObject({
      amount: charge?.amount,
      currency: 'brl',
      status: 'requires_confirmation',
    })
    expect(intent?.metadata.reference).toBe(charge?.id)
    expect(charge?.gatewayRef).toBe(intent?.id)
    expect((await anaInstalments(server.db, [6]))[0]?.status).toBe('PAID')
  })

  it('pays by card in 3 instalments, the plan confirmed at Stripe', async () => {
    const code = await linkFor(server.app, ana, [6])
    expect(await payByCard(code, await card('5555555555554444'), { installments: 3 })).toEqual({
      status: 200,
      body: paid,
    })
    const confirm = since().find((request) => request.path.endsWith('/confirm'))
    expect(confirm?.body).toMatchObject({
      payment_method_options: { card: { installments: { plan: { count: '3' } } } },
    })
  })

  it('a declined card says so in Portuguese and leaves the instalment free', async () => {
    const code = await linkFor(server.app, ana, [6])
    expect(await payByCard(code, await card('4000000000009995'))).toEqual({
      status: 402,
      body: { message: 'Transação recusada: saldo ou limite insuficiente.' },
    })
    expect((await chargeOf(code))?.status).toBe('DECLINED')
    expect(await payByCard(code, await card('4242424242424242'))).toEqual({
      status: 200,
      body: paid,
    })
  })

  it("a recurrence keeps the card on the contract's Customer; a swap to a declining card is refused", async () => {
    const code = await linkFor(server.app, ana, [6])
    const first = await card('4242424242424242')
    expect(await payByCard(code, first, { payment_type: 'RECURRENCE' })).toEqual({
      status: 200,
      body: paid,
    })
    const [intent] = intents()
    expect(intent).toMatchObject({ setup_future_usage: 'off_session' })
    expect(intent?.customer).toMatch(/^cus_/)
    const recurrence = async () =>
      (
        await server.db
          .select()
          .from(cardRecurrences)
          .where(eq(cardRecurrences.contractId, demoIds.ana.contract))
      )[0]
    expect(await recurrence()).toMatchObject({ cardToken: first, lastFour: '4242' })

    const swap = (token: string) =>
      payByCard(demoPaymentLinks.cardSwap, token, { payment_type: 'RECURRENCE' })
    expect(await swap(await card('4000000000000002'))).toEqual({
      status: 402,
      body: { message: 'Transação recusada pelo emissor do cartão.' },
    })
    expect(await recurrence()).toMatchObject({ cardToken: first })
    const next = await card('5555555555554444')
    expect(await swap(next)).toEqual({
      status: 200,
      body: { message: 'Cartão alterado com sucesso!' },
    })
    expect(await recurrence()).toMatchObject({ cardToken: next, lastFour: '4444' })
  })

  it('issues a boleto with its linha digitável; paid at the bank, the event settles it', async () => {
    const code = await linkFor(server.app, ana, [6])
    const { boleto_due_dates: dates } = await linkData(server.app, code)
    const issued = await post<{ message: string; boletos: { digitable_line: string }[] }>(
      server.app,
      checkoutPaths.boleto,
      { code, ...holderAddress, installments: 1, selected_date: dates[0] },
    )
    expect(issued.status).toBe(200)
    expect(issued.body.message).toBe('Seu boleto será enviado via WhatsApp e E-mail!')
    expect(issued.body.boletos[0]?.digitable_line).toMatch(/^\d{47}$/)
    const [intent] = intents()
    expect(intent?.payment_method_types).toEqual(['boleto'])
    await fake.payBoleto(intent?.id ?? '')
    await fake.webhooksSettled()
    await settle()
    expect((await anaInstalments(server.db, [6]))[0]?.status).toBe('PAID')
    expect((await chargeOf(code))?.status).toBe('PAID')
  })

  it('refuses an event whose signature does not check out', async () => {
    const forged = await server.app.request('/socios-api/webhooks/gateway', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ type: 'payment_intent.succeeded' }),
    })
    expect(forged.status).toBe(401)
  })

  describe('races, as with the sandbox (payments-edges.test.ts)', () => {
    type PixAnswer = { data: { key: string; value: string }[] }
    const generatePix = async (code: string) => {
      const answer = await post<PixAnswer>(server.app, checkoutPaths.pix, { code, token: '1' })
      expect(answer.status).toBe(200)
      return pixValue(answer.body, 'txid')
    }
    const bankPays = (txid: string) =>
      server.app.request(`/sandbox/pix/${txid}/pay`, { method: 'POST' })
    /** The PaymentIntents Stripe confirmed as paid since the test began. */
    const succeeded = () =>
      since().filter(
        (request) =>
          request.path.endsWith('/confirm') &&
          request.status === 200 &&
          (request.response as { status?: string }).status === 'succeeded',
      )
    const money = () => receivedMoney(server.db)

    it('Pix and a Stripe card on one link at the same time: one takes the money, the other none', async () => {
      const code = await linkFor(server.app, ana, [5])
      const txid = await generatePix(code)
      const token = await card('4242424242424242')
      const [atBank, byCard] = await Promise.all([bankPays(txid), payByCard(code, token)])
      await fake.webhooksSettled()
      await settle()
      expect((await anaInstalments(server.db, [5]))[0]?.status).toBe('PAID')
      expect(await money()).toMatchObject({ applied: 1, pending: 0 })
      if (byCard.status === 200) {
        expect(succeeded()).toHaveLength(1)
        expect(atBank.status === 410 || (await money()).refunded === 1).toBe(true)
      } else {
        // The card lost: Stripe confirmed nothing, or gave it all back.
        const refunds = since().filter((request) => request.path === '/v1/refunds')
        expect(succeeded().length - refunds.length).toBe(0)
      }
    })

    it('two links for one instalment: the second one’s Stripe card removes the first one’s Pix', async () => {
      const first = await linkFor(server.app, ana, [6])
      const second = await linkFor(server.app, ana, [6])
      const txid = await generatePix(first)
      expect(await payByCard(second, await card('4242424242424242'))).toEqual({
        status: 200,
        body: paid,
      })
      expect((await bankPays(txid)).status).toBe(410)
      const state = await server.app.request(
        `/socios-api/checkout/pix-status?code=${first}&txid=${txid}`,
      )
      expect(await state.json()).toEqual({
        status: 'PAID_ELSEWHERE',
        message: 'Este link foi pago por outro meio. O Pix foi cancelado e nada foi cobrado.',
      })
      expect(succeeded()).toHaveLength(1)
    })
  })

  describe('after a crash', () => {
    /** A card charge left CREATED, holding instalment 8, as a killed request leaves it. */
    async function crashedCharge() {
      const code = await linkFor(server.app, ana, [8])
      const context = await readLinkContext(server.db, code)
      const claim = await claimLink(
        server.db,
        context,
        { method: 'CREDIT', installments: 1, rule: undefined, data: {} },
        server.clock.now(),
      )
      if (claim.kind !== 'claimed') throw new Error('não reivindicou')
      return claim.charge
    }

    it('confirmed at Stripe before the crash: the reconciler settles it', async () => {
      const charge = await crashedCharge()
      const approved = await server.payments?.gateway?.chargeCard({
        companyId: 'x',
        cardToken: await card('4242424242424242'),
        amount: charge.amount,
        installments: 1,
        reference: charge.id,
        description: 'antes da queda',
      })
      expect(approved).toMatchObject({ approved: true })
      await server.reconcile()
      expect((await chargeOf((await linkCodeOf(charge.linkId)) ?? ''))?.status).toBe('PAID')
      expect((await anaInstalments(server.db, [8]))[0]?.status).toBe('PAID')
    })

    it('created but never confirmed: the reconciler cancels the PaymentIntent and frees the instalment', async () => {
      const charge = await crashedCharge()
      const stripe = sdkFor(fake)
      const intent = await stripe.paymentIntents.create({
        amount: charge.amount,
        currency: 'brl',
        payment_method: await card('4242424242424242'),
        payment_method_types: ['card'],
        metadata: { reference: charge.id },
      })
      await server.db
        .insert(gatewayObjects)
        .values({ reference: charge.id, gateway: 'stripe', objectId: intent.id })
      await server.reconcile()
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('canceled')
      const [after] = await server.db
        .select()
        .from(paymentCharges)
        .where(eq(paymentCharges.id, charge.id))
      expect(after?.status).toBe('CANCELLED')
      expect((await anaInstalments(server.db, [8]))[0]).toMatchObject({
        status: 'NOT_PAID',
        chargeId: null,
      })
    })

    it('never reached Stripe: cancelled, and the request arriving late charges nothing', async () => {
      const charge = await crashedCharge()
      await server.reconcile()
      const [after] = await server.db
        .select()
        .from(paymentCharges)
        .where(eq(paymentCharges.id, charge.id))
      expect(after?.status).toBe('CANCELLED')
      expect(intents()).toEqual([])
      // The lost request reaches Stripe after all: its reference is closed.
      const late = await server.payments?.gateway?.chargeCard({
        companyId: 'x',
        cardToken: await card('4242424242424242'),
        amount: charge.amount,
        installments: 1,
        reference: charge.id,
        description: 'depois da queda',
      })
      expect(late).toMatchObject({ approved: false })
      const [intent] = intents()
      expect((await sdkFor(fake).paymentIntents.retrieve(intent?.id ?? '')).status).toBe('canceled')
      expect(since().some((request) => request.path.endsWith('/confirm'))).toBe(false)
    })

    it('a card payment to give back is refunded by our reference', async () => {
      const charge = await crashedCharge()
      const gateway = server.payments?.gateway
      await gateway?.chargeCard({
        companyId: 'x',
        cardToken: await card('4242424242424242'),
        amount: charge.amount,
        installments: 1,
        reference: charge.id,
        description: 'a devolver',
      })
      await gateway?.refundCard(charge.id)
      // Asked twice (a retry): one refund, by the idempotency key.
      await gateway?.refundCard(charge.id)
      const refunds = since().filter((request) => request.path === '/v1/refunds')
      expect(refunds).toHaveLength(2)
      expect(refunds[1]?.replayed).toBe(true)
      expect(refunds[0]?.response).toMatchObject({ amount: charge.amount, status: 'succeeded' })
    })

    async function linkCodeOf(linkId: string) {
      const [link] = await server.db
        .select({ code: paymentLinks.code })
        .from(paymentLinks)
        .where(eq(paymentLinks.id, linkId))
      return link?.code
    }
  })
})
