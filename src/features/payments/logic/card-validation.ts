import { cardMessages } from '../../../../contract/tokenizer'

/** The card form as the payment screen holds it (spec §3 card form). */
export type CardInput = { cardHolder: string; cardNumber: string; cvv: string; expiryDate: string }

/**
 * The eight checks of spec §5, in order; the first failure's message, or null. Kept exactly as
 * specified, including the weak year check: a 4-digit year is compared with the current year
 * modulo 100, so any 4-digit year passes it.
 */
export function firstCardError(input: CardInput, now: Date): string | null {
  const [month = '', year = ''] = input.expiryDate.split('/')
  if (!month.trim()) return cardMessages.monthEmpty
  const monthNumber = Number(month)
  if (!Number.isInteger(monthNumber) || monthNumber < 1 || monthNumber > 12)
    return cardMessages.monthRange
  if (!year.trim()) return cardMessages.yearEmpty
  if (year.length !== 4 || /\s/.test(year)) return cardMessages.yearFull
  if (Number(year) < now.getFullYear() % 100) return cardMessages.yearPast
  if (!input.cardHolder.trim()) return cardMessages.holder
  if (input.cardNumber.length < 16) return cardMessages.number
  if (input.cvv.length < 3) return cardMessages.cvv
  return null
}
