import { createFileRoute } from '@tanstack/react-router'
import { useContract } from '../../features/contracts/api/contract'
import { Profile } from '../../features/contracts/components/profile'
import { useOutboxMarks } from '../../offline/outbox'
import { Skeleton } from '../../ui/skeleton'

export const Route = createFileRoute('/_app/home')({
  staticData: { backRoute: '/selected-contract' },
  component: Home,
})

function Home() {
  const { contractId } = Route.useRouteContext()
  const { contract, syncing } = useContract(contractId)
  const marks = useOutboxMarks(contractId)
  // The layout only renders once the device knows the contract; this covers the first frame.
  if (!contract) return <Skeleton />
  return (
    <Profile
      contract={contract}
      syncing={syncing}
      saveState={marks.get(contract.holder?.id ?? '')?.state}
    />
  )
}
