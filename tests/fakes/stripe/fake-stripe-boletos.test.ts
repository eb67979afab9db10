/**
 * The fake Stripe's boletos through the official SDK, held to Stripe's OpenAPI document after
 * each test (test-hooks.ts): the voucher's linha digitável checked by independent code
 * (@mrmgomes/boleto-utils), paid by the payer's bank, expired unpaid, cancelled, refused payers.
 */
import { identificarDataComNovoFator2025, validarBoleto } from '@mrmgomes/boleto-utils'
import type Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import { barcodeFromDigitableLine } from '../../../server/adapters/payment-gateway/boleto-line'
import type { FakeStripe } from './index'
import { checkedFakeStripe, failure, now } from './test-hooks'

const context = checkedFakeStripe()
const { eventsAbout } = context
let fake: FakeStripe
let stripe: Stripe
beforeAll(() => {
  ;({ fake, stripe } = context)
})

describe('boletos', { timeout: 180_000 }, () => {
  const payer = {
    name: 'Ana Souza',
    email: 'ana@example.com',
    address: {
      line1: 'Rua das Flores, 100',
      line2: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      postal_code: '01310100',
      country: 'BR',
    },
  }

  const boleto = (amount: number, days: number, billing = payer) =>
    stripe.paymentIntents.create({
      amount,
      currency: 'brl',
      payment_method_types: ['boleto'],
      description: 'Plano Família 123, parcela 5',
      metadata: { reference: crypto.randomUUID() },
      payment_method_data: {
        type: 'boleto',
        boleto: { tax_id: '12345678909' },
        billing_details: billing,
      },
      payment_method_options: { boleto: { expires_after_days: days } },
    })

  it('shows a valid linha digitável for the amount, due when the voucher expires', async () => {
    const created = await boleto(18_990, 2)
    expect(created.status).toBe('requires_confirmation')
    const confirmed = await stripe.paymentIntents.confirm(created.id, {})
    expect(confirmed.status).toBe('requires_action')
    expect(confirmed.next_action?.type).toBe('boleto_display_details')
    const details = confirmed.next_action?.boleto_display_details
    const line = details?.number ?? ''
    expect(line).toMatch(/^\d{47}$/)
    // Checked by independent code: field digits, amount, and the due date with the 2025 factor.
    expect(validarBoleto(line)).toMatchObject({
      sucesso: true,
      tipoBoleto: 'BANCO',
      codigoBarras: barcodeFromDigitableLine(line),
    })
    expect(validarBoleto(line).valor).toBeCloseTo(189.9, 2)
    const due = identificarDataComNovoFator2025(line, 'LINHA_DIGITAVEL')
    expect(due.toISOString().slice(0, 10)).toBe('2026-11-27')
    // 23:59:59 in São Paulo (UTC−3) on that day.
    expect(details?.expires_at).toBe(Date.parse('2026-11-28T02:59:59Z') / 1000)
    const page = await fetch(details?.hosted_voucher_url ?? '')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(line.slice(0, 5))
  })

  it('is due the same day with expires_after_days 0', async () => {
    const confirmed = await stripe.paymentIntents.confirm((await boleto(5_000, 0)).id, {})
    const line = confirmed.next_action?.boleto_display_details?.number ?? ''
    expect(identificarDataComNovoFator2025(line, 'LINHA_DIGITAVEL').toISOString()).toMatch(
      /^2026-11-25/,
    )
  })

  it("the payer's bank pays it: succeeded with a charge, payment_intent.succeeded, no refund", async () => {
    const created = await boleto(12_345, 3)
    await stripe.paymentIntents.confirm(created.id, {})
    await fake.payBoleto(created.id)
    const read = await stripe.paymentIntents.retrieve(created.id, { expand: ['latest_charge'] })
    expect(read).toMatchObject({ status: 'succeeded', amount_received: 12_345, next_action: null })
    expect(read.latest_charge).toMatchObject({
      status: 'succeeded',
      created: Math.floor(now.getTime() / 1000),
      payment_method_details: { type: 'boleto', boleto: { tax_id: '12345678909' } },
    })
    expect(eventsAbout(created.id)).toEqual(['payment_intent.succeeded'])
    expect(fake.deliveries().at(-1)).toMatchObject({
      type: 'payment_intent.succeeded',
      status: 200,
    })
    const refund = await failure(stripe.refunds.create({ payment_intent: created.id }))
    expect(refund).toMatchObject({ statusCode: 400, code: 'charge_not_refundable' })
    const cancel = await failure(stripe.paymentIntents.cancel(created.id))
    expect(cancel).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' })
  })

  it('paid, then processing while the banks clear it, then succeeded', async () => {
    const created = await boleto(12_345, 3)
    await stripe.paymentIntents.confirm(created.id, {})
    await fake.payBoleto(created.id, { clearing: true })
    const clearing = await stripe.paymentIntents.retrieve(created.id)
    expect(clearing).toMatchObject({ status: 'processing', next_action: null, latest_charge: null })
    const cancel = await failure(stripe.paymentIntents.cancel(created.id))
    expect(cancel).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' })
    await fake.payBoleto(created.id)
    expect((await stripe.paymentIntents.retrieve(created.id)).status).toBe('succeeded')
    expect(eventsAbout(created.id)).toEqual([
      'payment_intent.processing',
      'payment_intent.succeeded',
    ])
  })

  it('unpaid by its date: requires_payment_method and payment_intent.payment_failed', async () => {
    const created = await boleto(12_345, 3)
    await stripe.paymentIntents.confirm(created.id, {})
    await fake.expireBoleto(created.id)
    const read = await stripe.paymentIntents.retrieve(created.id)
    expect(read).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: { code: 'payment_intent_payment_attempt_expired' },
    })
    expect(eventsAbout(created.id)).toEqual(['payment_intent.payment_failed'])
    await expect(fake.payBoleto(created.id)).rejects.toThrow(/não é um boleto à espera/)
  })

  it('can be cancelled before it is paid', async () => {
    const created = await boleto(12_345, 3)
    await stripe.paymentIntents.confirm(created.id, {})
    expect((await stripe.paymentIntents.cancel(created.id)).status).toBe('canceled')
  })

  it('refuses a payer without the details Stripe requires, and a tax ID that is no CPF or CNPJ', async () => {
    const { email: _email, ...noEmail } = payer
    const missing = await failure(boleto(5_000, 3, noEmail as typeof payer))
    expect(missing).toMatchObject({
      statusCode: 400,
      param: 'payment_method_data[billing_details][email]',
    })
    const badTaxId = await failure(
      stripe.paymentIntents.create({
        amount: 5_000,
        currency: 'brl',
        payment_method_types: ['boleto'],
        payment_method_data: { type: 'boleto', boleto: { tax_id: '123' }, billing_details: payer },
      }),
    )
    expect(badTaxId).toMatchObject({
      statusCode: 400,
      param: 'payment_method_data[boleto][tax_id]',
    })
  })
})
