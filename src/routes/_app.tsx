import {
  createFileRoute,
  Outlet,
  redirect,
  useMatches,
  useRouter,
  useRouterState,
} from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { session } from '../api/session'
import { SignOutMenu } from '../features/auth/components/sign-out-menu'
import { passkeyOffer } from '../features/auth/passkeys/support'
import { ensureContract } from '../features/contracts/api/contract'
import { BottomNav } from '../ui/bottom-nav'
import { IconButton } from '../ui/button'
import { ArrowBackIcon } from '../ui/icons'
import { Shell } from '../ui/shell'
import shellStyles from '../ui/shell.module.css'
import { FullScreenSpinner } from '../ui/spinner'

/** Layout wrapper of spec §2 screen 5: every screen under / needs a chosen contract with a holder. */
export const Route = createFileRoute('/_app')({
  // The gate's path: loader and screen in one chunk, one fetch fewer before the cards show.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent', 'errorComponent', 'notFoundComponent'],
  ],
  beforeLoad: () => {
    const contractId = session.contractId()
    if (!contractId) throw redirect({ to: '/selected-contract', replace: true })
    return { contractId }
  },
  loader: async ({ context: { queryClient, contractId } }) => {
    const contract = await ensureContract(queryClient, contractId).catch(() => null)
    if (!contract?.holder) throw redirect({ to: '/selected-contract', replace: true })
    // Terms not accepted: nothing of the contract opens before the terms screen (spec §2 screen 2).
    if (!contract.terms) throw redirect({ to: '/terms', replace: true })
    // Kept on the device from the first visit: a dependent can then be added with no signal.
    // Loaded aside, so the gate's path (this chunk) does not grow.
    void import('../features/registration/api/dependent-types').then(
      ({ dependentTypesQueryOptions }) => queryClient.prefetchQuery(dependentTypesQueryOptions()),
    )
  },
  pendingComponent: () => <FullScreenSpinner label="Carregando contrato…" />,
  // Offline the device answers in milliseconds: no spinner flash, and no long minimum once shown.
  pendingMs: 400,
  pendingMinMs: 200,
  component: Layout,
})

/** Offered once after a code login; its code loads only then (and if it cannot, no offer). */
const PasskeyOffer = lazy(() =>
  import('../features/auth/passkeys/passkey-offer').catch(() => ({ default: () => null })),
)

function Layout() {
  const router = useRouter()
  const [offer] = useState(() => passkeyOffer.take())
  const matches = useMatches()
  const meta = matches.at(-1)?.staticData ?? {}
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  function goBack() {
    if (meta.backRoute) {
      void router.navigate({ to: meta.backRoute })
      return
    }
    const before = router.state.location.href
    router.history.back()
    // No history to go back to: land on the contract picker instead (spec §2 screen 5).
    setTimeout(() => {
      if (router.state.location.href === before)
        void router.navigate({ to: '/selected-contract', replace: true })
    }, 300)
  }

  const back = (
    <IconButton label="Voltar" onClick={goBack}>
      <ArrowBackIcon />
    </IconButton>
  )
  const menu = <SignOutMenu withPasskeys />

  return (
    <Shell start={back} end={menu} nav={meta.hideBottomNav ? undefined : <BottomNav />}>
      <div key={pathname} className={shellStyles.page} data-transition={meta.transition ?? 'fade'}>
        {offer && (
          <Suspense>
            <PasskeyOffer />
          </Suspense>
        )}
        <Outlet />
      </div>
    </Shell>
  )
}
