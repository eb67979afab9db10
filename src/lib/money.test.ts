import { describe, expect, it } from 'vitest'
import { reais } from '../features/payments/logic/options'
import { decimalText, formatMoney } from './money'

/** What the portal wrote before it left Intl out of the page's start (issue 26). */
const intlMoney = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

describe('decimalText: the digits Intl writes for pt-BR, without building a formatter', () => {
  // Cents as the API sends them, money as links write it, and the edges of rounding and grouping.
  const values = [
    0, 1, 5, 10, 99, 100, 101, 999, 1000, 15381, 17090, 18990, 99999, 100000, 123456789, -1, -123,
    -100000,
  ]
  for (let index = 0; index < 2000; index++)
    values.push(Math.round(Math.sin(index) * 10 ** (index % 10) * 100))

  it('money in cents: R$ as Intl writes it, with a plain space', () => {
    for (const cents of values)
      expect(formatMoney(cents), String(cents)).toBe(
        intlMoney.format(cents / 100).replace(/\u00a0/g, ' '),
      )
  })

  it('amounts with more decimals round half away from zero, as Intl does', () => {
    for (const [value, shown] of [
      ['1,005', 'R$ 1,01'],
      ['0,005', 'R$ 0,01'],
      ['2,344', 'R$ 2,34'],
      ['-2,345', '-R$ 2,35'],
      ['1.234.567,895', 'R$ 1.234.567,90'],
    ] as const)
      expect(formatMoney(value)).toBe(shown)
  })

  it('a percentage keeps up to two decimals and drops trailing zeros', () => {
    for (const value of [2.5, 2.25, 10, 0.1, 33.333, 12.999, 1000.5])
      expect(decimalText(value, { min: 0, max: 2 })).toBe(
        value.toLocaleString('pt-BR', { maximumFractionDigits: 2 }),
      )
  })

  it('the labels’ amounts: two decimals, no symbol', () => {
    for (const cents of values)
      expect(reais(cents)).toBe(
        (cents / 100).toLocaleString('pt-BR', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
      )
  })
})
