/**
 * The Stripe gateway against the fake Stripe (tests/fakes/stripe), over HTTP with the official
 * SDK: a card in instalments, a decline, a card verified for the recurrence, and a boleto from
 * its linha digitável to the signed event that says it was paid.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeStripe, startFakeStripe } from '../../../tests/fakes/stripe/index'
import {
  paymentMethodFromBrowser,
  startWebhookReceiver,
} from '../../../tests/fakes/stripe/test-support'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { captureLogs } from '../../testing'
import { dueDateFactor } from './boleto-line'
import type { PaymentGateway } from './index'
import { createStripeGateway } from './stripe'
import { stripeMessages } from './stripe-messages'

const now = new Date('2026-11-25T15:00:00Z')

describe('Stripe gateway against the fake Stripe', () => {
  let fake: FakeStripe
  let database: DatabaseHandle
  let gateway: PaymentGateway
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>

  beforeAll(async () => {
    database = await openDatabase({ memory: true })
    await database.migrate()
    receiver = await startWebhookReceiver()
    fake = await startFakeStripe({ now: () => now })
    fake.setWebhook(receiver.url, fake.webhookSecret)
    gateway = createStripeGateway({
      config: {
        kind: 'stripe',
        secretKey: fake.secretKey,
        publishableKey: fake.publishableKey,
        webhookSecret: fake.webhookSecret,
        apiUrl: fake.url,
        jsUrl: fake.jsUrl,
      },
      db: database.db,
      now: () => now,
      logger: captureLogs(false).logger,
    })
  })

  afterAll(async () => {
    await fake?.close()
    await receiver?.close()
    await database?.close()
  })

  const owner = { contractId: randomUUID(), name: 'Ana Souza', email: 'ana@example.com' }
  const charge = (cardToken: string, installments = 1) => ({
    companyId: 'empresa',
    cardToken,
    amount: 30_000,
    installments,
    reference: randomUUID(),
    description: 'Plano Família 123',
  })

  it('charges a card in 3 instalments: the plan goes with the confirmation, as Stripe requires', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4242424242424242' })
    const result = await gateway.chargeCard({ ...charge(card.id, 3), keepFor: owner })
    expect(result.approved).toBe(true)
    const [created, confirmed] = fake
      .requests()
      .filter((request) => request.path.startsWith('/v1/payment_intents'))
    expect(created?.body).toMatchObject({
      payment_method_options: { card: { installments: { enabled: 'true' } } },
    })
    expect(confirmed?.body).toEqual({
      payment_method_options: {
        card: { installments: { plan: { count: '3', interval: 'month', type: 'fixed_count' } } },
      },
    })
    expect(await gateway.findCard('empresa', card.id)).toMatchObject({
      brand: 'visa',
      lastFour: '4242',
    })
  })

  it('a card the issuer refuses is a refusal in Portuguese', async () => {
    const card = await paymentMethodFromBrowser(fake, { number: '4000000000009995' })
    expect(await gateway.chargeCard(charge(card.id))).toEqual({
      approved: false,
      message: stripeMessages.insufficientFunds,
    })
  })

  it('verifies a card for the recurrence, and refuses one that declines', async () => {
    const good = await paymentMethodFromBrowser(fake, { number: '5555555555554444' })
    const check = { companyId: 'empresa', reference: randomUUID(), owner }
    expect((await gateway.verifyCard({ ...check, cardToken: good.id })).approved).toBe(true)
    const bad = await paymentMethodFromBrowser(fake, { number: '4000000000000002' })
    expect(
      await gateway.verifyCard({ ...check, reference: randomUUID(), cardToken: bad.id }),
    ).toEqual({ approved: false, message: stripeMessages.declined })
  })

  it('a boleto: its line, OPEN, then PAID once the bank pays and the signed event names it', async () => {
    const reference = `${randomUUID()}-1`
    const boleto = await gateway.createBoleto({
      companyId: 'empresa',
      amount: 18_990,
      dueDate: '2026-11-30',
      reference,
      description: 'Plano Família 123, parcela 5',
      payer: {
        name: 'Ana Souza',
        cpf: '12345678909',
        email: 'ana@example.com',
        address: {
          zipCode: '01310100',
          state: 'SP',
          city: 'São Paulo',
          street: 'Rua das Flores',
          number: '100',
          neighborhood: 'Centro',
        },
      },
    })
    expect(boleto.digitableLine).toMatch(/^\d{47}$/)
    expect(boleto.barcode.slice(5, 9)).toBe(dueDateFactor('2026-11-30'))
    expect(await gateway.boleto(reference)).toEqual({ status: 'OPEN' })

    const intent = fake.events().length
    const [pi] = fake
      .requests()
      .filter((request) => request.path === '/v1/payment_intents')
      .map((request) => (request.response as { id: string }).id)
      .slice(-1)
    await fake.payBoleto(pi ?? '')
    const delivered = receiver.received.at(-1)
    if (!delivered || fake.events().length !== intent + 1) throw new Error('nenhum evento enviado')
    const header = (name: string) => (name === 'stripe-signature' ? delivered.signature : undefined)
    expect(await gateway.notification(delivered.body, header)).toEqual([reference])
    expect(await gateway.boleto(reference)).toEqual({ status: 'PAID', paidAt: now, amount: 18_990 })
  })
})
