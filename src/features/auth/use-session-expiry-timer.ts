import { useEffect } from 'react'
import { notifySessionExpired } from '../../api/client'
import { session } from '../../api/session'
import { tokenExpiresAt } from '../../lib/jwt'
import { isLoginPath, isOpenPath, memberCardsPath } from '../../lib/route-access'

// setTimeout fires at once for delays past 2^31-1 ms; a 30-day token would expire "now".
const maxDelay = 2 ** 31 - 1

/** While a protected screen is open, the session ends when the token's exp passes (spec §4). */
export function useSessionExpiryTimer(pathname: string) {
  useEffect(() => {
    if (isOpenPath(pathname) || isLoginPath(pathname)) return
    const expiresAt = tokenExpiresAt(session.token())
    if (expiresAt === null) return
    const expire = () => {
      // Offline at the gate, the cached member cards stay on screen (see decideAccess).
      if (!navigator.onLine && pathname === memberCardsPath) return
      notifySessionExpired()
    }
    const timer = setTimeout(expire, Math.min(maxDelay, Math.max(0, expiresAt - Date.now())))
    return () => clearTimeout(timer)
  }, [pathname])
}
