import { createFileRoute } from '@tanstack/react-router'
import { useContract } from '../../features/contracts/api/contract'
import { Profile } from '../../features/contracts/components/profile'
import { usePendingTargets } from '../../offline/outbox'

export const Route = createFileRoute('/_app/home')({
  staticData: { backRoute: '/selected-contract' },
  component: Home,
})

function Home() {
  const { contractId } = Route.useRouteContext()
  const { contract, syncing } = useContract(contractId)
  const pending = usePendingTargets(contractId)
  // The layout only renders once the device knows the contract; this covers the first frame.
  if (!contract) return null
  return (
    <Profile
      contract={contract}
      syncing={syncing}
      pending={pending.has(contract.holder?.id ?? '')}
    />
  )
}
