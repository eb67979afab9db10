/**
 * Card brand from the number's prefix (spec §3: visa, mastercard, amex, diners, discover, jcb,
 * elo; and Hipercard, common in Brazil). The BIN ranges come from `credit-card-type`, kept up to
 * date by its maintainers as Elo and Hipercard add ranges.
 */
import creditCardType from 'credit-card-type'

export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'diners'
  | 'discover'
  | 'jcb'
  | 'elo'
  | 'hipercard'

/** The library's type names → ours (the names the tokenizer receives). */
const brands: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
  'diners-club': 'diners',
  discover: 'discover',
  jcb: 'jcb',
  elo: 'elo',
  hipercard: 'hipercard',
}

/**
 * The brand the number's prefix names, or null. Where a short prefix fits several ('4' is Visa's
 * and some Elo's), the library puts the likeliest first: the one its longest range matches.
 */
export function detectCardBrand(number: string): CardBrand | null {
  const digits = number.replace(/\D/g, '')
  if (!digits) return null
  for (const { type } of creditCardType(digits)) if (brands[type]) return brands[type]
  return null
}
