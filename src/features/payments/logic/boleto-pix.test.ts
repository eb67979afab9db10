import { describe, expect, it } from 'vitest'
import { type BoletoPix, lateTermsLine, todayLine } from './boleto-pix'

const pix: BoletoPix = {
  txid: 'a'.repeat(32),
  copy_paste: '000201',
  due_date: '2026-12-01',
  last_day: '2026-12-31',
  amount: 17_090,
  amount_today: 17_090,
  fine: 0,
  interest: 0,
  discount: 0,
  fine_percent: '2.00',
  monthly_interest_percent: '1.00',
}

describe("the boleto's Pix with a due date, in words", () => {
  it('says nothing more when today is the boleto amount', () => {
    expect(todayLine(pix)).toBeNull()
  })

  it('says the fine and interest the bank added after the due date', () => {
    expect(todayLine({ ...pix, amount_today: 17_489, fine: 342, interest: 57 })).toBe(
      'Inclui R$ 3,42 de multa e R$ 0,57 de juros, calculados pelo banco por pagamento após o vencimento.',
    )
  })

  it('says a discount', () => {
    expect(todayLine({ ...pix, amount_today: 16_090, discount: 1_000 })).toBe(
      'Inclui R$ 10,00 de desconto.',
    )
  })

  it('says the late terms and the last day', () => {
    expect(lateTermsLine(pix)).toBe(
      'Após o vencimento, o banco acrescenta multa de 2,00% e juros de 1,00% ao mês, e aceita o Pix até 31/12/2026.',
    )
  })
})
