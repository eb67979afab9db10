import { useEffect } from 'react'
import { notifySessionExpired } from '../../api/client'
import { session } from '../../api/session'
import { tokenExpiresAt } from '../../lib/jwt'
import { isLoginPath, isOpenPath } from '../../lib/route-access'

// setTimeout fires at once for delays past 2^31-1 ms; a 30-day token would expire "now".
const maxDelay = 2 ** 31 - 1

/** While a protected screen is open, the session ends when the token's exp passes (spec §4). */
export function useSessionExpiryTimer(pathname: string) {
  useEffect(() => {
    if (isOpenPath(pathname) || isLoginPath(pathname)) return
    const expiresAt = tokenExpiresAt(session.token())
    if (expiresAt === null) return
    const timer = setTimeout(
      notifySessionExpired,
      Math.min(maxDelay, Math.max(0, expiresAt - Date.now())),
    )
    return () => clearTimeout(timer)
  }, [pathname])
}
