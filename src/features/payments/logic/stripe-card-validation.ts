import { cardMessages } from '../../../../contract/tokenizer'

/** What a Stripe card Element last said of itself (its `change` event), its value never seen. */
export type ElementState = {
  empty: boolean
  complete: boolean
  /** Stripe.js's validation code, e.g. 'incomplete_number', 'invalid_expiry_month_past'. */
  error?: string
}

export type StripeCardState = {
  cardNumber: ElementState
  cardExpiry: ElementState
  cardCvc: ElementState
  cardHolder: string
}

export const emptyElement: ElementState = { empty: true, complete: false }

/**
 * The spec's eight card checks (§5), in their order, read from Stripe's fields: their values
 * stay inside Stripe's frames, so each check becomes what Stripe.js says of its field. Stripe's
 * expiry is MM / AA: a year Stripe finds incomplete or unknown is "the full year", a past one is
 * "the current year or later".
 */
export function firstStripeCardError(state: StripeCardState): string | null {
  const expiry = state.cardExpiry
  if (expiry.empty) return cardMessages.monthEmpty
  if (expiry.error === 'invalid_expiry_month') return cardMessages.monthRange
  if (expiry.error === 'invalid_expiry_month_past' || expiry.error === 'invalid_expiry_year_past')
    return cardMessages.yearPast
  if (!expiry.complete) return cardMessages.yearFull
  if (!state.cardHolder.trim()) return cardMessages.holder
  if (!state.cardNumber.complete) return cardMessages.number
  if (!state.cardCvc.complete) return cardMessages.cvv
  return null
}
