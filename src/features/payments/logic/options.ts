/** Payment options and their labels (spec §5), from the link's adjustment lists. */
import { decimalText } from '../../../lib/money'
export type Adjustment = {
  typePayment: 'PIX' | 'CREDIT' | 'RECURRENCE' | 'INSTALLMENT_BILL' | string
  type: 'DISCOUNT' | 'INCREASE' | string
  percentage: string
  installment: number
  first_installment_value?: number | null
}

export type AdjustmentLists = {
  payment_adjustment_list?: Adjustment[] | null
  payment_adjustment_list_b2b?: Adjustment[] | null
  payment_adjustment_list_b2c?: Adjustment[] | null
}

/** The list that applies to the link's channel: B2B, B2C, or the general one. */
export function adjustmentsFor(
  lists: AdjustmentLists | null | undefined,
  channel: string | null | undefined,
): Adjustment[] {
  if (channel === 'B2B') return lists?.payment_adjustment_list_b2b ?? []
  if (channel === 'B2C') return lists?.payment_adjustment_list_b2c ?? []
  return lists?.payment_adjustment_list ?? []
}

/** '5,00' → 5; anything unreadable → 0. */
export function percentOf(text: string | null | undefined): number {
  const value = Number.parseFloat(
    String(text ?? '')
      .replace(/[^\d,.-]/g, '')
      .replace(',', '.'),
  )
  return Number.isFinite(value) ? value : 0
}

/** 5 → '5', 2.5 → '2,5' (the way the labels show a percentage). */
export function percentText(value: number): string {
  return Number.isInteger(value) ? String(value) : decimalText(value, { min: 0, max: 2 })
}

/** Cents → '63,30' (the labels write 'R$' right before it, without a space). */
export const reais = (cents: number) => decimalText(cents / 100)

export type InstallmentOption = {
  installments: number
  total: number
  perInstallment: number
  text: string
}

/** '5,00' → 500 hundredths of a percent, as the server stores it. */
const basisPointsOf = (adjustment: Adjustment) => Math.round(percentOf(adjustment.percentage) * 100)

/**
 * Total after an adjustment, in cents, rounded half up the way the server charges it (integer
 * math on hundredths of a percent, so the screen and the charge never differ by a cent).
 */
export function adjustedTotal(value: number, adjustment: Adjustment | undefined): number {
  if (!adjustment) return value
  const basisPoints = basisPointsOf(adjustment)
  const factor = adjustment.type === 'DISCOUNT' ? 10_000 - basisPoints : 10_000 + basisPoints
  return Math.floor((value * factor + 5_000) / 10_000)
}

/** The first of n instalments: it carries the cents that do not divide evenly (as the server). */
export const firstInstallment = (total: number, count: number) =>
  total - Math.floor(total / count) * (count - 1)

/** The methods whose options fixed_installments replaces (spec §5); the card keeps its list. */
const fixedApplies = (typePayment: string) =>
  typePayment === 'RECURRENCE' || typePayment === 'INSTALLMENT_BILL'

/**
 * The instalment choices for a tab (CREDIT, RECURRENCE, INSTALLMENT_BILL): on recurrence and
 * boleto with fixed_installments a single '{n}x de R${value}'; otherwise one per adjustment
 * entry, sorted by instalment number, worded with the discount or increase it carries.
 */
export function installmentOptions(
  value: number,
  adjustments: Adjustment[],
  typePayment: string,
  fixedInstallments: number | null | undefined,
): InstallmentOption[] {
  if (fixedInstallments && fixedInstallments > 0 && fixedApplies(typePayment)) {
    return [
      {
        installments: fixedInstallments,
        total: value,
        perInstallment: firstInstallment(value, fixedInstallments),
        text: `${fixedInstallments}x de R$${reais(firstInstallment(value, fixedInstallments))}`,
      },
    ]
  }
  const entries = adjustments
    .filter((entry) => entry.typePayment === typePayment)
    .sort((a, b) => a.installment - b.installment)
  if (entries.length === 0)
    return [
      { installments: 1, total: value, perInstallment: value, text: `1x de R$${reais(value)}` },
    ]
  return entries.map((entry) => {
    const n = Math.max(1, entry.installment)
    const total = adjustedTotal(value, entry)
    const perInstallment = entry.first_installment_value || firstInstallment(total, n)
    const pct = percentOf(entry.percentage)
    const base = `${n}x de R$${reais(perInstallment)}`
    const text =
      pct === 0
        ? base
        : entry.type === 'DISCOUNT'
          ? `${base} com desconto de ${percentText(pct)}%`
          : `${base} com acréscimo de ${percentText(pct)}%`
    return { installments: n, total, perInstallment, text }
  })
}

