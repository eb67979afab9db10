import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { useContract } from '../../../features/contracts/api/contract'
import {
  DependentLimitReached,
  useLimitOnArrival,
} from '../../../features/registration/components/dependent-limit'
import { DependentScreen } from '../../../features/registration/components/dependent-screen'

export const Route = createFileRoute('/_app/dependent/new')({
  // `draft`: a new dependent the server refused, opened again to correct (its temporary id).
  validateSearch: v.object({
    draft: v.fallback(v.optional(v.pipe(v.string(), v.startsWith('new:'))), undefined),
  }),
  staticData: { backRoute: '/dependents' },
  component: NewDependent,
})

function NewDependent() {
  const { contractId } = Route.useRouteContext()
  const { draft } = Route.useSearch()
  const { contract } = useContract(contractId)
  const atLimit = useLimitOnArrival(contract)
  if (!contract) return null
  // At the limit a new form is not offered; a refused draft (`draft`) still opens to be fixed.
  if (!draft && atLimit)
    return (
      <DependentLimitReached
        dependents={contract.dependents}
        included={contract.dependents_included}
      />
    )
  return (
    <DependentScreen key={draft ?? 'new'} contract={contract} dependent={null} target={draft} />
  )
}
