import { instalmentDue, todayInSaoPaulo } from '../../../../contract/late-charges'
import { formatMoney } from '../../../lib/money'
import { type PricedInstalment, shownTotal } from './price'

export type DueInstalment = PricedInstalment & {
  id: string
  installment: number
  due_date: string
  delayed_days?: number | null
}

/**
 * What the person owes, as the profile and the payments list lead with it (issue 27): every
 * overdue instalment, oldest first, with their sum; else the next one to pay; else nothing.
 * Amounts are each card's shown price (spec §9), so the sum is what the list adds up to.
 */
export type Due<T extends DueInstalment = DueInstalment> =
  | { kind: 'overdue'; instalments: [T, ...T[]]; total: number; owedToday: number }
  | { kind: 'next'; instalments: [T]; total: number; owedToday: number }
  | { kind: 'clear'; instalments: []; total: 0; owedToday: 0 }

/**
 * What an unpaid instalment costs on `today` with the late fine and interest, by the same
 * arithmetic the server's payment link charges (contract/late-charges.ts): the profile, the list
 * and the link say one amount. A paid one costs nothing more.
 */
export function owedOn(instalment: DueInstalment, today: string): number {
  if (instalment.status === 'PAID') return 0
  return instalmentDue(
    {
      id: instalment.id,
      installment: instalment.installment,
      description: '',
      status: instalment.status,
      dueDate: instalment.due_date,
      value: instalment.value,
      discount: instalment.discount ?? 0,
    },
    today,
  ).total
}

/** Today in São Paulo, by this device's clock (instalments fall due by the provider's calendar). */
export const deviceToday = () => todayInSaoPaulo(new Date())

const byDueDate = <T extends DueInstalment>(a: T, b: T) =>
  a.due_date.localeCompare(b.due_date) || a.installment - b.installment

export function dueOf<T extends DueInstalment>(instalments: T[], today = deviceToday()): Due<T> {
  const [oldest, ...later] = instalments
    .filter((instalment) => instalment.status === 'OVERDUE')
    .sort(byDueDate)
  if (oldest) {
    const all: [T, ...T[]] = [oldest, ...later]
    return {
      kind: 'overdue',
      instalments: all,
      total: shownTotal(all),
      owedToday: all.reduce((sum, instalment) => sum + owedOn(instalment, today), 0),
    }
  }
  const [next] = instalments
    .filter((instalment) => instalment.status === 'NOT_PAID')
    .sort(byDueDate)
  if (next)
    return {
      kind: 'next',
      instalments: [next],
      total: shownTotal([next]),
      owedToday: shownTotal([next]),
    }
  return { kind: 'clear', instalments: [], total: 0, owedToday: 0 }
}

/** The instalment's number as the cards show it (spec §2 screen 7: default 1). */
export const instalmentNumber = (instalment: { installment: number }) => instalment.installment || 1

/**
 * "1 vencida · R$ 194,33" (what the overdue ones cost today, fine and interest included, as the
 * payment link charges it), or the next one's "Próxima · R$ 189,90".
 */
export function dueHeadline(due: Due): string {
  if (due.kind === 'overdue')
    return `${due.instalments.length} ${due.instalments.length === 1 ? 'vencida' : 'vencidas'} · ${formatMoney(due.owedToday)}`
  if (due.kind === 'next') return `Próxima · ${formatMoney(due.total)}`
  return 'Tudo em dia'
}

/**
 * The order that puts what needs the person first, inside whichever tab is open: overdue (oldest
 * first), then to pay (soonest first), then paid (latest first), anything else last.
 */
export function byWhatNeedsAction<T extends DueInstalment>(instalments: T[]): T[] {
  const rank = (status: string) =>
    status === 'OVERDUE' ? 0 : status === 'NOT_PAID' ? 1 : status === 'PAID' ? 3 : 2
  return [...instalments].sort((a, b) => {
    const byRank = rank(a.status) - rank(b.status)
    if (byRank !== 0) return byRank
    return a.status === 'PAID' ? byDueDate(b, a) : byDueDate(a, b)
  })
}