/** What Pix charges: the value with the Pix discount (or increase) of 1x, if the list has one. */
export function pixAmount(value: number, adjustments: Adjustment[]) {
  const entry = adjustments.find((item) => item.typePayment === 'PIX' && item.installment === 1)
  const total = adjustedTotal(value, entry)
  return { total, discounted: entry?.type === 'DISCOUNT' && total < value }
}

/**
 * The tab's headline label: 'Até {n}x {pct} OFF' for a discount, 'Até {n}x s/juros' or
 * 'Até {n}x c/ juros' for an increase (none, or some); Pix: '{pct} em OFF'. With fixed
 * instalments the recurrence and boleto tabs show none.
 */
export function tabLabel(
  adjustments: Adjustment[],
  typePayment: string,
  fixedInstallments?: number | null,
): string | null {
  const entries = adjustments.filter((entry) => entry.typePayment === typePayment)
  if (entries.length === 0) return null
  if (typePayment === 'PIX') {
    const discount = entries.find(
      (entry) => entry.type === 'DISCOUNT' && percentOf(entry.percentage) > 0,
    )
    return discount ? `${percentText(percentOf(discount.percentage))}% em OFF` : null
  }
  if (fixedInstallments && fixedInstallments > 0 && fixedApplies(typePayment)) return null
  const maxN = Math.max(...entries.map((entry) => entry.installment))
  const discounts = entries.filter(
    (entry) => entry.type === 'DISCOUNT' && percentOf(entry.percentage) > 0,
  )
  if (discounts.length) {
    // The longest plan that still has a discount, with its own percentage: a true statement
    // ('up to 3x with 5% off'), where 1x may give more.
    const longest = discounts.reduce((best, entry) =>
      entry.installment > best.installment ? entry : best,
    )
    return `Até ${longest.installment}x ${percentText(percentOf(longest.percentage))}% OFF`
  }
  const increases = entries.some(
    (entry) => entry.type === 'INCREASE' && percentOf(entry.percentage) > 0,
  )
  return increases ? `Até ${maxN}x c/ juros` : `Até ${maxN}x s/juros`
}

/** What the chosen way charges, as the checkout's "Você paga" line says it. Amounts in cents. */
export type MethodPrice = {
  total: number
  installments: number
  perInstallment: number
  /** Signed percentage the way carries: −10 for a 10% discount, 2.5 for an increase, 0 none. */
  change: number
}

/**
 * One truth for the checkout (issue 27): what the link's Total becomes by the tab and the option
 * chosen — Pix with its discount, or the card's, recurrence's or boleto's chosen instalments.
 */
export function methodPrice(
  value: number,
  adjustments: Adjustment[],
  typePayment: string,
  fixedInstallments: number | null | undefined,
  installments: number,
): MethodPrice {
  const signed = (entry: Adjustment | undefined) =>
    entry ? (entry.type === 'DISCOUNT' ? -1 : 1) * percentOf(entry.percentage) : 0
  if (typePayment === 'PIX') {
    const entry = adjustments.find((item) => item.typePayment === 'PIX' && item.installment === 1)
    const total = adjustedTotal(value, entry)
    return { total, installments: 1, perInstallment: total, change: signed(entry) }
  }
  const options = installmentOptions(value, adjustments, typePayment, fixedInstallments)
  const chosen = options.find((option) => option.installments === installments) ?? options[0]
  if (!chosen) return { total: value, installments: 1, perInstallment: value, change: 0 }
  const fixed = Boolean(fixedInstallments && fixedInstallments > 0 && fixedApplies(typePayment))
  const entry = fixed
    ? undefined
    : adjustments.find(
        (item) =>
          item.typePayment === typePayment && Math.max(1, item.installment) === chosen.installments,
      )
  return {
    total: chosen.total,
    installments: chosen.installments,
    perInstallment: chosen.perInstallment,
    change: signed(entry),
  }
}

/** 'à vista · 10% de desconto', '3x de R$ 60,00 · 5% de desconto', '6x de R$ 51,25 · 2,5% de acréscimo'. */
export function methodPriceDetail(
  price: MethodPrice,
  money: (cents: number) => string,
  /** In one payment: 'à vista', or what a recurrence does ('cobrada agora'). */
  once = 'à vista',
  /** Cents the change is taken from (the charge's Total): said, so the two figures add up. */
  base?: number,
): string {
  const how =
    price.installments > 1 ? `${price.installments}x de ${money(price.perInstallment)}` : once
  const on = base === undefined ? '' : ` sobre ${money(base)}`
  if (price.change < 0) return `${how} · ${percentText(-price.change)}% de desconto${on}`
  if (price.change > 0) return `${how} · ${percentText(price.change)}% de acréscimo${on}`
  return how
}
