/** What an instalment card shows as its price (spec §9). Amounts in cents. */
export type PricedInstalment = {
  status: string
  value: number
  discount: number | null
  paid_value: number | null
  data?: { lastLinkAdjustment?: number | null } | null
}

export type ShownPrice = {
  amount: number
  label: 'Com desconto' | 'Sujeito a acréscimos' | 'Valor Pago' | null
  /**
   * What it costs without the discount, for a price said 'Com desconto': the card strikes it
   * through beside the price, so the discount is seen, not only named (design audit). Null
   * otherwise: an overdue card explains its amount by its fine and interest instead.
   */
  original: number | null
}

/**
 * value − max(0, discount − lastLinkAdjustment); 'Com desconto' when that effective discount is
 * above 0, 'Sujeito a acréscimos' for OVERDUE; paid ones show what was paid as 'Valor Pago'.
 */
export function shownPrice(instalment: PricedInstalment): ShownPrice {
  if (instalment.status === 'PAID')
    return {
      amount: instalment.paid_value ?? instalment.value,
      label: 'Valor Pago',
      original: null,
    }
  const effectiveDiscount = Math.max(
    0,
    (instalment.discount ?? 0) - (instalment.data?.lastLinkAdjustment ?? 0),
  )
  const amount = instalment.value - effectiveDiscount
  if (instalment.status === 'OVERDUE')
    return { amount, label: 'Sujeito a acréscimos', original: null }
  return effectiveDiscount > 0
    ? { amount, label: 'Com desconto', original: instalment.value }
    : { amount, label: null, original: null }
}

/**
 * What an overdue card adds to its shown price to reach what it costs today (its fine and
 * interest, as the payment link charges them): the card says "R$ 189,90 + R$ 4,43 de multa e
 * juros", as the profile's due card does. 0 when today's amount is not above the price.
 */
export const lateChargesOn = (shown: number, owedToday: number) => Math.max(0, owedToday - shown)

/** What a set of instalments adds up to, each at the price its card shows. */
export const shownTotal = (instalments: PricedInstalment[]) =>
  instalments.reduce((total, instalment) => total + shownPrice(instalment).amount, 0)

/** Spec §2 screen 7: descriptions are cut at 30 characters plus '...' on mobile. */
export function shortDescription(description: string, mobile: boolean) {
  return mobile && description.length > 30 ? `${description.slice(0, 30)}...` : description
}
