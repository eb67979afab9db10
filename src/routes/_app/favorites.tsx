import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isTokenValid } from '../../../contract/session-token'
import { ApiError } from '../../api/client'
import { session } from '../../api/session'
import { readActiveCards, useMemberCards } from '../../features/cards/api/cards'
import { MemberCards } from '../../features/cards/components/member-cards'
import { useCardSnapshot } from '../../features/cards/use-card-snapshot'
import { useContract } from '../../features/contracts/api/contract'
import { SwitchContract } from '../../features/contracts/components/switch-contract'
import { OverdueLine } from '../../features/payments/components/overdue-line'
import { db } from '../../offline/db'
import { toast, toastDuration } from '../../ui/toast'

export const Route = createFileRoute('/_app/favorites')({
  staticData: { backRoute: '/home' },
  // The gate's path: loader and screen in one chunk, one fetch fewer before the cards show.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent', 'errorComponent', 'notFoundComponent'],
  ],
  // Read the device in parallel with the layout, so the first render already has the cards.
  loader: async ({ context: { contractId } }) => ({
    cards: await readActiveCards(contractId),
    contract: await db.contracts.get(contractId),
  }),
  component: Favorites,
})

function Favorites() {
  const { contractId } = Route.useRouteContext()
  const initial = Route.useLoaderData()
  // Beyond the spec: /favorites#carteirinha opens the holder's own card at once (the profile's
  // one tap). A hash, not a search parameter: the route tree, in /login's first view, needs no
  // schema for it.
  const hash = useRouterState({ select: (state) => state.location.hash })
  const navigate = useNavigate()
  const contract = useContract(contractId).contract ?? initial.contract
  const { cards, error } = useMemberCards(contractId, initial.cards)
  useCardSnapshot(contractId, cards)

  // Spec §8: a server error on the card list shows its message.
  useEffect(() => {
    if (error instanceof ApiError && error.serverMessage && !error.sessionExpired)
      toast.error(error.serverMessage, { duration: toastDuration.error })
  }, [error])

  if (!contract) return null
  return (
    <MemberCards
      contractName={contract.model_contract.name}
      contractNumber={contract.contract_number}
      contractStatus={contract.status}
      cards={cards}
      sessionExpired={!isTokenValid(session.token(), Date.now())}
      openHolderCard={hash === 'carteirinha'}
      holderName={contract.holder?.person?.name || contract.holder_name}
      // Opened once: closing it leaves the list, and Back or a reload does not open it again.
      onHolderCardShown={() => void navigate({ to: '/favorites', search: {}, replace: true })}
      // Read only for a contract refused for overdue instalments: no other card screen asks.
      owed={(className) => <OverdueLine contractId={contractId} className={className} />}
      switchContract={<SwitchContract />}
    />
  )
}
