import IMask from 'imask'
import { describe, expect, it } from 'vitest'
import { formatMasked, type MaskSpec, masks } from './masks'

const createMask = (spec: MaskSpec) =>
  typeof spec === 'string'
    ? IMask.createMask({ mask: spec })
    : IMask.createMask({ mask: spec.map((entry) => ({ mask: entry.mask })) })

/** What the field shows after the digits are typed one by one, as IMaskInput applies them. */
function typed(spec: MaskSpec, keys: string): string {
  const masked = createMask(spec)
  for (const key of keys) masked.append(key, { input: true })
  return masked.value
}

/** What the field shows for a stored value (loading a person). */
function shown(spec: MaskSpec, value: string): string {
  const masked = createMask(spec)
  masked.resolve(value)
  return masked.value
}

describe('masks (spec §5)', () => {
  it.each([
    ['landline, 8 digits', masks.phone, '1133334444', '(11) 3333-4444'],
    ['mobile, 9 digits', masks.phone, '11987654321', '(11) 98765-4321'],
    ['phone, still typing', masks.phone, '113333', '(11) 3333'],
    ['date', masks.date, '10052015', '10/05/2015'],
    ['CPF', masks.cpf, '11144477735', '111.444.777-35'],
    ['CEP', masks.cep, '01310100', '01310-100'],
    ['DDI', masks.ddi, '55', '+55'],
    ['card number', masks.cardNumber, '4111111111111111', '4111 1111 1111 1111'],
    ['card expiry', masks.cardExpiry, '122030', '12/2030'],
    ['CVV', masks.cvv, '12345', '1234'],
  ])('%s', (_, spec, keys, expected) => {
    expect(typed(spec, keys)).toBe(expected)
  })

  it.each([
    ['1133334444', '(11) 3333-4444'],
    ['11987654321', '(11) 98765-4321'],
    ['(11) 3333-4444', '(11) 3333-4444'],
  ])('a stored phone %s shows as %s', (value, expected) => {
    expect(shown(masks.phone, value)).toBe(expected)
  })

  it.each([
    ['CPF', masks.cpf, '84512039651'],
    ['CEP', masks.cep, '80020310'],
    ['landline', masks.phone, '4133334444'],
    ['mobile', masks.phone, '41998877665'],
    ['DDI', masks.ddi, '55'],
    ['a value already formatted', masks.cpf, '845.120.396-51'],
  ])('read-only %s reads as the field would show it', (_, spec, value) => {
    expect(formatMasked(value, spec)).toBe(shown(spec, value))
  })

  it('leaves a value with no digits, or too many for the mask, as it is', () => {
    expect(formatMasked('', masks.cpf)).toBe('')
    expect(formatMasked('não informado', masks.cep)).toBe('não informado')
    expect(formatMasked('123456789012', masks.cpf)).toBe('123456789012')
  })
})
