/**
 * A confirmed boleto's voucher (next_action.boleto_display_details): it expires at 23:59:59 in
 * São Paulo, `expires_after_days` calendar days after the day it was made (0: that same day),
 * and its number is a valid 47-digit FEBRABAN linha digitável for that date and the amount, so
 * whoever reads it back (barcode, due date, value) reads what Stripe's would say.
 */
import { createHash } from 'node:crypto'
import type Stripe from 'stripe'
import { boletoNumbers } from '../../../server/adapters/payment-gateway/boleto-line'
import { randomToken } from './store'

const DAY_MS = 86_400_000
/** São Paulo has kept UTC−3 all year since 2019. */
const SAO_PAULO_OFFSET_MS = 3 * 3_600_000

/** Any bank code: which bank issues Stripe's boletos is not part of its API. */
const BANK = '001'

/** 'YYYY-MM-DD' in São Paulo, `days` after `now`'s date there. */
export function saoPauloDate(now: Date, days = 0): string {
  return new Date(now.getTime() - SAO_PAULO_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10)
}

/** The "nosso número" and the rest of the bank's 25 digits, from the PaymentIntent's id. */
function freeFieldOf(intentId: string): string {
  const hash = createHash('sha256').update(intentId).digest()
  return [...hash.subarray(0, 25)].map((byte) => byte % 10).join('')
}

export interface Voucher {
  details: Stripe.PaymentIntent.NextAction.BoletoDisplayDetails
  /** The token of its hosted page's URL. */
  token: string
}

export function boletoVoucher(
  intent: Stripe.PaymentIntent,
  now: Date,
  expiresAfterDays: number,
  baseUrl: string,
): Voucher {
  const dueDate = saoPauloDate(now, expiresAfterDays)
  const expiresAt = Date.parse(`${dueDate}T23:59:59Z`) + SAO_PAULO_OFFSET_MS
  const { digitableLine } = boletoNumbers({
    bank: BANK,
    amount: intent.amount,
    dueDate,
    freeField: freeFieldOf(intent.id),
  })
  const token = `test_${randomToken(48)}`
  const page = `${baseUrl}/boleto/voucher/${token}`
  return {
    token,
    details: {
      expires_at: Math.floor(expiresAt / 1000),
      hosted_voucher_url: page,
      number: digitableLine,
      pdf: `${page}/pdf`,
    },
  }
}
