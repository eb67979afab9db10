import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { session } from '../../../api/session'
import { Button } from '../../../ui/button'
import styles from '../../../ui/page.module.css'
import { FullScreenSpinner } from '../../../ui/spinner'
import { useContracts } from '../api/contracts'
import { openTerm, useAcceptTerm } from '../api/terms'
import { TermsPrice } from './contract-money'
import { ContractSummary, contractSummaryStyles } from './contract-summary'

type Props = { onDisagree: () => void }

/** Spec §2 screen 4: every contract whose terms are pending, each accepted on its own. */
export function PendingTerms({ onDisagree }: Props) {
  const navigate = useNavigate()
  const { contracts, loading } = useContracts()
  const accept = useAcceptTerm()
  const pending = contracts?.filter((contract) => !contract.terms) ?? []

  // All accepted: one contract opens Home as the current one, several open the picker.
  const allAccepted =
    !loading && contracts !== undefined && contracts.length > 0 && pending.length === 0
  useEffect(() => {
    if (!allAccepted || !contracts) return
    const [only] = contracts
    if (contracts.length === 1 && only) {
      session.setContractId(only.id)
      void navigate({ to: '/home', replace: true })
    } else void navigate({ to: '/selected-contract', replace: true })
  }, [allAccepted, contracts, navigate])

  if (loading || allAccepted) return <FullScreenSpinner label="Carregando contratos…" />

  return (
    <div className={`${styles.page} ${styles.focused}`} data-focused-page>
      <h1 className={styles.title}>Termos do contrato</h1>
      <p className={styles.muted}>Leia e aceite os termos de compra para continuar.</p>
      <div className={styles.columns}>
        {pending.map((contract) => (
          <ContractSummary key={contract.id} contract={contract} awaitingTerms>
            <TermsPrice contractId={contract.id} />
            <button
              type="button"
              className={contractSummaryStyles.link}
              onClick={() => void openTerm(contract.id)}
            >
              Visualizar Termos de Compra
            </button>
            <div className={`${contractSummaryStyles.actions} ${contractSummaryStyles.choice}`}>
              <Button variant="secondary" onClick={onDisagree}>
                Discordo
              </Button>
              <Button
                busy={accept.isPending && accept.variables === contract.id}
                disabled={accept.isPending}
                onClick={() => accept.mutate(contract.id)}
              >
                Li e aceito
              </Button>
            </div>
            <p className={contractSummaryStyles.note}>
              Se discordar, você sai do portal e o contrato continua aguardando o seu aceite.
            </p>
          </ContractSummary>
        ))}
      </div>
    </div>
  )
}
