/** Date helpers for the demo data, always relative to the seed time so statuses stay coherent. */

const DAY_MS = 86_400_000

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS)

/** Same day of month, months later; days above 28 are clamped so every month has them. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date)
  result.setUTCDate(Math.min(result.getUTCDate(), 28))
  result.setUTCMonth(result.getUTCMonth() + months)
  return result
}

/** 'YYYY-MM-DD' in UTC, the shape of date columns. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10)
