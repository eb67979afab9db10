/**
 * What an unpaid instalment owes on a given day: a 2% fine once it is late, plus 1% interest a
 * month pro rata die, in integer cents. Shared so the server charges it (payment links, reminders)
 * and the app shows it (the payments list and profile, offline too) with the same arithmetic.
 */
const DAY_MS = 86_400_000
/** Brazil has had no daylight saving time since 2019: São Paulo is UTC−3 all year. */
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000

/** Late payment: a 2% fine once, plus 1% interest a month pro rata die (simple interest). */
export const FINE_BASIS_POINTS = 200
export const MONTHLY_INTEREST_BASIS_POINTS = 100

/** Today's date in São Paulo, 'YYYY-MM-DD': instalments fall due by the provider's calendar. */
export const todayInSaoPaulo = (now: Date) =>
  new Date(now.getTime() + SAO_PAULO_OFFSET_MS).toISOString().slice(0, 10)

/** The 'YYYY-MM-DD' `days` after `day` (before it when negative), on the calendar alone. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** Whole days from one 'YYYY-MM-DD' to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

/** Half-up rounding of a non-negative ratio of integers, exact for any amount in cents. */
export const roundedRatio = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator))

export interface InstalmentRow {
  id: string
  installment: number
  description: string
  status: string
  dueDate: string
  value: number
  discount: number
}

/** What one unpaid instalment owes today. */
export interface InstalmentDue {
  id: string
  value: number
  discount: number
  fine: number
  fee: number
  correction: number
  /** value − discount + fine + fee + correction */
  total: number
}

/** PAID stays PAID; anything unpaid is OVERDUE once its due date has passed, else NOT_PAID. */
export function effectiveStatus(status: string, dueDate: string, today: string) {
  if (status === 'PAID') return 'PAID'
  return dueDate < today ? 'OVERDUE' : 'NOT_PAID'
}

export const delayedDays = (status: string, dueDate: string, today: string) =>
  status === 'PAID' ? 0 : Math.max(0, daysBetween(dueDate, today))

export function instalmentDue(row: InstalmentRow, today: string): InstalmentDue {
  const base = Math.max(0, row.value - row.discount)
  const late = delayedDays(row.status, row.dueDate, today)
  const fine = late > 0 ? roundedRatio(base * FINE_BASIS_POINTS, 10_000) : 0
  const fee = late > 0 ? roundedRatio(base * MONTHLY_INTEREST_BASIS_POINTS * late, 30 * 10_000) : 0
  return {
    id: row.id,
    value: row.value,
    discount: row.discount,
    fine,
    fee,
    correction: 0,
    total: base + fine + fee,
  }
}

/**
 * A Pix with a due date paid late (decision 025): the bank computed its fine and interest. The
 * receipt and /success say it with the amount, formatted by each side (R$ 1,23).
 */
export const lateChargesText = (amount: string) =>
  `Pago após o vencimento: o total inclui ${amount} de multa e juros calculados pelo banco.`
