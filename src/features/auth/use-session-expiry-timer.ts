import { useEffect, useSyncExternalStore } from 'react'
import { tokenExpiresAt } from '../../../contract/session-token'
import { notifySessionExpired } from '../../api/client'
import { connectivity } from '../../api/connectivity'
import { session } from '../../api/session'
import { isLoginPath, isOpenPath, memberCardsPath } from '../../lib/route-access'

// setTimeout fires at once for delays past 2^31-1 ms; a 30-day token would expire "now".
const maxDelay = 2 ** 31 - 1

/** While a protected screen is open, the session ends when the token's exp passes (spec §4). */
export function useSessionExpiryTimer(pathname: string) {
  // At the gate the cached member cards stay on screen until the server is proven reachable
  // (see decideAccess): a phone that says "online" with no internet must not lose them.
  const cardsKeepSession =
    useSyncExternalStore(connectivity.subscribe, connectivity.confirmedOnline, () => true) ===
      false && pathname === memberCardsPath
  useEffect(() => {
    if (isOpenPath(pathname) || isLoginPath(pathname) || cardsKeepSession) return
    const expiresAt = tokenExpiresAt(session.token())
    if (expiresAt === null) return
    const timer = setTimeout(
      notifySessionExpired,
      Math.min(maxDelay, Math.max(0, expiresAt - Date.now())),
    )
    return () => clearTimeout(timer)
  }, [pathname, cardsKeepSession])
}
