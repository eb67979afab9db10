/**
 * Passkeys (issue 17). Open: POST /client/passkey/login-options and /client/passkey/login, which
 * answers the same session token as /client/login. With a session: register-options, register,
 * the list (GET /client/passkeys) and DELETE /client/passkeys/:id.
 */

import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { Hono } from 'hono'
import { emptyObjectRequest } from '../../contract/http'
import {
  passkeyLoginRequest,
  passkeyRegisterRequest,
  passkeyRemoveRequest,
} from '../../contract/passkeys'
import type { AppEnv, ServerDeps } from '../deps'
import { clientAddress } from '../http/client-address'
import { at } from '../http/declared'
import { ApiError } from '../http/errors'
import { forgetSessions } from '../http/session'
import { idOrNotFound, readJson, readOptionalJson } from '../http/validate'
import { createPasskeyService, passkeyMessages } from '../services/passkeys'

/** Mounted before the session guard: a passkey login is how a session starts. */
export function passkeyLoginRoutes(deps: ServerDeps) {
  const passkeys = createPasskeyService(deps)
  return new Hono<AppEnv>()
    .post(at('passkeyLoginOptions'), async (c) => {
      await readOptionalJson(c, emptyObjectRequest)
      const options = await passkeys.loginOptions(clientAddress(c, deps.config.trustProxy))
      return c.json({ options })
    })
    .post(at('passkeyLogin'), async (c) => {
      const body = await readJson(c, passkeyLoginRequest)
      const token = await passkeys.loginWith(
        body.credential as unknown as AuthenticationResponseJSON,
        clientAddress(c, deps.config.trustProxy),
      )
      deps.metrics.login(token !== null, 'passkey')
      if (!token) throw new ApiError(400, passkeyMessages.loginFailed)
      return c.json({ token })
    })
}

export function passkeyRoutes(deps: ServerDeps) {
  const passkeys = createPasskeyService(deps)
  return new Hono<AppEnv>()
    .post(at('passkeyRegisterOptions'), async (c) => {
      await readOptionalJson(c, emptyObjectRequest)
      return c.json({ options: await passkeys.registerOptions(c.get('personId')) })
    })
    .post(at('passkeyRegister'), async (c) => {
      const body = await readJson(c, passkeyRegisterRequest)
      const passkey = await passkeys.register({
        personId: c.get('personId'),
        credential: body.credential as unknown as RegistrationResponseJSON,
        name: body.name,
        userAgent: c.req.header('user-agent') ?? '',
      })
      return c.json({ message: passkeyMessages.registered, passkey }, 201)
    })
    .get(at('listPasskeys'), async (c) =>
      c.json({ passkeys: await passkeys.list(c.get('personId')) }),
    )
    .delete(at('removePasskey'), async (c) => {
      const passkeyId = idOrNotFound(c.req.param('id'), passkeyMessages.notFound)
      const body = await readOptionalJson(c, passkeyRemoveRequest)
      const match = { personId: c.get('personId'), sessionId: c.get('sessionId') }
      await passkeys.remove({ ...match, passkeyId, endOtherSessions: body.end_other_sessions })
      // This instance stops trusting the other sessions' tokens at once (the one asking is
      // checked again and stays live).
      if (body.end_other_sessions) forgetSessions(deps, { personId: match.personId })
      return c.json({
        message: body.end_other_sessions
          ? passkeyMessages.removedAndSessionsEnded
          : passkeyMessages.removed,
      })
    })
}
