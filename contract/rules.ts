/**
 * Domain rules the contract's schemas use and the screens use before anything is sent: a CPF's
 * check digits, a birth date, a card number's check digit. Pure functions, no I/O.
 */

/** The CPF check digit (mod 11) that follows `digits` (the first 9, or those and the first check). */
function cpfCheckDigit(digits: string): number {
  let sum = 0
  for (let index = 0; index < digits.length; index++)
    sum += Number(digits[index]) * (digits.length + 1 - index)
  const rest = (sum * 10) % 11
  return rest === 10 ? 0 : rest
}

/** CPF check digits (mod 11); eleven equal digits pass the arithmetic but are never issued. */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false
  return (
    cpfCheckDigit(digits.slice(0, 9)) === Number(digits[9]) &&
    cpfCheckDigit(digits.slice(0, 10)) === Number(digits[10])
  )
}

/** CNPJ check digits (mod 11, weights 5…2 then 9…2); fourteen equal digits are never issued. */
export function isValidCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false
  const check = (length: number) => {
    let sum = 0
    for (let index = 0; index < length; index++)
      sum += Number(digits[index]) * (((length - 1 - index) % 8) + 2)
    const rest = sum % 11
    return rest < 2 ? 0 : 11 - rest
  }
  return check(12) === Number(digits[12]) && check(13) === Number(digits[13])
}

/** The valid CPF made of these 9 digits and their two check digits (test and bench data). */
export function cpfWithCheckDigits(base: string): string {
  const first = `${base}${cpfCheckDigit(base)}`
  return `${first}${cpfCheckDigit(first)}`
}

/**
 * The days the portal takes, for every date field: real calendar days (no 30 February, no
 * 31 April, 29 February in leap years only) from 1900 to 2100. PostgreSQL cannot keep year 0000
 * and JavaScript's Date rolls 2026-02-30 over to 2 March, so a date is checked here, as written,
 * before either sees it.
 */
export const earliestDay = '1900-01-01'
export const latestDay = '2100-12-31'

/** A day that exists on the calendar, written `AAAA-MM-DD` (four-digit year, two-digit parts). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(0)
  // setUTCFullYear, unlike Date.UTC, takes years 0 to 99 as written.
  date.setUTCFullYear(year, month - 1, day)
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

/** A calendar day within the range the portal keeps (1900-01-01 to 2100-12-31). */
export const isDay = (value: string) =>
  isCalendarDay(value) && value >= earliestDay && value <= latestDay

/** Today's date in the easternmost time zone (UTC+14): a day that is today anywhere passes. */
const latestToday = (now: Date) =>
  new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10)

/** A real YYYY-MM-DD date from 1900-01-01 up to today (wherever browser and server run). */
export const isBirthDate = (value: string, now = new Date()): boolean =>
  isDay(value) && value <= latestToday(now)

const timestampPattern =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(Z|[+-](?:0\d|1[0-4]):[0-5]\d)$/

/**
 * The instant a timestamp names, read strictly (RFC 3339): `AAAA-MM-DDTHH:MM:SS[.fff]` with its
 * offset (`Z` or `±HH:MM`, never left to the server's zone), on a day `isDay` takes; null for
 * anything else.
 */
export function parseTimestamp(value: string): Date | null {
  const match = timestampPattern.exec(value)
  if (!match || !isDay(match[1] as string)) return null
  const instant = new Date(value)
  return Number.isNaN(instant.getTime()) ? null : instant
}

/** Luhn check digit, which every card number carries. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return digits.length > 0 && sum % 10 === 0
}
