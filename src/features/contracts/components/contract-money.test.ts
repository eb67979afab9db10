import { describe, expect, it } from 'vitest'
import { dueOf } from '../../payments/logic/due'
import { debtLine } from './contract-money'

const instalment = (id: string, status: string, due_date: string, value = 9_990) => ({
  id,
  installment: Number(id),
  status,
  due_date,
  value,
  discount: 0,
  paid_value: status === 'PAID' ? value : null,
  data: { lastLinkAdjustment: 0 },
})

const today = '2026-11-27'

describe("the contract picker's line", () => {
  it('names the next instalment with its due day (dd/mm) and its price', () => {
    const due = dueOf(
      [
        instalment('1', 'PAID', '2026-11-18'),
        instalment('3', 'NOT_PAID', '2027-01-18'),
        instalment('2', 'NOT_PAID', '2026-12-18'),
      ],
      today,
    )
    expect(debtLine(due)).toBe('Próxima · 18/12 · R$ 99,90')
  })

  it('keeps the overdue count with what they cost today, and "Tudo em dia"', () => {
    const overdue = dueOf(
      [
        instalment('1', 'OVERDUE', '2026-10-23', 14_990),
        instalment('2', 'OVERDUE', '2026-11-23', 14_990),
      ],
      today,
    )
    expect(debtLine(overdue)).toMatch(/^2 vencidas · R\$ [\d.]+,\d{2}$/)
    expect(debtLine(dueOf([instalment('1', 'PAID', '2026-11-18')], today))).toBe('Tudo em dia')
  })
})
