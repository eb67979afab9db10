/** Authenticated contract reads (spec §7); a holder only ever sees their own contracts. */

import { Hono } from 'hono'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { ApiError } from '../http/errors'
import { idOrNotFound } from '../http/validate'
import { answerCacheOf, etagOf, sendVersioned } from '../http/versioned'
import { contractVersion } from '../services/contract-versions'
import {
  contractMessages,
  findHolderContract,
  listHolderContracts,
  toContract,
} from '../services/contracts'

export function contractRoutes(deps: ServerDeps) {
  return (
    new Hono<AppEnv>()
      .get(at('listContracts'), async (c) =>
        c.json(await listHolderContracts(deps.db, c.get('personId'))),
      )
      // One version lookup (with the ownership check) answers a revalidation with 304 and a
      // repeated read from the answer cache; only a new version reads the whole contract.
      .get(at('getContract'), async (c) => {
        const id = idOrNotFound(c.req.param('id'), contractMessages.notFound)
        const personId = c.get('personId')
        const version = await contractVersion(deps.db, personId, id)
        if (version === undefined) throw new ApiError(404, contractMessages.notFound)
        return sendVersioned(c, answerCacheOf(deps), etagOf('contract', id, version), async () => {
          const found = await findHolderContract(deps.db, personId, id)
          if (!found) throw new ApiError(404, contractMessages.notFound)
          return toContract(found)
        })
      })
  )
}
