import { describe, expect, it } from 'vitest'
import { formatCpf, formatPhone, formatPhoneText, formatSeriesNumber } from './format'

describe('document and phone display', () => {
  it.each([
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['123', '123'],
    ['', '---'],
    [null, '---'],
  ])('CPF %s → %s', (value, shown) => {
    expect(formatCpf(value)).toBe(shown)
  })

  it.each([
    ['55', '11987654321', '+55 (11) 98765-4321'],
    ['+55', '1133334444', '+55 (11) 3333-4444'],
    [null, '11987654321', '(11) 98765-4321'],
    ['55', '', '---'],
    ['1', '5551234', '+1 5551234'],
  ])('phone %s %s → %s', (ddi, number, shown) => {
    expect(formatPhone(ddi, number)).toBe(shown)
  })

  it.each([
    ['+55 11987654321', '+55 (11) 98765-4321'],
    ['+55 1133334444', '+55 (11) 3333-4444'],
    ['55 11987654321', '+55 (11) 98765-4321'],
    ['+55 (11) 98765-4321', '+55 (11) 98765-4321'],
    ['11987654321', '(11) 98765-4321'],
    ['+1 5551234', '+1 5551234'],
    ['ramal 12', 'ramal 12'],
    ['', ''],
    [null, ''],
  ])('phone text %s → %s', (text, shown) => {
    expect(formatPhoneText(text)).toBe(shown)
  })

  it.each([
    ['A', '000123', 'A/000123'],
    [null, '000123', '000123'],
    [null, null, '---'],
  ])('series %s number %s → %s', (serie, number, shown) => {
    expect(formatSeriesNumber(serie, number)).toBe(shown)
  })
})
