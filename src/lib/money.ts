/**
 * `value` written the Brazilian way: '.' between thousands, ',' before the decimals, at least
 * `min` and at most `max` of them (rounded half away from zero, as Intl does). Not Intl itself:
 * the first formatter a page builds loads the locale's data, about 50 ms of a phone's main
 * thread at the start of the payment link (issue 26), for digits this simple.
 */
export function decimalText(value: number, { min = 2, max = 2 } = {}): string {
  const scale = 10 ** max
  // EPSILON: 1.005 is stored as 1.00499…; Intl, reading its shortest form, rounds it to 1,01.
  const scaled = Math.round((Math.abs(value) + Number.EPSILON) * scale)
  let fraction = String(scaled % scale).padStart(max, '0')
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  const integer = String(Math.floor(scaled / scale)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  const text = fraction ? `${integer},${fraction}` : integer
  return value < 0 || Object.is(value, -0) ? `-${text}` : text
}

/**
 * Currency display of spec §5: a string is parsed by keeping digits, comma and minus and
 * reading the comma as the decimal point; a number is in cents; anything invalid is R$ 0,00.
 */
export function formatMoney(value: unknown): string {
  let reais: number
  if (typeof value === 'number') reais = value / 100
  else if (typeof value === 'string')
    reais = Number.parseFloat(value.replace(/[^\d,-]/g, '').replace(',', '.'))
  else reais = Number.NaN
  const text = decimalText(Number.isFinite(reais) ? reais : 0)
  return text.startsWith('-') ? `-R$ ${text.slice(1)}` : `R$ ${text}`
}

/** formatMoney with a no-break space after "R$", for a line that may wrap between its words. */
export const formatMoneyUnbroken = (value: unknown) => formatMoney(value).replace(' ', '\u00a0')
