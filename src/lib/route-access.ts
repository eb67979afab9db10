import { isTokenValid, tokenExpiresAt } from '../../contract/session-token'

/**
 * Paths anyone may open, logged in or not (spec §2 route access rules), plus the staff page that
 * checks member passes at the gate and how the portal treats personal data (issue 28).
 */
const openPrefixes = ['/pagamento', '/success', '/verificar', '/privacidade'] as const
/** The member card screen: at a gate without signal it matters more than the session. */
export const memberCardsPath = '/favorites'
/** The two login screens: open without a token, and sending a logged-in user home. */
export const loginPaths = ['/login', '/verify-code'] as const

export type AccessInput = {
  pathname: string
  token: string | null
  now: number
  /** Whether an answer proved the server reachable; only the member cards use it. */
  online?: boolean
}

export type AccessDecision = { redirectTo: '/login' | '/home' } | null

function startsWithSegment(pathname: string, prefix: string): boolean {
  return (
    pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}?`)
  )
}

export function isOpenPath(pathname: string): boolean {
  return openPrefixes.some((prefix) => startsWithSegment(pathname, prefix))
}

export function isLoginPath(pathname: string): boolean {
  return loginPaths.some((path) => startsWithSegment(pathname, path))
}

/**
 * Where a navigation must go instead, or null to let it through. Unmatched paths are decided
 * by the catch-all route with the same token rule; '/' always leaves for /home or /login.
 */
export function decideAccess({ pathname, token, now, online = true }: AccessInput): AccessDecision {
  if (isOpenPath(pathname)) return null
  if (!online && pathname === memberCardsPath && hadSession(token)) return null
  const loggedIn = isTokenValid(token, now)
  if (isLoginPath(pathname)) return loggedIn ? { redirectTo: '/home' } : null
  if (!loggedIn) return { redirectTo: '/login' }
  if (pathname === '/' || pathname === '') return { redirectTo: '/home' }
  return null
}

/**
 * A token that once was a session (it has an exp), even if that exp has passed: offline, the
 * member cards stay readable with it until the device can reconnect and log in again.
 */
export function hadSession(token: string | null): boolean {
  return tokenExpiresAt(token) !== null
}

/** Unmatched routes: home when logged in, otherwise the request-code login. */
export function unmatchedRouteTarget(token: string | null, now: number): '/home' | '/login' {
  return isTokenValid(token, now) ? '/home' : '/login'
}
