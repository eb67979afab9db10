/** Date helpers for the demo data, always relative to the seed time so statuses stay coherent. */
import { todayInSaoPaulo } from '../../../contract/late-charges'

const DAY_MS = 86_400_000

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS)

/** Same day of month, months later; days above 28 are clamped so every month has them. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date)
  result.setUTCDate(Math.min(result.getUTCDate(), 28))
  result.setUTCMonth(result.getUTCMonth() + months)
  return result
}

/**
 * 'YYYY-MM-DD' on São Paulo's calendar, the shape of date columns: the server counts days late
 * by that calendar, so 'ten days ago' stays ten days from 21:00 to midnight there too (in UTC it
 * would already be tomorrow, and Ana's instalment nine days late).
 */
export const isoDay = (date: Date) => todayInSaoPaulo(date)
