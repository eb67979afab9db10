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

export function requireSession(deps: ServerDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearer.exec(c.req.header('authorization') ?? '')?.[1]
    if (!token) throw new ApiError(401, messages.session)
    const { jwt } = await deps.keys()
    const personId = await verifySessionToken(jwt, token, deps.now())
    if (!personId || !(await personExists(deps.db, personId))) {
      throw new ApiError(401, messages.session)
    }
    c.set('personId', personId)
    await next()
  }
}
