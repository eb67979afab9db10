import { formatDate } from '../../../lib/dates'
import { formatMoney } from '../../../lib/money'
import { useInstalments } from '../../payments/api/instalments'
import {
  type Due,
  type DueInstalment,
  deviceToday,
  dueHeadline,
  dueOf,
} from '../../payments/logic/due'
import styles from './contract-summary.module.css'

/**
 * What a contract costs, as its terms state it (issue 27: terms read without a price): "12
 * parcelas de R$ 99,90", the total and the first due date, from the contract's instalments.
 * Nothing until they are known, or with none.
 */
export function TermsPrice({ contractId }: { contractId: string }) {
  const { instalments } = useInstalments(contractId)
  const line = priceLine(instalments ?? [])
  if (!line) return null
  return (
    <p className={styles.price}>
      <strong>{line.instalments}</strong>
      <span>{line.detail}</span>
    </p>
  )
}

export function priceLine(
  instalments: Array<Pick<DueInstalment, 'value' | 'due_date'>>,
): { instalments: string; detail: string } | null {
  const sorted = [...instalments].sort((a, b) => a.due_date.localeCompare(b.due_date))
  const [first] = sorted
  if (!first) return null
  const count = sorted.length
  const same = sorted.every((instalment) => instalment.value === first.value)
  const noun = count === 1 ? 'parcela' : 'parcelas'
  const total = sorted.reduce((sum, instalment) => sum + instalment.value, 0)
  return {
    instalments: same ? `${count} ${noun} de ${formatMoney(first.value)}` : `${count} ${noun}`,
    detail: `Total ${formatMoney(total)} · 1º vencimento em ${formatDate(first.due_date)}`,
  }
}

/**
 * On the contract picker, what each contract asks of the person (issue 27): "1 vencida ·
 * R$ 194,33", the next one with its day, "Próxima · 18/12 · R$ 99,90", or "Tudo em dia";
 * nothing until its instalments are known.
 */
export function ContractDebt({ contractId }: { contractId: string }) {
  const { instalments, known } = useInstalments(contractId)
  if (!known || !instalments?.length) return null
  const due = dueOf(instalments, deviceToday())
  return (
    <p className={due.kind === 'overdue' ? `${styles.debt} ${styles.late}` : styles.debt}>
      {debtLine(due)}
    </p>
  )
}

/** The picker's line: the headline, with the next instalment's due day (dd/mm) when it names one. */
export function debtLine(due: Due): string {
  if (due.kind !== 'next') return dueHeadline(due)
  const day = formatDate(due.instalments[0].due_date).slice(0, 5)
  return `Próxima · ${day} · ${formatMoney(due.total)}`
}
