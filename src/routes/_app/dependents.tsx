import { createFileRoute } from '@tanstack/react-router'
import { useContract } from '../../features/contracts/api/contract'
import { DependentsList } from '../../features/registration/components/dependents-list'
import { useOutboxMarks } from '../../offline/outbox'
import { Skeleton } from '../../ui/skeleton'

export const Route = createFileRoute('/_app/dependents')({
  staticData: { backRoute: '/home' },
  component: DependentsScreen,
})

function DependentsScreen() {
  const { contractId } = Route.useRouteContext()
  const { contract } = useContract(contractId)
  const marks = useOutboxMarks(contractId)
  if (!contract) return <Skeleton />
  return (
    <DependentsList
      dependents={contract.dependents}
      included={contract.dependents_included}
      marks={marks}
    />
  )
}
