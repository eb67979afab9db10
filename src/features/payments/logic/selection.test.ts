import { describe, expect, it } from 'vitest'
import { payableSelection, payDebtsLabel, shownIn, tabOfLink } from './selection'

const instalment = (id: string, status: string, value: number, discount = 0) => ({
  id,
  status,
  value,
  discount,
  paid_value: status === 'PAID' ? value : null,
  data: { lastLinkAdjustment: 0 },
})

const list = [
  instalment('1', 'PAID', 15_000),
  instalment('4', 'OVERDUE', 15_000),
  instalment('5', 'NOT_PAID', 15_000),
  instalment('6', 'NOT_PAID', 15_000, 1_000),
]

describe('payDebtsLabel', () => {
  it.each([
    [['5', '6'], 'Pagar Débitos (2) · R$ 290,00'],
    [['4', '5'], 'Pagar Débitos (2) · R$ 300,00 + acréscimos'],
    [['4', '5', '6'], 'Pagar Débitos (3) · R$ 440,00 + acréscimos'],
  ])('%j → %s', (ids, label) => {
    expect(payDebtsLabel(list.filter((row) => ids.includes(row.id)))).toBe(label)
  })

  it("starts with the spec's text", () => {
    expect(payDebtsLabel([])).toMatch(/^Pagar Débitos/)
  })
})

describe('payableSelection', () => {
  const ticked = new Set(['4', '5', '6'])

  it('pays only the ticks the tab shows', () => {
    expect(payableSelection(shownIn(list, 'ALL'), ticked).map((row) => row.id)).toEqual([
      '4',
      '5',
      '6',
    ])
    expect(payableSelection(shownIn(list, 'NOT_PAID'), ticked).map((row) => row.id)).toEqual([
      '5',
      '6',
    ])
    expect(payableSelection(shownIn(list, 'OVERDUE'), ticked).map((row) => row.id)).toEqual(['4'])
  })

  it('never pays an instalment that is already paid, even if it was ticked before', () => {
    expect(payableSelection(list, new Set(['1', '5'])).map((row) => row.id)).toEqual(['5'])
  })
})

describe('tabOfLink', () => {
  it.each([
    [undefined, 'ALL'],
    ['todos', 'ALL'],
    ['pagos', 'PAID'],
    ['a-pagar', 'NOT_PAID'],
    ['vencidos', 'OVERDUE'],
  ] as const)('%s → %s', (link, tab) => {
    expect(tabOfLink(link)).toBe(tab)
  })
})
