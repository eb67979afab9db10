/**
 * Boleto de cobrança (FEBRABAN layout): the 44-digit barcode and its 47-digit linha digitável.
 * Barcode: bank (3) · currency 9 · general check digit (mod 11) · due-date factor (4) · amount in
 * cents (10) · free field (25). The line regroups it in five fields, the first three closed by a
 * mod-10 check digit. The due-date factor counts days from 07/10/1997 and restarted at 1000 on
 * 22/02/2025 (the day after factor 9999).
 */

const DAY_MS = 86_400_000
const FIRST_BASE = Date.UTC(1997, 9, 7)
const RESET_DAY = Date.UTC(2025, 1, 22)

/** Days count for the due date 'YYYY-MM-DD'. */
export function dueDateFactor(dueDate: string): string {
  const day = Date.parse(`${dueDate}T00:00:00Z`)
  const factor =
    day >= RESET_DAY
      ? 1000 + Math.round((day - RESET_DAY) / DAY_MS)
      : Math.round((day - FIRST_BASE) / DAY_MS)
  if (!Number.isInteger(factor) || factor < 1000 || factor > 9999) {
    throw new Error(`data de vencimento fora do alcance do fator: ${dueDate}`)
  }
  return String(factor)
}

/** Mod 10: digits weighted 2,1,2,… from the right, two-digit products summed digit by digit. */
export function mod10(digits: string): number {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    const product = Number(digits[digits.length - 1 - index]) * (index % 2 === 0 ? 2 : 1)
    sum += product > 9 ? product - 9 : product
  }
  return (10 - (sum % 10)) % 10
}

/** Mod 11 of the barcode: weights 2 to 9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    sum += Number(digits[digits.length - 1 - index]) * (2 + (index % 8))
  }
  const digit = 11 - (sum % 11)
  return digit === 0 || digit >= 10 ? 1 : digit
}

export interface BoletoNumbers {
  /** Bank code, e.g. '001'. */
  bank: string
  /** Cents, at most 10 digits. */
  amount: number
  dueDate: string
  /** 25 digits the bank defines (agreement, "nosso número", wallet). */
  freeField: string
}

export function boletoNumbers(input: BoletoNumbers): { barcode: string; digitableLine: string } {
  const { bank, freeField } = input
  if (!/^\d{3}$/.test(bank) || !/^\d{25}$/.test(freeField)) throw new Error('boleto inválido')
  if (!Number.isSafeInteger(input.amount) || input.amount < 0 || input.amount > 9_999_999_999) {
    throw new Error('valor do boleto fora do alcance')
  }
  const factor = dueDateFactor(input.dueDate)
  const amount = String(input.amount).padStart(10, '0')
  const withoutCheck = `${bank}9${factor}${amount}${freeField}`
  const general = mod11(withoutCheck)
  const barcode = `${bank}9${general}${factor}${amount}${freeField}`
  const first = `${bank}9${freeField.slice(0, 5)}`
  const second = freeField.slice(5, 15)
  const third = freeField.slice(15, 25)
  const digitableLine = [
    `${first}${mod10(first)}`,
    `${second}${mod10(second)}`,
    `${third}${mod10(third)}`,
    String(general),
    `${factor}${amount}`,
  ].join('')
  return { barcode, digitableLine }
}

// How a bank prints the line is a pure rule the app shares (contract/format.ts).
/**
 * The 44-digit barcode a 47-digit linha digitável stands for (the line's fields put back in
 * barcode order, check digits of the fields dropped); undefined for anything else.
 */
export function barcodeFromDigitableLine(line: string): string | undefined {
  const digits = line.replace(/\D/g, '')
  if (digits.length !== 47) return undefined
  return (
    digits.slice(0, 4) +
    digits.slice(32, 33) +
    digits.slice(33, 47) +
    digits.slice(4, 9) +
    digits.slice(10, 20) +
    digits.slice(21, 31)
  )
}

export { formatDigitableLine } from '../../../contract/format'
