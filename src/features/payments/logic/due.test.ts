import { describe, expect, it } from 'vitest'
import { dueHeadline, dueOf, owedOn } from './due'

const instalment = (
  id: string,
  status: string,
  due_date: string,
  value = 18_990,
  discount = 0,
) => ({
  id,
  installment: Number(id),
  status,
  due_date,
  value,
  discount,
  paid_value: status === 'PAID' ? value : null,
  data: { lastLinkAdjustment: 0 },
})

const today = '2026-11-27'

describe('owedOn', () => {
  it('adds the 2% fine and 1% a month of interest pro rata die to a late one', () => {
    // 10 days late: 189,90 + 3,80 (2%) + 0,63 (1% × 10/30) = 194,33, as the payment link charges.
    expect(owedOn(instalment('4', 'OVERDUE', '2026-11-17'), today)).toBe(19_433)
  })

  it('charges the price, less its discount, when not late; nothing more once paid', () => {
    expect(owedOn(instalment('5', 'NOT_PAID', '2026-12-17', 18_990, 1_900), today)).toBe(17_090)
    expect(owedOn(instalment('3', 'PAID', '2026-10-17'), today)).toBe(0)
  })

  it('grows with the days, by the device clock the screen passes in', () => {
    const late = instalment('4', 'OVERDUE', '2026-11-17')
    expect(owedOn(late, '2026-11-18')).toBeLessThan(owedOn(late, '2026-12-17'))
  })
})

describe('dueOf and dueHeadline', () => {
  it('heads the overdue ones with what they cost today, the sum of the link', () => {
    const due = dueOf(
      [
        instalment('4', 'OVERDUE', '2026-11-17'),
        instalment('3', 'OVERDUE', '2026-10-17'),
        instalment('5', 'NOT_PAID', '2026-12-17'),
      ],
      today,
    )
    expect(due.kind).toBe('overdue')
    expect(due.instalments.map((row) => row.id)).toEqual(['3', '4'])
    expect(due.total).toBe(37_980)
    // Instalment 3, 41 days late: 189,90 + 3,80 + 2,60 = 196,30; with 4's 194,33: 390,63.
    expect(due.owedToday).toBe(39_063)
    expect(dueHeadline(due)).toBe('2 vencidas · R$ 390,63')
  })

  it('names the next one at its price when nothing is late, and says when all is paid', () => {
    const next = dueOf([instalment('5', 'NOT_PAID', '2026-12-17', 18_990, 1_900)], today)
    expect(dueHeadline(next)).toBe('Próxima · R$ 170,90')
    expect(dueHeadline(dueOf([instalment('1', 'PAID', '2026-08-17')], today))).toBe('Tudo em dia')
  })
})
