import { describe, expect, it } from 'vitest'
import { formatDate } from './dates'
import { lookup } from './lookup'
import { formatMoney } from './money'
import { cardStatusChip, contractStatusChip, instalmentStatusChip } from './status'

describe('contract status chips (spec §4)', () => {
  it.each([
    ['ACTIVE', 'ATIVO', 'green'],
    ['INACTIVE', 'INATIVO', 'orange'],
    ['TRANSFERRED', 'TRANSFERIDO', 'blue'],
    ['CANCELLED', 'CANCELADO', 'red'],
    ['PENDING', 'DADOS PENDENTES', 'grey'],
    ['OVERDUE', 'INADIMPLENTE', 'purple'],
    ['REVIEW', 'EM ANALISE', 'blue'],
    ['SOMETHING_NEW', '---', 'grey'],
    ['', '---', 'grey'],
    [null, '---', 'grey'],
  ])('%s → %s (%s)', (status, label, colour) => {
    expect(contractStatusChip(status)).toEqual({ label, colour })
  })

  it.each([
    ['PAID', 'PAGO', 'green'],
    ['NOT_PAID', 'A PAGAR', 'blue'],
    ['OVERDUE', 'VENCIDO', 'red'],
    ['PARTIAL', 'PAGO PARCIAL', 'orange'],
  ])('instalment %s → %s', (status, label, colour) => {
    expect(instalmentStatusChip(status)).toEqual({ label, colour })
  })

  it('only ACTIVE cards are ATIVO', () => {
    expect(cardStatusChip('ACTIVE').label).toBe('ATIVO')
    expect(cardStatusChip('INACTIVE').label).toBe('INATIVO')
    expect(cardStatusChip('BLOCKED').label).toBe('INATIVO')
  })
})

describe('dates without the time part', () => {
  it.each([
    ['2026-11-22', '22/11/2026'],
    ['2026-11-22T23:30:00.000Z', '22/11/2026'],
    ['2026-01-05T00:00:00-03:00', '05/01/2026'],
    ['05/01/2026', '05/01/2026'],
    ['', '---'],
    [null, '---'],
    ['ontem', '---'],
  ])('%s → %s', (value, shown) => {
    expect(formatDate(value)).toBe(shown)
  })
})

describe('currency display (spec §5)', () => {
  it.each([
    [18990, 'R$ 189,90'],
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [123456789, 'R$ 1.234.567,89'],
    [-1500, '-R$ 15,00'],
    ['189,90', 'R$ 189,90'],
    ['R$ 1.234,56', 'R$ 1.234,56'],
    ['-15,5', '-R$ 15,50'],
    ['12', 'R$ 12,00'],
    ['abc', 'R$ 0,00'],
    ['', 'R$ 0,00'],
    [null, 'R$ 0,00'],
    [undefined, 'R$ 0,00'],
    [Number.NaN, 'R$ 0,00'],
  ])('%s → %s', (value, shown) => {
    expect(formatMoney(value)).toBe(shown)
  })
})

describe('lookup helper (spec §3)', () => {
  const entries = [
    { key: 'qr_code', value: '000201…' },
    { key: 'txid', value: 42 },
    { key: 'empty', value: null },
  ]
  it.each([
    [entries, 'qr_code', '000201…'],
    [entries, 'txid', '42'],
    [entries, 'empty', ''],
    [entries, 'missing', ''],
    [[], 'qr_code', ''],
    [null, 'qr_code', ''],
    [undefined, 'qr_code', ''],
  ])('%#: %s', (list, key, expected) => {
    expect(lookup(list, key)).toBe(expected)
  })
})
