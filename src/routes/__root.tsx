import { createRootRouteWithContext, Outlet, redirect, useLocation } from '@tanstack/react-router'
import { notifySessionExpired } from '../api/client'
import { connectivity } from '../api/connectivity'
import { session } from '../api/session'
import { useSessionExpiryTimer } from '../features/auth/use-session-expiry-timer'
import { decideAccess } from '../lib/route-access'
import type { RouterContext } from '../router'

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location, preload }) => {
    const token = session.token()
    const decision = decideAccess({
      pathname: location.pathname,
      token,
      now: Date.now(),
      // Unless an answer proved the server reachable, an expired session keeps the cards open.
      online: connectivity.confirmedOnline(),
    })
    if (!decision) return
    // A stored token that no longer works is a session that ended: say so (spec §4).
    if (decision.redirectTo === '/login' && token && !preload) notifySessionExpired()
    throw redirect({ to: decision.redirectTo, replace: true })
  },
  component: Root,
})

function Root() {
  const { pathname } = useLocation()
  useSessionExpiryTimer(pathname)
  return <Outlet />
}
