/** Authenticated contract reads (spec §7); a holder only ever sees their own contracts. */
import { Hono } from 'hono'
import type { AppEnv, ServerDeps } from '../deps'
import { listHolderContracts } from '../services/contracts'

export function contractRoutes(deps: ServerDeps) {
  return new Hono<AppEnv>().get('/contracts', async (c) =>
    c.json(await listHolderContracts(deps.db, c.get('personId'))),
  )
}
