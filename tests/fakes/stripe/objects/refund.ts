/** Refund objects (https://docs.stripe.com/api/refunds/object): card refunds, settled at once. */
import type Stripe from 'stripe'
import { newId, unixTime } from '../store'

export interface RefundInput {
  now: Date
  amount: number
  charge: Stripe.Charge
  reason: Stripe.Refund.Reason | null
  metadata: Record<string, string>
}

export function refund(input: RefundInput): Stripe.Refund {
  const { charge } = input
  return {
    id: newId('re'),
    object: 'refund',
    amount: input.amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: unixTime(input.now),
    currency: charge.currency,
    destination_details: {
      type: 'card',
      card: {
        reference_status: 'pending',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
    },
    metadata: input.metadata,
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  }
}
