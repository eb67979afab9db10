/**
 * The provider's events and webhook endpoints (issue 25, decision 019): `GET /events` for the
 * last 30 days, and the endpoints' management, each route guarded by its declared scope.
 */
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { listQuery } from '../../contract/integration'
import { emptyRequest, endpointRequest, eventsQuery, replayRequest } from '../../contract/webhooks'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { keyGuard, ProblemError, parseProblems } from '../http/integration'
import { idempotentPosts } from '../http/integration-idempotent'
import { readJsonBody } from '../http/validate'
import { listEvents } from '../services/events'
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  pingEndpoint,
  replayRange,
  retryDelivery,
  rotateSecret,
  updateEndpoint,
} from '../services/webhook-endpoints'

const PRIVATE = 'private, no-store'
const uuidParam = (name: string) => v.pipe(v.string(), v.uuid(`Identificador inválido: ${name}.`))

export function integrationWebhookRoutes(deps: ServerDeps) {
  const guard = keyGuard(deps)
  const idempotent = idempotentPosts(deps)
  const allowPrivate = deps.config.webhooks.allowPrivate
  const endpointIdOf = (c: Context<AppEnv>) =>
    parseProblems(uuidParam('endpointId'), c.req.param('endpointId'), 'path')

  return new Hono<AppEnv>()
    .get(at('listEvents'), guard('listEvents'), async (c) => {
      const query = parseProblems(eventsQuery, c.req.query(), 'query')
      return c.json(
        await listEvents(deps.db, {
          after: query.cursor === undefined ? undefined : Number(query.cursor),
          limit: query.limit ?? 50,
          type: query.type,
          now: deps.now(),
        }),
        200,
        { 'Cache-Control': PRIVATE },
      )
    })
    .get(at('listWebhookEndpoints'), guard('listWebhookEndpoints'), async (c) =>
      c.json(await listEndpoints(deps.db), 200, { 'Cache-Control': PRIVATE }),
    )
    .post(
      at('createWebhookEndpoint'),
      guard('createWebhookEndpoint'),
      idempotent(endpointRequest, async (_c, input) => ({
        status: 201,
        item: await createEndpoint(deps.db, input, allowPrivate, deps.now()),
      })),
    )
    .put(at('updateWebhookEndpoint'), guard('updateWebhookEndpoint'), async (c) => {
      const id = endpointIdOf(c)
      const input = parseProblems(endpointRequest, await readJsonBody(c), 'body')
      return c.json(await updateEndpoint(deps.db, id, input, allowPrivate, deps.now()), 200, {
        'Cache-Control': PRIVATE,
      })
    })
    .delete(at('deleteWebhookEndpoint'), guard('deleteWebhookEndpoint'), async (c) => {
      await deleteEndpoint(deps.db, endpointIdOf(c))
      return c.body(null, 204)
    })
    .post(
      at('rotateWebhookSecret'),
      guard('rotateWebhookSecret'),
      idempotent(emptyRequest, async (c) => ({
        status: 200,
        item: await rotateSecret(deps.db, endpointIdOf(c), deps.now()),
      })),
    )
    .post(
      at('pingWebhookEndpoint'),
      guard('pingWebhookEndpoint'),
      idempotent(emptyRequest, async (c) => ({
        status: 202,
        item: await pingEndpoint(deps.db, endpointIdOf(c), deps.now()),
      })),
    )
    .get(at('listWebhookDeliveries'), guard('listWebhookDeliveries'), async (c) => {
      const id = endpointIdOf(c)
      const { cursor, limit } = parseProblems(listQuery, c.req.query(), 'query')
      if (cursor !== undefined && !/^\d{1,18}$/.test(cursor))
        throw new ProblemError(400, 'Cursor inválido: use o nextCursor recebido.', [
          { path: 'query.cursor', code: 'invalid_format', message: 'Cursor inválido.' },
        ])
      return c.json(await listDeliveries(deps.db, id, cursor, limit ?? 50), 200, {
        'Cache-Control': PRIVATE,
      })
    })
    .post(
      at('retryWebhookDelivery'),
      guard('retryWebhookDelivery'),
      idempotent(emptyRequest, async (c) => {
        const deliveryId = parseProblems(uuidParam('deliveryId'), c.req.param('deliveryId'), 'path')
        return {
          status: 202,
          item: await retryDelivery(deps.db, endpointIdOf(c), deliveryId, deps.now()),
        }
      }),
    )
    .post(
      at('replayWebhookEvents'),
      guard('replayWebhookEvents'),
      idempotent(replayRequest, async (c, input) => ({
        status: 202,
        item: await replayRange(
          deps.db,
          endpointIdOf(c),
          new Date(input.from),
          new Date(input.to),
          deps.now(),
        ),
      })),
    )
}
