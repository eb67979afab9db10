/**
 * Every input mask of the app (spec §5), in react-imask's notation: '0' is a digit. A list is a
 * dynamic mask: the first that takes all the digits typed wins, so a landline (8 digits after
 * the area code) and a mobile (9) both read right.
 */
export type MaskSpec = string | ReadonlyArray<{ mask: string }>

export const masks = {
  // Registration forms.
  date: '00/00/0000',
  cpf: '000.000.000-00',
  cep: '00000-000',
  ddi: '+0000',
  phone: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
  // Payment form.
  cardNumber: '0000 0000 0000 0000 0000',
  cardExpiry: '00/0000',
  cvv: '0000',
} as const satisfies Record<string, MaskSpec>

/**
 * `value`'s digits laid out by `spec` as the input would show them (read-only data shown as text):
 * '84512039651' with the CPF mask reads '845.120.396-51'. A list takes the first mask with room
 * for every digit. A value with no digits, or more than the mask holds, is returned as it is.
 */
export function formatMasked(value: string, spec: MaskSpec): string {
  const digits = value.replace(/\D/g, '')
  const patterns = typeof spec === 'string' ? [spec] : spec.map((option) => option.mask)
  const room = (pattern: string) => pattern.split('0').length - 1
  const pattern = patterns.find((candidate) => room(candidate) >= digits.length)
  if (!digits || !pattern) return value
  let next = 0
  let out = ''
  for (const char of pattern) {
    if (next >= digits.length) break
    out += char === '0' ? digits[next++] : char
  }
  return out
}
