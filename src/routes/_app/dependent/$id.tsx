import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { dependent as dependentSchema } from '../../../../contract/contracts'
import { useContract } from '../../../features/contracts/api/contract'
import { DependentScreen } from '../../../features/registration/components/dependent-screen'

/** Spec §2: the dependent travels as JSON in the `dependent` query parameter. */
const fromQuery = (value: unknown) => {
  const parsed = v.safeParse(dependentSchema, value)
  return parsed.success ? parsed.output : null
}

export const Route = createFileRoute('/_app/dependent/$id')({
  validateSearch: v.object({ dependent: v.optional(v.unknown()) }),
  staticData: { backRoute: '/dependents', hideBottomNav: true },
  component: EditDependent,
})

function EditDependent() {
  const { contractId } = Route.useRouteContext()
  const { id } = Route.useParams()
  const search = Route.useSearch()
  const { contract } = useContract(contractId)
  if (!contract) return null
  // The device's copy is the freshest (it follows saves); the query parameter is the fallback.
  const dependent = contract.dependents.find((d) => d.id === id) ?? fromQuery(search.dependent)
  if (!dependent) return <p>Dependente não encontrado.</p>
  return <DependentScreen contract={contract} dependent={dependent} />
}
