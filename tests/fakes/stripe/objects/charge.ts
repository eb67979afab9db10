/**
 * Charge objects (https://docs.stripe.com/api/charges/object): one per payment attempt, as
 * Stripe makes them — succeeded, or failed with the issuer's refusal — for a card or a boleto.
 */
import type Stripe from 'stripe'
import type { Decline, TestCard } from '../cards'
import { newId, unixTime } from '../store'

interface ChargeInput {
  now: Date
  intent: Stripe.PaymentIntent
  method: Stripe.PaymentMethod
}

const approvedOutcome: Stripe.Charge.Outcome = {
  network_status: 'approved_by_network',
  reason: null,
  risk_level: 'normal',
  risk_score: 20,
  seller_message: 'Payment complete.',
  type: 'authorized',
}

function declinedOutcome(decline: Decline): Stripe.Charge.Outcome {
  return {
    network_status: 'declined_by_network',
    reason: decline.declineCode,
    risk_level: 'normal',
    risk_score: 20,
    seller_message: 'The bank did not return any further details with this decline.',
    type: 'issuer_declined',
  }
}

function charge(
  input: ChargeInput,
  details: Stripe.Charge.PaymentMethodDetails,
  decline: Decline | undefined,
  outcome: Stripe.Charge.Outcome | null,
): Stripe.Charge {
  const { intent, method } = input
  const paid = !decline
  const id = newId('ch')
  return {
    id,
    object: 'charge',
    amount: intent.amount,
    amount_captured: paid ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: paid ? newId('txn') : null,
    billing_details: method.billing_details,
    calculated_statement_descriptor: 'PORTAL DO TITULAR',
    captured: paid,
    created: unixTime(input.now),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    fraud_details: {},
    invoice: null,
    livemode: false,
    metadata: intent.metadata,
    on_behalf_of: null,
    outcome,
    paid,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: details,
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: paid ? `https://pay.stripe.com/receipts/payment/${id}` : null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: paid ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  }
}

export function cardCharge(
  input: ChargeInput & {
    card: TestCard
    decline: Decline | undefined
    plan: Stripe.Charge.PaymentMethodDetails.Card.Installments.Plan | null
  },
): Stripe.Charge {
  const card = input.method.card
  if (!card) throw new Error(`${input.method.id} não é um cartão`)
  const details: Stripe.Charge.PaymentMethodDetails = {
    type: 'card',
    card: {
      amount_authorized: input.decline ? null : input.intent.amount,
      brand: card.brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: input.decline?.code === 'incorrect_cvc' ? 'fail' : 'pass',
      },
      country: card.country,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      extended_authorization: { status: 'disabled' },
      fingerprint: card.fingerprint ?? null,
      funding: card.funding,
      incremental_authorization: { status: 'unavailable' },
      installments: input.plan && { plan: input.plan },
      last4: card.last4,
      mandate: null,
      multicapture: { status: 'unavailable' },
      network: card.brand,
      network_token: { used: false },
      overcapture: { maximum_amount_capturable: input.intent.amount, status: 'unavailable' },
      three_d_secure: null,
      wallet: null,
    },
  }
  const outcome = input.decline ? declinedOutcome(input.decline) : approvedOutcome
  return charge(input, details, input.decline, outcome)
}

export function boletoCharge(input: ChargeInput): Stripe.Charge {
  const taxId = input.method.boleto?.tax_id ?? ''
  const details: Stripe.Charge.PaymentMethodDetails = { type: 'boleto', boleto: { tax_id: taxId } }
  return charge(input, details, undefined, {
    network_status: 'approved_by_network',
    reason: null,
    risk_level: 'not_assessed',
    seller_message: 'Payment complete.',
    type: 'authorized',
  })
}
