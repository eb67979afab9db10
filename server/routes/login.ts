/** POST /client/generate-code and /client/login (spec §7): the only open client routes. */

import { Hono } from 'hono'
import { generateCodeRequest, loginRequest } from '../../contract/auth'
import type { AppEnv, ServerDeps } from '../deps'
import { clientAddress } from '../http/client-address'
import { at } from '../http/declared'
import { ApiError } from '../http/errors'
import { readJson } from '../http/validate'
import { createLoginService, loginMessages } from '../services/login'

export function loginRoutes(deps: ServerDeps) {
  const login = createLoginService(deps)
  return new Hono<AppEnv>()
    .post(at('generateCode'), async (c) => {
      const body = await readJson(c, generateCodeRequest)
      const message = await login.requestCode({
        email: body.email,
        channel: body.send_to,
        address: clientAddress(c, deps.config.trustProxy),
      })
      return c.json({ message })
    })
    .post(at('login'), async (c) => {
      const body = await readJson(c, loginRequest)
      const token = await login.login({
        ...body,
        address: clientAddress(c, deps.config.trustProxy),
      })
      deps.metrics.login(token !== null)
      if (!token) throw new ApiError(400, loginMessages.invalidCode)
      return c.json({ token })
    })
}
