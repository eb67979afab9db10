import { formatMoney } from '../../../lib/money'
import { useInstalments } from '../api/instalments'
import { dueOf } from '../logic/due'

/**
 * How much a blocked contract owes, from the device's copy of its instalments: "2 parcelas
 * vencidas · R$ 389,70" (fine and interest to today included) under the card screen's "Entrada
 * bloqueada" (issue 27). Nothing until the instalments are known, nor when none is overdue.
 */
export function OverdueLine({ contractId, className }: { contractId: string; className?: string }) {
  const { instalments } = useInstalments(contractId)
  if (!instalments) return null
  const due = dueOf(instalments)
  if (due.kind !== 'overdue') return null
  const count = due.instalments.length
  return (
    <p className={className}>
      {count} {count === 1 ? 'parcela vencida' : 'parcelas vencidas'} · {formatMoney(due.owedToday)}
    </p>
  )
}
