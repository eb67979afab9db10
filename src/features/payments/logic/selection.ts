import { formatMoney } from '../../../lib/money'
import { instalmentNumber } from './due'
import { type PricedInstalment, shownTotal } from './price'

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

/**
 * 'Pagar Débitos (2) · R$ 300,00': how many and how much, as the cards show each price; an
 * overdue one adds fines and interest on the payment screen, so the sum says so.
 */
export function payDebtsLabel(chosen: PricedInstalment[]): string {
  const total = shownTotal(chosen)
  const late = chosen.some((instalment) => instalment.status === 'OVERDUE')
  return `Pagar Débitos (${chosen.length}) · ${formatMoney(total)}${late ? ' + acréscimos' : ''}`
}

/** One tick: 'Pagar parcela 4 · R$ 189,90', the same price as its card. */
export function payOneLabel(chosen: (PricedInstalment & { installment: number }) | undefined) {
  if (!chosen) return 'Pagar'
  const late = chosen.status === 'OVERDUE' ? ' + acréscimos' : ''
  return `Pagar parcela ${instalmentNumber(chosen)} · ${formatMoney(shownTotal([chosen]))}${late}`
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
