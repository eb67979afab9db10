import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { session } from '../../../api/session'
import { Button } from '../../../ui/button'
import styles from '../../../ui/page.module.css'
import { FullScreenSpinner } from '../../../ui/spinner'
import { useContracts } from '../api/contracts'
import { ContractDebt } from './contract-money'
import { ContractSummary, contractSummaryStyles } from './contract-summary'

/** Spec §2 screen 3: choose which contract the portal shows. */
export function ContractPicker() {
  const navigate = useNavigate()
  const { contracts, loading } = useContracts()
  // A contract whose terms are pending is not picked: the terms screen comes first, however
  // the person got here (spec §2 screen 2: pending terms lead to the terms screen).
  const termsPending = contracts?.some((contract) => !contract.terms) ?? false
  useEffect(() => {
    if (termsPending) void navigate({ to: '/terms', replace: true })
  }, [termsPending, navigate])
  if (loading || termsPending) return <FullScreenSpinner label="Carregando contratos…" />

  return (
    <div className={`${styles.page} ${styles.focused}`} data-focused-page>
      <h1 className={styles.title}>Selecione o contrato</h1>
      {contracts?.length ? (
        <div className={styles.columns}>
          {contracts.map((contract) => (
            <ContractSummary key={contract.id} contract={contract} row>
              <ContractDebt contractId={contract.id} />
              <div className={contractSummaryStyles.actions}>
                <Button
                  block
                  aria-label={`Selecionar Contrato ${contract.model_contract.name}`}
                  onClick={() => {
                    session.setContractId(contract.id)
                    void navigate({ to: '/home' })
                  }}
                >
                  Selecionar Contrato
                </Button>
              </div>
            </ContractSummary>
          ))}
        </div>
      ) : (
        <p className={styles.muted}>Nenhum contrato encontrado.</p>
      )}
    </div>
  )
}
