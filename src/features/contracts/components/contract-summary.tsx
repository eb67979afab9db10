import type { ReactNode } from 'react'
import type { Contract } from '../../../../contract/contracts'
import { formatSeriesNumber } from '../../../../contract/format'
import { formatDate } from '../../../lib/dates'
import { contractStatusChip } from '../../../lib/status'
import { Chip } from '../../../ui/chip'
import styles from './contract-summary.module.css'

/** A contract as the picker and the terms screen list it (spec §2 screens 3 and 4). */
export function ContractSummary({
  contract,
  awaitingTerms,
  row,
  children,
}: {
  contract: Contract
  /**
   * On the terms screen: the contract is not in force until its terms are accepted, so its chip
   * says that instead of its status (a green ATIVO there would be a second truth, issue 27).
   */
  awaitingTerms?: boolean
  /** The picker's rows: on a wide screen the action sits at the row's end, not under it. */
  row?: boolean
  children?: ReactNode
}) {
  return (
    <article
      className={row ? `${styles.card} ${styles.row}` : styles.card}
      aria-label={contract.model_contract.name}
    >
      <div className={styles.head}>
        <h2 className={styles.name}>{contract.model_contract.name}</h2>
        {awaitingTerms ? (
          <Chip label="AGUARDANDO ACEITE" colour="grey" />
        ) : (
          <Chip {...contractStatusChip(contract.status)} />
        )}
      </div>
      <p className={styles.meta}>
        Série/Número: {formatSeriesNumber(contract.serie, contract.contract_number)}
      </p>
      <p className={styles.meta}>Criado em {formatDate(contract.created_at)}</p>
      {children}
    </article>
  )
}

export { styles as contractSummaryStyles }
