/**
 * Guards every authenticated /socios-api/client route: `Authorization: Bearer <jwt>` with a valid
 * token whose session is live (not ended by "Sair", its person still there). Anything else answers 401 with the message the app recognises
 * ('faça o login novamente') to send the user back to the login screen.
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv, ServerDeps } from '../deps'
import { isSessionLive } from '../services/sessions'
import { verifySessionToken } from '../services/tokens'
import { ApiError, messages } from './errors'

const bearer = /^bearer\s+(\S+)\s*$/i

/**
 * How long a checked session is taken on trust. The check (signature, then the session lookup)
 * cost about a third of the hot contract read. "Sair" on this instance forgets the token at
 * once; a revocation (or a person removed) through another instance sharing the database
 * reaches this one within this window. That is the one place a revoked token still works, for
 * at most 10 s, and only where it was used in those 10 s.
 */
export const SESSION_TRUST_MS = 10_000
/** Enough for every active user of one instance; past it the oldest entries are dropped. */
const MAX_TRUSTED = 10_000

interface Trusted {
  personId: string
  sessionId: string
  until: number
}

/** One trust cache per app (routes each mount the guard), keyed by the whole token. */
const caches = new WeakMap<ServerDeps, Map<string, Trusted>>()
function trustedOf(deps: ServerDeps) {
  const known = caches.get(deps)
  if (known) return known
  const trusted = new Map<string, Trusted>()
  caches.set(deps, trusted)
  return trusted
}

/** Stops trusting tokens of a revoked session, or of every session of a person. */
export function forgetSessions(deps: ServerDeps, match: { personId: string; sessionId?: string }) {
  const trusted = trustedOf(deps)
  for (const [token, entry] of trusted) {
    if (entry.personId !== match.personId) continue
    if (match.sessionId === undefined || entry.sessionId === match.sessionId) trusted.delete(token)
  }
}

export function requireSession(deps: ServerDeps): MiddlewareHandler<AppEnv> {
  const trusted = trustedOf(deps)

  async function check(token: string, now: Date): Promise<Trusted | null> {
    const known = trusted.get(token)
    if (known && now.getTime() < known.until) return known
    trusted.delete(token)
    const { jwt } = await deps.keys()
    const session = await verifySessionToken(jwt, token, now)
    if (!session || !(await isSessionLive(deps.db, { ...session, now }))) return null
    if (trusted.size >= MAX_TRUSTED) trusted.delete(trusted.keys().next().value ?? '')
    // Never past the token's own expiry.
    const until = Math.min(now.getTime() + SESSION_TRUST_MS, session.expiresAt)
    const entry = { personId: session.personId, sessionId: session.sessionId, until }
    trusted.set(token, entry)
    return entry
  }

  return async (c, next) => {
    const token = bearer.exec(c.req.header('authorization') ?? '')?.[1]
    if (!token) throw new ApiError(401, messages.session)
    const session = await check(token, deps.now())
    if (!session) throw new ApiError(401, messages.session)
    c.set('personId', session.personId)
    c.set('sessionId', session.sessionId)
    await next()
  }
}
