/**
 * Guards every authenticated /socios-api/client route: `Authorization: Bearer <jwt>` with a valid
 * token whose person still exists. Anything else answers 401 with the message the app recognises
 * ('faça o login novamente') to send the user back to the login screen.
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv, ServerDeps } from '../deps'
import { personExists } from '../services/persons'
import { verifySessionToken } from '../services/tokens'
import { ApiError, messages } from './errors'

const bearer = /^bearer\s+(\S+)\s*$/i

/**
 * How long a checked session is taken on trust. The check (signature, then the person lookup)
 * cost about a third of the hot contract read. Persons are never deleted through the API; an
 * operator removing one (or another instance sharing the database) cannot be seen from here, so
 * the removal reaches this instance within this window. Nothing of theirs is reachable meanwhile:
 * their holder, dependent and card rows must be gone before the person row can be deleted.
 */
export const SESSION_TRUST_MS = 10_000
/** Enough for every active user of one instance; past it the oldest entries are dropped. */
const MAX_TRUSTED = 10_000

export function requireSession(deps: ServerDeps): MiddlewareHandler<AppEnv> {
  // Keyed by the whole token: only the exact bytes that passed the check are trusted.
  const trusted = new Map<string, { personId: string; until: number }>()

  async function check(token: string, now: Date): Promise<string | null> {
    const known = trusted.get(token)
    if (known && now.getTime() < known.until) return known.personId
    trusted.delete(token)
    const { jwt } = await deps.keys()
    const session = await verifySessionToken(jwt, token, now)
    if (!session || !(await personExists(deps.db, session.personId))) return null
    if (trusted.size >= MAX_TRUSTED) trusted.delete(trusted.keys().next().value ?? '')
    // Never past the token's own expiry.
    const until = Math.min(now.getTime() + SESSION_TRUST_MS, session.expiresAt)
    trusted.set(token, { personId: session.personId, until })
    return session.personId
  }

  return async (c, next) => {
    const token = bearer.exec(c.req.header('authorization') ?? '')?.[1]
    if (!token) throw new ApiError(401, messages.session)
    const personId = await check(token, deps.now())
    if (!personId) throw new ApiError(401, messages.session)
    c.set('personId', personId)
    await next()
  }
}
