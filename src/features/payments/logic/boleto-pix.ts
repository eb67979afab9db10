import type { BoletoResponse } from '../../../../contract/payments'
import { formatDate } from '../../../lib/dates'
import { formatMoney } from '../../../lib/money'

/** The boleto's Pix with a due date (decision 025), as the server answered it. */
export type BoletoPix = NonNullable<BoletoResponse['pix']>

export const boletoPixMessages = {
  title: 'Pix com vencimento',
  intro: 'Prefere Pix? Pague este boleto pelo Pix abaixo, pelo mesmo valor até o vencimento.',
  copied: 'Código Pix copiado!',
  copyByHand: 'Selecione o código acima e copie.',
} as const

const percent = (valorPerc: string) => `${valorPerc.replace('.', ',')}%`

/** One line on what today's amount includes; null when it is the boleto's own amount. */
export function todayLine(pix: BoletoPix): string | null {
  if (pix.fine + pix.interest > 0)
    return `Inclui ${formatMoney(pix.fine)} de multa e ${formatMoney(pix.interest)} de juros, calculados pelo banco por pagamento após o vencimento.`
  if (pix.discount > 0) return `Inclui ${formatMoney(pix.discount)} de desconto.`
  return null
}

/** What the bank adds once the due date has passed, and until when it takes the Pix. */
export const lateTermsLine = (pix: BoletoPix) =>
  `Após o vencimento, o banco acrescenta multa de ${percent(pix.fine_percent)} e juros de ${percent(pix.monthly_interest_percent)} ao mês, e aceita o Pix até ${formatDate(pix.last_day)}.`
