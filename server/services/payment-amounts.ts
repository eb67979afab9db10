/**
 * Money of a payment link, in integer cents (no floating point): what each instalment owes today,
 * the price list's adjustment for a payment option, and how a charge splits over the instalments.
 * Pure functions; the services read the rows and write the results.
 */
import { addDays, type InstalmentDue, roundedRatio } from '../../contract/late-charges'
import type { AdjustmentType, PaymentType } from '../../contract/payments'

export {
  daysBetween,
  delayedDays,
  effectiveStatus,
  type InstalmentDue,
  type InstalmentRow,
  instalmentDue,
  todayInSaoPaulo,
} from '../../contract/late-charges'

export interface LinkTotals {
  paymentOrderValue: number
  discount: number
  fine: number
  fee: number
  correction: number
  value: number
}

export function linkTotals(dues: InstalmentDue[]): LinkTotals {
  const sum = (pick: (due: InstalmentDue) => number) =>
    dues.reduce((total, due) => total + pick(due), 0)
  return {
    paymentOrderValue: sum((due) => due.value),
    discount: sum((due) => due.discount),
    fine: sum((due) => due.fine),
    fee: sum((due) => due.fee),
    correction: sum((due) => due.correction),
    value: sum((due) => due.total),
  }
}

export interface AdjustmentRule {
  typePayment: PaymentType
  type: AdjustmentType
  /** Hundredths of a percent: 500 is 5,00%. */
  basisPoints: number
  installment: number
}

/** 500 → '5,00' (the API's comma-decimal percentage). */
export const percentageText = (basisPoints: number) =>
  `${Math.floor(basisPoints / 100)},${String(basisPoints % 100).padStart(2, '0')}`

/** The total after the option's adjustment, rounded half up to the cent. */
export function adjustedAmount(total: number, rule: Pick<AdjustmentRule, 'type' | 'basisPoints'>) {
  const factor = rule.type === 'DISCOUNT' ? 10_000 - rule.basisPoints : 10_000 + rule.basisPoints
  return roundedRatio(total * factor, 10_000)
}

/** Splits an amount in n instalments; the first carries what does not divide evenly. */
export function splitInstallments(amount: number, count: number): number[] {
  const each = Math.floor(amount / count)
  return Array.from({ length: count }, (_, index) =>
    index === 0 ? amount - each * (count - 1) : each,
  )
}

/**
 * Spreads `amount` over the parts in proportion to their weights, in whole cents that add up
 * exactly (largest remainder first; ties go to the earlier part).
 */
export function allocate(amount: number, weights: number[]): number[] {
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0)
  if (totalWeight === 0) return weights.map((_, index) => (index === 0 ? amount : 0))
  const sign = amount < 0 ? -1 : 1
  const magnitude = Math.abs(amount)
  const exact = weights.map((weight) => magnitude * weight)
  const parts = exact.map((value) => Math.floor(value / totalWeight))
  let left = magnitude - parts.reduce((sum, part) => sum + part, 0)
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % totalWeight }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of byRemainder) {
    if (left === 0) break
    parts[index] = (parts[index] ?? 0) + 1
    left -= 1
  }
  return parts.map((part) => sign * part)
}

/** How a charge's amount lands on each instalment when it is paid. */
export interface ChargeShare {
  id: string
  /** What the instalment is paid with (its paid_value). */
  paid: number
  /** The price list's discount on this instalment (0 for an increase): its lastLinkAdjustment. */
  discount: number
}

export interface ChargePlan {
  amount: number
  /** Cents the price list took off the link's value (negative when it added). */
  adjustment: number
  shares: ChargeShare[]
}

/** The charge for a link's instalments with an option's adjustment (none: the plain value). */
export function planCharge(
  dues: InstalmentDue[],
  rule: Pick<AdjustmentRule, 'type' | 'basisPoints'> | undefined,
): ChargePlan {
  const value = linkTotals(dues).value
  const amount = rule ? adjustedAmount(value, rule) : value
  const adjustment = value - amount
  const perInstalment = allocate(
    adjustment,
    dues.map((due) => due.total),
  )
  return {
    amount,
    adjustment,
    shares: dues.map((due, index) => {
      const taken = perInstalment[index] ?? 0
      return { id: due.id, paid: due.total - taken, discount: Math.max(0, taken) }
    }),
  }
}

/** Fixed national holidays (month-day); movable ones (Carnival, Good Friday) are not counted. */
const nationalHolidays = new Set([
  '01-01',
  '04-21',
  '05-01',
  '09-07',
  '10-12',
  '11-02',
  '11-15',
  '11-20',
  '12-25',
])

const isBusinessDay = (day: string) => {
  const weekDay = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekDay !== 0 && weekDay !== 6 && !nationalHolidays.has(day.slice(5))
}

/** The 'YYYY-MM-DD' `days` later (earlier when negative): contract/late-charges' addDays. */
export const addDaysTo = addDays

/** The next `count` business days after today, 'YYYY-MM-DD'. */
export function nextBusinessDays(today: string, count: number): string[] {
  const days: string[] = []
  for (let day = addDaysTo(today, 1); days.length < count; day = addDaysTo(day, 1)) {
    if (isBusinessDay(day)) days.push(day)
  }
  return days
}

/** 'YYYY-MM-DD' ↔ 'dd/mm/yyyy', the boleto dates of the API. */
export const brazilianDate = (day: string) => day.split('-').reverse().join('/')
export const isoFromBrazilian = (day: string) => day.split('/').reverse().join('-')

/** Same day of month, `months` later; clamped to the month's last day (31/01 + 1 → 28/02). */
export function addMonthsTo(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const target = new Date(Date.UTC(year, month - 1 + months, 1))
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate()
  target.setUTCDate(Math.min(date, lastDay))
  return target.toISOString().slice(0, 10)
}
