import { describe, expect, it } from 'vitest'
import {
  payableSelection,
  payDebtsLabel,
  payOneLabel,
  shownIn,
  skippedOverdue,
  tabOfLink,
} from './selection'

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
  const today = '2026-11-27'
  const dated = [
    { ...instalment('4', 'OVERDUE', 18_990), installment: 4, due_date: '2026-11-17' },
    { ...instalment('5', 'NOT_PAID', 18_990, 1_900), installment: 5, due_date: '2026-12-17' },
    { ...instalment('6', 'NOT_PAID', 15_000), installment: 6, due_date: '2027-01-17' },
  ]
  it.each([
    // 170,90 + 150,00
    [['5', '6'], 'Pagar Débitos (2) · R$ 320,90'],
    // 194,33 (10 days late: 189,90 + 3,80 + 0,63, what the link charges) + 170,90
    [['4', '5'], 'Pagar Débitos (2) · R$ 365,23'],
    [['4', '5', '6'], 'Pagar Débitos (3) · R$ 515,23'],
  ])('%j → %s', (ids, label) => {
    expect(
      payDebtsLabel(
        dated.filter((row) => ids.includes(row.id)),
        today,
      ),
    ).toBe(label)
  })

  it("starts with the spec's text", () => {
    expect(payDebtsLabel([], today)).toMatch(/^Pagar Débitos/)
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

describe('skippedOverdue', () => {
  const dated = [
    { ...instalment('3', 'OVERDUE', 15_000), due_date: '2026-09-10' },
    { ...instalment('4', 'OVERDUE', 15_000), due_date: '2026-10-10' },
    { ...instalment('5', 'NOT_PAID', 15_000), due_date: '2026-11-10' },
    { ...instalment('6', 'NOT_PAID', 15_000), due_date: '2026-12-10' },
  ]
  const skipped = (ids: string[]) =>
    skippedOverdue(
      dated,
      dated.filter((row) => ids.includes(row.id)),
    ).map((row) => row.id)

  it('names the overdue ones a later tick passes over', () => {
    expect(skipped(['5'])).toEqual(['3', '4'])
    expect(skipped(['4'])).toEqual(['3'])
    expect(skipped(['4', '6'])).toEqual(['3'])
  })

  it('says nothing when the overdue ones are ticked, or nothing later is', () => {
    expect(skipped(['3', '4', '5'])).toEqual([])
    expect(skipped(['3'])).toEqual([])
    expect(skipped([])).toEqual([])
  })
})

describe('payOneLabel', () => {
  const today = '2026-11-27'
  it.each([
    [
      { ...instalment('5', 'NOT_PAID', 15_000, 1_000), installment: 5, due_date: '2026-12-17' },
      'Pagar parcela 5 · R$ 140,00',
    ],
    [
      { ...instalment('4', 'OVERDUE', 18_990), installment: 4, due_date: '2026-11-17' },
      'Pagar parcela 4 · R$ 194,33',
    ],
    [
      { ...instalment('1', 'NOT_PAID', 10_000), installment: 0, due_date: '2026-12-01' },
      'Pagar parcela 1 · R$ 100,00',
    ],
  ])('%j → %s', (row, label) => {
    expect(payOneLabel(row, today)).toBe(label)
  })
})
