/** The link's money in integer cents: adjustments, splits, late charges and boleto dates. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addMonthsTo,
  adjustedAmount,
  allocate,
  delayedDays,
  effectiveStatus,
  instalmentDue,
  nextBusinessDays,
  percentageText,
  planCharge,
  splitInstallments,
  todayInSaoPaulo,
} from './payment-amounts'

const row = (overrides: Partial<Parameters<typeof instalmentDue>[0]> = {}) => ({
  id: 'p1',
  installment: 1,
  description: 'Mensalidade',
  status: 'NOT_PAID',
  dueDate: '2026-11-30',
  value: 18_990,
  discount: 0,
  ...overrides,
})

describe('payment amounts', () => {
  it.each([
    [500, '5,00'],
    [250, '2,50'],
    [0, '0,00'],
    [1_000, '10,00'],
    [499, '4,99'],
  ])('%i basis points read %s', (basisPoints, text) => {
    expect(percentageText(basisPoints)).toBe(text)
  })

  it.each([
    [17_090, 'DISCOUNT', 500, 16_236],
    [17_090, 'DISCOUNT', 1_000, 15_381],
    [18_990, 'INCREASE', 499, 19_938],
    [18_990, 'INCREASE', 0, 18_990],
    [1, 'DISCOUNT', 5_000, 1],
  ] as const)('%i with %s of %i bp is %i (half up)', (total, type, basisPoints, expected) => {
    expect(adjustedAmount(total, { type, basisPoints })).toBe(expected)
  })

  it('splits instalments with the remainder on the first', () => {
    expect(splitInstallments(10_000, 3)).toEqual([3_334, 3_333, 3_333])
    expect(splitInstallments(19_938, 6)).toEqual([3_323, 3_323, 3_323, 3_323, 3_323, 3_323])
    expect(splitInstallments(7, 1)).toEqual([7])
  })

  it('allocates any amount over any weights in whole cents that add up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (amount, weights) => {
          const parts = allocate(amount, weights)
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount)
          const total = weights.reduce((sum, weight) => sum + weight, 0)
          if (total > 0) {
            parts.forEach((part, index) => {
              expect(Math.abs(part - (amount * (weights[index] ?? 0)) / total)).toBeLessThan(1)
            })
          }
        },
      ),
    )
  })

  it('charges an overdue instalment a 2% fine and 1% a month pro rata on value − discount', () => {
    const due = instalmentDue(row({ status: 'OVERDUE', dueDate: '2026-11-12' }), '2026-11-22')
    expect(due).toMatchObject({ fine: 380, fee: 63, correction: 0, total: 18_990 + 380 + 63 })
    const onTime = instalmentDue(row({ discount: 1_900 }), '2026-11-22')
    expect(onTime).toMatchObject({ fine: 0, fee: 0, total: 17_090 })
  })

  it('reads status and delay against the date', () => {
    expect(effectiveStatus('NOT_PAID', '2026-11-21', '2026-11-22')).toBe('OVERDUE')
    expect(effectiveStatus('OVERDUE', '2026-11-22', '2026-11-22')).toBe('NOT_PAID')
    expect(effectiveStatus('PAID', '2020-01-01', '2026-11-22')).toBe('PAID')
    expect(delayedDays('NOT_PAID', '2026-11-12', '2026-11-22')).toBe(10)
    expect(delayedDays('PAID', '2026-11-12', '2026-11-22')).toBe(0)
    expect(todayInSaoPaulo(new Date('2026-11-22T02:59:00Z'))).toBe('2026-11-21')
    expect(todayInSaoPaulo(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-22')
  })

  it('plans a discounted charge: shares add up to the amount and carry the discount', () => {
    const dues = [
      instalmentDue(row({ id: 'a', discount: 1_900 }), '2026-11-22'),
      instalmentDue(row({ id: 'b' }), '2026-11-22'),
    ]
    const plan = planCharge(dues, { type: 'DISCOUNT', basisPoints: 500 })
    expect(plan.amount).toBe(
      adjustedAmount(17_090 + 18_990, { type: 'DISCOUNT', basisPoints: 500 }),
    )
    expect(plan.adjustment).toBe(17_090 + 18_990 - plan.amount)
    expect(plan.shares.reduce((sum, share) => sum + share.paid, 0)).toBe(plan.amount)
    expect(plan.shares.reduce((sum, share) => sum + share.discount, 0)).toBe(plan.adjustment)
    const increased = planCharge(dues, { type: 'INCREASE', basisPoints: 499 })
    expect(increased.adjustment).toBeLessThan(0)
    expect(increased.shares.every((share) => share.discount === 0)).toBe(true)
    expect(planCharge(dues, undefined)).toMatchObject({ amount: 36_080, adjustment: 0 })
  })

  it.each([
    ['2026-11-20', ['2026-11-23', '2026-11-24', '2026-11-25']],
    ['2026-11-22', ['2026-11-23', '2026-11-24', '2026-11-25']],
    ['2026-11-19', ['2026-11-23', '2026-11-24', '2026-11-25']],
    ['2026-12-23', ['2026-12-24', '2026-12-28', '2026-12-29']],
  ])('after %s the next business days are %j (weekends and holidays skipped)', (today, days) => {
    expect(nextBusinessDays(today, 3)).toEqual(days)
  })

  it('adds months keeping the day, clamped to the month end', () => {
    expect(addMonthsTo('2026-11-25', 1)).toBe('2026-12-25')
    expect(addMonthsTo('2027-01-31', 1)).toBe('2027-02-28')
    expect(addMonthsTo('2026-12-10', 2)).toBe('2027-02-10')
  })
})
