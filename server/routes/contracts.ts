/** Authenticated contract reads (spec §7); a holder only ever sees their own contracts. */
import { Hono } from 'hono'
import type { AppEnv, ServerDeps } from '../deps'
import { ApiError } from '../http/errors'
import { idOrNotFound } from '../http/validate'
import {
  contractMessages,
  findHolderContract,
  listHolderContracts,
  toContract,
} from '../services/contracts'

export function contractRoutes(deps: ServerDeps) {
  return new Hono<AppEnv>()
    .get('/contracts', async (c) => c.json(await listHolderContracts(deps.db, c.get('personId'))))
    .get('/contract/:id', async (c) => {
      const id = idOrNotFound(c.req.param('id'), contractMessages.notFound)
      const found = await findHolderContract(deps.db, c.get('personId'), id)
      if (!found) throw new ApiError(404, contractMessages.notFound)
      return c.json(toContract(found))
    })
}
