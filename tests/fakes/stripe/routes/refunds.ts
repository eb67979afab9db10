/**
 * POST /v1/refunds — money back on a PaymentIntent's successful charge, whole or in part. Card
 * refunds settle at once (test mode); boleto takes no refunds at Stripe
 * (https://docs.stripe.com/payments/boleto: "Refunds / Partial refunds: No / No").
 */
import type Stripe from 'stripe'
import * as v from 'valibot'
import type { Account } from '../account'
import type { ApiCall } from '../api'
import { invalidParam, refused } from '../errors'
import { expanded } from '../expand'
import { refund } from '../objects/refund'
import { integer, metadata, oneOf, params, readParams, text } from '../params'
import { found } from '../store'

const createParams = params({
  payment_intent: v.optional(text),
  charge: v.optional(text),
  amount: v.optional(integer),
  reason: v.optional(oneOf(['duplicate', 'fraudulent', 'requested_by_customer'])),
  metadata: v.optional(metadata),
})

const reais = (cents: number) => `R$${(cents / 100).toFixed(2)}`

function chargeToRefund(
  account: Account,
  input: v.InferOutput<typeof createParams>,
): Stripe.Charge {
  const { store } = account
  if (input.charge) return found(store.charges, input.charge, 'charge', 'charge')
  if (!input.payment_intent)
    throw invalidParam(
      undefined,
      'One of the following params should be provided for this request: payment_intent or charge.',
    )
  const intent = found(
    store.paymentIntents,
    input.payment_intent,
    'payment_intent',
    'payment_intent',
  )
  const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : undefined
  const charge = chargeId ? store.charges.get(chargeId) : undefined
  if (intent.status !== 'succeeded' || !charge)
    throw refused('This PaymentIntent does not have a successful charge to refund.', {
      param: 'payment_intent',
    })
  return charge
}

export function createRefund(account: Account, call: ApiCall): Stripe.Refund {
  const input = readParams(createParams, call.params)
  const charge = chargeToRefund(account, input)
  if (charge.payment_method_details?.type === 'boleto')
    throw refused('Boleto payments cannot be refunded.', { code: 'charge_not_refundable' })
  if (charge.refunded)
    throw refused(`Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
    })
  const left = charge.amount - charge.amount_refunded
  const amount = input.amount ?? left
  if (amount > left)
    throw refused(
      `Refund amount (${reais(amount)}) is greater than unrefunded amount on charge (${reais(left)})`,
      { code: 'amount_too_large', param: 'amount' },
    )
  const made = refund({
    now: account.store.now(),
    amount,
    charge,
    reason: input.reason ?? null,
    metadata: input.metadata ?? {},
  })
  account.store.refunds.set(made.id, made)
  charge.amount_refunded += amount
  charge.refunded = charge.amount_refunded === charge.amount
  return expanded(account, made, input.expand)
}
