/**
 * POST /socios-api/rql/dependent-types (spec §7: outside /client, empty body). The catalogue is
 * not personal, but only a logged-in holder has a form that needs it, so it is declared for a
 * holder's session (app.ts applies it).
 */

import { Hono } from 'hono'
import { type DependentTypesResponse, dependentTypesRequest } from '../../contract/registration'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { readOptionalJson } from '../http/validate'
import { listDependentTypes } from '../services/registration'

export function dependentTypeRoutes(deps: ServerDeps) {
  return new Hono<AppEnv>().post(at('dependentTypes'), async (c) => {
    await readOptionalJson(c, dependentTypesRequest)
    const answer: DependentTypesResponse = { dependentType: await listDependentTypes(deps.db) }
    return c.json(answer)
  })
}
