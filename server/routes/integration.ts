/**
 * The provider's integration API (issue 25, decision 019): its own keys, its own errors
 * (problem details), nothing shared with holder sessions. Each route names its operation; the
 * operation's declared scope is what its guard asks of the key.
 */
import { Hono } from 'hono'
import { externalIdField, listQuery, planUpsertRequest } from '../../contract/integration'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { keyGuard, ProblemError, parseProblems } from '../http/integration'
import { readJsonBody } from '../http/validate'
import { decodeCursor } from '../services/cursor'
import { listPlans, planByExternalId, upsertPlan } from '../services/plans'

const PRIVATE = 'private, no-store'
const defaultLimit = 50

function pageRequest(query: Record<string, string>) {
  const { cursor: text, limit } = parseProblems(listQuery, query, 'query')
  const cursor = text === undefined ? undefined : decodeCursor(text)
  if (cursor === null)
    throw new ProblemError(400, 'Cursor inválido: use o nextCursor recebido.', [
      { path: 'query.cursor', code: 'invalid_format', message: 'Cursor inválido.' },
    ])
  return { cursor, limit: limit ?? defaultLimit }
}

const externalIdOf = (value: string | undefined) => parseProblems(externalIdField, value, 'path')

export function integrationRoutes(deps: ServerDeps) {
  const guard = keyGuard(deps)
  return new Hono<AppEnv>()
    .get(at('integrationKey'), guard('integrationKey'), async (c) => {
      // The guard read it already: no second query.
      const key = c.get('integrationKey')
      return c.json(
        {
          id: key.id,
          name: key.name,
          last4: key.last4,
          scopes: key.scopes,
          createdAt: key.createdAt.toISOString(),
        },
        200,
        { 'Cache-Control': PRIVATE },
      )
    })
    .get(at('listPlans'), guard('listPlans'), async (c) => {
      const { cursor, limit } = pageRequest(c.req.query())
      return c.json(await listPlans(deps.db, cursor, limit), 200, { 'Cache-Control': PRIVATE })
    })
    .get(at('getPlan'), guard('getPlan'), async (c) => {
      const plan = await planByExternalId(deps.db, externalIdOf(c.req.param('externalId')))
      if (!plan) throw new ProblemError(404, 'Nenhum plano com este externalId.')
      return c.json(plan, 200, { 'Cache-Control': PRIVATE })
    })
    .put(at('upsertPlan'), guard('upsertPlan'), async (c) => {
      const externalId = externalIdOf(c.req.param('externalId'))
      const input = parseProblems(planUpsertRequest, await readJsonBody(c), 'body')
      const { outcome, item } = await upsertPlan(deps.db, externalId, input, deps.now())
      return c.json(item, outcome === 'created' ? 201 : 200, { 'Cache-Control': PRIVATE })
    })
}
