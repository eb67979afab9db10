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
}

/**
 * value − max(0, discount − lastLinkAdjustment); 'Com desconto' when that effective discount is
 * above 0, 'Sujeito a acréscimos' for OVERDUE; paid ones show what was paid as 'Valor Pago'.
 */
export function shownPrice(instalment: PricedInstalment): ShownPrice {
  if (instalment.status === 'PAID')
    return { amount: instalment.paid_value ?? instalment.value, label: 'Valor Pago' }
  const effectiveDiscount = Math.max(
    0,
    (instalment.discount ?? 0) - (instalment.data?.lastLinkAdjustment ?? 0),
  )
  const amount = instalment.value - effectiveDiscount
  if (instalment.status === 'OVERDUE') return { amount, label: 'Sujeito a acréscimos' }
  return { amount, label: effectiveDiscount > 0 ? 'Com desconto' : null }
}

/** What a set of instalments adds up to, each at the price its card shows. */
export const shownTotal = (instalments: PricedInstalment[]) =>
  instalments.reduce((total, instalment) => total + shownPrice(instalment).amount, 0)

/** Spec §2 screen 7: descriptions are cut at 30 characters plus '...' on mobile. */
export function shortDescription(description: string, mobile: boolean) {
  return mobile && description.length > 30 ? `${description.slice(0, 30)}...` : description
}
