/**
 * "Débito automático via Pix" (decision 025): the words the screen uses for what the holder
 * authorizes and for where the authorization stands at the bank.
 */
import { formatCnpj } from '../../../../contract/format'
import type { RecurrenceView } from '../../../../contract/pix-automatico'
import { formatDate } from '../../../lib/dates'
import { formatMoney } from '../../../lib/money'

const frequencies: Record<string, string> = {
  SEMANAL: 'Semanal',
  MENSAL: 'Mensal',
  TRIMESTRAL: 'Trimestral',
  SEMESTRAL: 'Semestral',
  ANUAL: 'Anual',
}

export { formatCnpj }

export type Term = { label: string; value: string }

/** What the holder authorizes, one line each, in the order their bank app shows it. */
export function recurrenceTerms(view: RecurrenceView): Term[] {
  return [
    {
      label: 'Valor de cada cobrança',
      value:
        view.amount.kind === 'FIXED'
          ? formatMoney(view.amount.value)
          : `até ${formatMoney(view.amount.value)}`,
    },
    { label: 'Frequência', value: frequencies[view.frequency] ?? view.frequency },
    { label: 'Primeira cobrança', value: formatDate(view.firstDate) },
    {
      label: 'Última cobrança',
      value: view.lastDate ? formatDate(view.lastDate) : 'Sem data final',
    },
    { label: 'Recebedor', value: view.receiver.name },
    // A line of its own: beside the name it broke mid-number on a phone.
    { label: 'CNPJ', value: formatCnpj(view.receiver.cnpj) },
  ]
}

/** One line on an authorization that ended (REJEITADA, CANCELADA, EXPIRADA); null otherwise. */
export function endedText(view: RecurrenceView): string | null {
  switch (view.status) {
    case 'REJEITADA':
      return 'A autorização foi recusada no app do seu banco. Nenhuma parcela será cobrada por ela.'
    case 'CANCELADA':
      return view.cancelledBy === 'USUARIO_PAGADOR'
        ? 'Pix Automático cancelado no app do seu banco. As próximas parcelas não serão cobradas sozinhas.'
        : 'Pix Automático cancelado. As próximas parcelas não serão cobradas sozinhas.'
    case 'EXPIRADA':
      return 'A autorização expirou sem resposta do seu banco.'
    default:
      return null
  }
}

/** "o app do Itaú", or "o app do seu banco" for a bank not named (or not said, on a link). */
export const bankApp = (bank: string | null | undefined) => `o app do ${bank || 'seu banco'}`

/** "app do Itaú": as a tile or a sentence names it after "no"/"Pedido no". */
export const bankAppName = (bank: string | null | undefined) => bankApp(bank).slice('o '.length)

/** The day a request to the bank expires, on the device's calendar; null for a QR's. */
export const requestUntil = (view: RecurrenceView): string | null =>
  view.request ? new Date(view.request.expiresAt).toLocaleDateString('pt-BR') : null

/**
 * Journey 1, the request sent to the holder's bank: where to answer it and until when; null for
 * a QR's authorization.
 */
export function requestText(view: RecurrenceView): string | null {
  if (!view.request) return null
  // The day, on the device's calendar: the hour a request expires means nothing to a person.
  const until = requestUntil(view)
  return `Enviamos o pedido para ${bankApp(view.request.bank)}. Abra o app e confirme a autorização do Pix Automático até ${until}. Esta tela muda sozinha quando o banco responder.`
}
