import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import type { Dependent } from '../../../../contract/contracts'
import buttonStyles from '../../../ui/button.module.css'
import pageStyles from '../../../ui/page.module.css'
import {
  canAddDependent,
  dependentLimit,
  progressLabel,
  visibleDependents,
} from '../logic/dependents'

/** The server's words when a dependent over the limit is sent (422), said before any typing. */
export const limitReachedMessage = 'Limite de dependentes do contrato atingido.'

/**
 * /dependent/new at the limit (opened by its address, a bookmark, the back button): the screen
 * says so on arrival instead of a form the server would refuse after it is filled in.
 */
export function DependentLimitReached({
  dependents,
  included,
}: {
  dependents: ReadonlyArray<Dependent>
  included: unknown
}) {
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Novo Dependente</h1>
      <div className={pageStyles.card} role="status">
        <p>
          <strong>{limitReachedMessage}</strong>
        </p>
        <p className={pageStyles.muted}>
          {progressLabel(visibleDependents(dependents).length, dependentLimit(included))}. Para
          incluir outro dependente, fale com a administração do seu contrato.
        </p>
      </div>
      <Link to="/dependents" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
        Ver Seus Dependentes
      </Link>
    </div>
  )
}

/**
 * Whether the contract was already at its limit when the screen opened (decided once, from the
 * first copy of the contract the device has): the dependent saved on this screen must not turn
 * it into the limit message while the app takes the person back.
 */
export function useLimitOnArrival(
  contract: { dependents: ReadonlyArray<Dependent>; dependents_included: unknown } | undefined,
): boolean {
  const atArrival = useRef<boolean | null>(null)
  if (contract && atArrival.current === null)
    atArrival.current = !canAddDependent(contract.dependents, contract.dependents_included)
  return atArrival.current ?? false
}
