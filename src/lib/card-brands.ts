/** Card brand from the number's prefix (spec §3): visa, mastercard, amex, diners, discover, jcb, elo. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover' | 'jcb' | 'elo'

/** Elo's BIN ranges overlap Visa's and Discover's, so Elo is checked first. */
const eloRanges: Array<[number, number]> = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650920],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
]

const patterns: Array<[CardBrand, RegExp]> = [
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[68])/],
  ['jcb', /^35(2[89]|[3-8])/],
  ['visa', /^4/],
  ['mastercard', /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/],
  ['discover', /^(6011|65|64[4-9]|622)/],
]

export function detectCardBrand(number: string): CardBrand | null {
  const digits = number.replace(/\D/g, '')
  if (digits.length >= 6) {
    const bin = Number(digits.slice(0, 6))
    if (eloRanges.some(([low, high]) => bin >= low && bin <= high)) return 'elo'
  }
  return patterns.find(([, pattern]) => pattern.test(digits))?.[0] ?? null
}
