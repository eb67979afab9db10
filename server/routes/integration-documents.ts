/**
 * A plan's documents through the integration API (issue 25, decision 019). Mounted ahead of the
 * API's 1 MB body limit with its own: a document may be up to 5 MB, about 6.7 MB as base64.
 */
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import {
  PLAN_DOCUMENT_MAX_BYTES,
  planDocumentParams,
  planDocumentUpsertRequest,
} from '../../contract/integration'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { keyGuard, ProblemError, parseProblems, tooLargeHeaders } from '../http/integration'
import { readJsonBody } from '../http/validate'
import {
  deletePlanDocument,
  listPlanDocuments,
  upsertPlanDocument,
} from '../services/plan-documents'

const PRIVATE = 'private, no-store'
const params = v.object(planDocumentParams)

export function integrationDocumentRoutes(deps: ServerDeps) {
  const guard = keyGuard(deps)
  const limit = bodyLimit({
    // The base64 of 5 MB, and room for the name and the JSON around it.
    maxSize: Math.ceil(PLAN_DOCUMENT_MAX_BYTES / 3) * 4 + 64 * 1024,
    onError: () => {
      throw new ProblemError(
        413,
        'O documento deve ter no máximo 5 MB.',
        undefined,
        tooLargeHeaders,
      )
    },
  })
  const idsOf = (c: Context<AppEnv>) =>
    parseProblems(
      params,
      {
        externalId: c.req.param('externalId'),
        documentExternalId: c.req.param('documentExternalId'),
      },
      'path',
    )

  return new Hono<AppEnv>()
    .get(at('listPlanDocuments'), guard('listPlanDocuments'), async (c) => {
      const planExternalId = parseProblems(
        planDocumentParams.externalId,
        c.req.param('externalId'),
        'path',
      )
      return c.json(await listPlanDocuments(deps.db, planExternalId), 200, {
        'Cache-Control': PRIVATE,
      })
    })
    .put(at('upsertPlanDocument'), guard('upsertPlanDocument'), limit, async (c) => {
      const { externalId, documentExternalId } = idsOf(c)
      const input = parseProblems(planDocumentUpsertRequest, await readJsonBody(c), 'body')
      const { outcome, item } = await upsertPlanDocument(
        deps.db,
        externalId,
        documentExternalId,
        input,
        deps.now(),
      )
      return c.json(item, outcome === 'created' ? 201 : 200, { 'Cache-Control': PRIVATE })
    })
    .delete(at('deletePlanDocument'), guard('deletePlanDocument'), async (c) => {
      const { externalId, documentExternalId } = idsOf(c)
      await deletePlanDocument(deps.db, externalId, documentExternalId)
      return c.body(null, 204, { 'Cache-Control': PRIVATE })
    })
}
