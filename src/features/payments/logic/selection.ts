import { formatMoney } from '../../../lib/money'
import { instalmentNumber, owedOn } from './due'
import type { PricedInstalment } from './price'

/** Spec §4: tab order TODOS, PAGO, A_PAGAR, VENCIDO; `link` is its name in /search?aba=. */
export const instalmentTabs = [
  { key: 'ALL', label: 'Todos', link: 'todos' },
  { key: 'PAID', label: 'Pagos', link: 'pagos' },
  { key: 'NOT_PAID', label: 'A pagar', link: 'a-pagar' },
  { key: 'OVERDUE', label: 'Vencidos', link: 'vencidos' },
] as const

export type InstalmentTab = (typeof instalmentTabs)[number]['key']
export type InstalmentTabLink = (typeof instalmentTabs)[number]['link']

export const tabOfLink = (link: InstalmentTabLink | undefined): InstalmentTab =>
  instalmentTabs.find((tab) => tab.link === link)?.key ?? 'ALL'

type ListedInstalment = PricedInstalment & { id: string }

/** The instalments a tab shows (Todos: all of them). */
export const shownIn = <T extends ListedInstalment>(instalments: T[], tab: InstalmentTab) =>
  tab === 'ALL' ? instalments : instalments.filter((instalment) => instalment.status === tab)

/**
 * The selection that can be paid: ticked, on screen and not paid. A tick a tab hides is never
 * paid unseen (the list also forgets it when the tab changes).
 */
export const payableSelection = <T extends ListedInstalment>(shown: T[], selected: Set<string>) =>
  shown.filter((instalment) => instalment.status !== 'PAID' && selected.has(instalment.id))

type ChosenInstalment = PricedInstalment & { id: string; installment: number; due_date: string }

/** What the chosen instalments cost on `today`: an overdue one with its fine and interest. */
const owedTotal = (chosen: ChosenInstalment[], today: string) =>
  chosen.reduce((total, instalment) => total + owedOn(instalment, today), 0)

/**
 * 'Pagar Débitos (2) · R$ 365,23': how many and what they cost today, the amount the payment
 * link will charge (an overdue one with its fine and interest, as the summary and its card say).
 */
export function payDebtsLabel(chosen: ChosenInstalment[], today: string): string {
  return `Pagar Débitos (${chosen.length}) · ${formatMoney(owedTotal(chosen, today))}`
}

/** One tick: 'Pagar parcela 4 · R$ 194,33', what it costs today. */
export function payOneLabel(chosen: ChosenInstalment | undefined, today: string) {
  if (!chosen) return 'Pagar'
  return `Pagar parcela ${instalmentNumber(chosen)} · ${formatMoney(owedTotal([chosen], today))}`
}

/**
 * The overdue instalments left out of a selection that reaches past them: ticking May while
 * April is overdue pays May and leaves April's fine growing, so the bar says so (issue 27).
 */
export const skippedOverdue = <T extends ListedInstalment & { due_date: string }>(
  instalments: T[],
  chosen: T[],
) => {
  const latest = chosen.reduce<string | null>(
    (last, instalment) =>
      last === null || instalment.due_date > last ? instalment.due_date : last,
    null,
  )
  if (latest === null) return []
  const ticked = new Set(chosen.map((instalment) => instalment.id))
  return instalments.filter(
    (instalment) =>
      instalment.status === 'OVERDUE' && !ticked.has(instalment.id) && instalment.due_date < latest,
  )
}
