import { createFileRoute } from '@tanstack/react-router'
import { useContract } from '../../../features/contracts/api/contract'
import { DependentScreen } from '../../../features/registration/components/dependent-screen'

export const Route = createFileRoute('/_app/dependent/new')({
  staticData: { backRoute: '/dependents' },
  component: NewDependent,
})

function NewDependent() {
  const { contractId } = Route.useRouteContext()
  const { contract } = useContract(contractId)
  if (!contract) return null
  return <DependentScreen contract={contract} dependent={null} />
}
