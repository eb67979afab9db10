/**
 * The provider's integration API (issue 25, decision 019): its own keys, its own errors
 * (problem details), nothing shared with holder sessions. Each route names its operation; the
 * operation's declared scope is what its guard asks of the key.
 */
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as v from 'valibot'
import {
  cancelRequest,
  cardLayoutRequest,
  cardUpsertRequest,
  contractUpsertRequest,
  dependentUpsertRequest,
  externalIdField,
  instalmentUpsertRequest,
  listQuery,
  markPaidRequest,
  memberUpsertRequest,
  planUpsertRequest,
} from '../../contract/integration'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { keyGuard, ProblemError, parseProblems } from '../http/integration'
import { idempotentPosts } from '../http/integration-idempotent'
import { readJsonBody } from '../http/validate'
import { cardLook } from '../services/card-layout'
import { liveMethods, type PaymentsDeps } from '../services/collections'
import { type Cursor, decodeCursor } from '../services/cursor'
import {
  dependentByExternalId,
  listMembers,
  memberByExternalId,
  upsertDependent,
  upsertMember,
} from '../services/members'
import {
  listPlans,
  planByExternalId,
  planCardLayout,
  setPlanCardLayout,
  upsertPlan,
} from '../services/plans'
import {
  cardByExternalId,
  listProviderCards,
  setCardBlocked,
  upsertCard,
} from '../services/provider-cards'
import {
  contractByExternalId,
  listProviderContracts,
  upsertProviderContract,
} from '../services/provider-contracts'
import {
  cancelInstalment,
  instalmentByExternalId,
  listProviderInstalments,
  markInstalmentPaid,
  upsertInstalment,
} from '../services/provider-instalments'
import { etagOf, ifMatchVersion, type Upserted } from '../services/upserts'

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

const externalIdOf = (c: Context<AppEnv>) =>
  parseProblems(externalIdField, c.req.param('externalId'), 'path')

const bodyOf = async <S extends v.GenericSchema>(c: Context<AppEnv>, schema: S) =>
  parseProblems(schema, await readJsonBody(c), 'body')

const found = <T>(item: T | null, message: string): T => {
  if (item === null) throw new ProblemError(404, message)
  return item
}

export function integrationRoutes(deps: ServerDeps, payments: PaymentsDeps | undefined) {
  const guard = keyGuard(deps)
  // Without a bank or gateway no collection can be live, and none is ever cancelled.
  const billing: PaymentsDeps = payments ?? {
    ...deps,
    gateway: undefined,
    pix: undefined,
    live: liveMethods(undefined, undefined),
  }

  const json = (c: Context<AppEnv>, item: unknown, status: ContentfulStatusCode = 200) =>
    c.json(item, status, { 'Cache-Control': PRIVATE })
  /** 201 or 200; a record a holder may edit also gets its version as ETag. */
  const upserted = <T extends object>(c: Context<AppEnv>, { outcome, item }: Upserted<T>) => {
    const version = 'writtenBy' in item && 'version' in item ? String(item.version) : undefined
    return c.json(item, outcome === 'created' ? 201 : 200, {
      'Cache-Control': PRIVATE,
      ...(version ? { ETag: etagOf(version) } : {}),
    })
  }
  const list =
    (read: (cursor: Cursor | undefined, limit: number) => Promise<unknown>) =>
    async (c: Context<AppEnv>) => {
      const { cursor, limit } = pageRequest(c.req.query())
      return json(c, await read(cursor, limit))
    }

  const idempotent = idempotentPosts(deps)

  return new Hono<AppEnv>()
    .get(at('integrationKey'), guard('integrationKey'), async (c) => {
      // The guard read it already: no second query.
      const key = c.get('integrationKey')
      return json(c, {
        id: key.id,
        name: key.name,
        last4: key.last4,
        scopes: key.scopes,
        createdAt: key.createdAt.toISOString(),
      })
    })
    .get(
      at('listPlans'),
      guard('listPlans'),
      list((cursor, limit) => listPlans(deps.db, cursor, limit)),
    )
    .get(at('getPlan'), guard('getPlan'), async (c) =>
      json(
        c,
        found(
          await planByExternalId(deps.db, externalIdOf(c)),
          'Nenhum plano com este externalId.',
        ),
      ),
    )
    .put(at('upsertPlan'), guard('upsertPlan'), async (c) => {
      const externalId = externalIdOf(c)
      const input = await bodyOf(c, planUpsertRequest)
      return upserted(c, await upsertPlan(deps.db, externalId, input, deps.now()))
    })
    .get(at('getPlanCardLayout'), guard('getPlanCardLayout'), async (c) =>
      json(c, await planCardLayout(deps.db, externalIdOf(c), cardLook(deps.config))),
    )
    .put(at('putPlanCardLayout'), guard('putPlanCardLayout'), async (c) => {
      const externalId = externalIdOf(c)
      const input = await bodyOf(c, cardLayoutRequest)
      await setPlanCardLayout(deps.db, externalId, input, deps.now())
      return json(c, await planCardLayout(deps.db, externalId, cardLook(deps.config)))
    })
    .delete(at('deletePlanCardLayout'), guard('deletePlanCardLayout'), async (c) => {
      await setPlanCardLayout(deps.db, externalIdOf(c), null, deps.now())
      return c.body(null, 204, { 'Cache-Control': PRIVATE })
    })
    .get(
      at('listMembers'),
      guard('listMembers'),
      list((cursor, limit) => listMembers(deps.db, cursor, limit)),
    )
    .get(at('getMember'), guard('getMember'), async (c) => {
      const item = found(
        await memberByExternalId(deps.db, externalIdOf(c)),
        'Nenhuma pessoa com este externalId.',
      )
      return c.json(item, 200, { 'Cache-Control': PRIVATE, ETag: etagOf(item.version) })
    })
    .put(at('upsertMember'), guard('upsertMember'), async (c) => {
      const externalId = externalIdOf(c)
      const input = await bodyOf(c, memberUpsertRequest)
      const ifMatch = ifMatchVersion(c.req.header('if-match'))
      return upserted(c, await upsertMember(deps.db, externalId, input, ifMatch, deps.now()))
    })
    .get(
      at('listProviderContracts'),
      guard('listProviderContracts'),
      list((cursor, limit) => listProviderContracts(deps.db, cursor, limit)),
    )
    .get(at('getProviderContract'), guard('getProviderContract'), async (c) =>
      json(
        c,
        found(
          await contractByExternalId(deps.db, externalIdOf(c)),
          'Nenhum contrato com este externalId.',
        ),
      ),
    )
    .put(at('upsertProviderContract'), guard('upsertProviderContract'), async (c) => {
      const externalId = externalIdOf(c)
      const input = await bodyOf(c, contractUpsertRequest)
      return upserted(c, await upsertProviderContract(deps.db, externalId, input, deps.now()))
    })
    .get(at('getDependent'), guard('getDependent'), async (c) => {
      const item = found(
        await dependentByExternalId(deps.db, externalIdOf(c)),
        'Nenhum dependente com este externalId.',
      )
      return c.json(item, 200, { 'Cache-Control': PRIVATE, ETag: etagOf(item.version) })
    })
    .put(at('upsertDependent'), guard('upsertDependent'), async (c) => {
      const externalId = externalIdOf(c)
      const input = await bodyOf(c, dependentUpsertRequest)
      const ifMatch = ifMatchVersion(c.req.header('if-match'))
      return upserted(c, await upsertDependent(deps.db, externalId, input, ifMatch, deps.now()))
    })
    .get(
      at('listProviderInstalments'),
      guard('listProviderInstalments'),
      list((cursor, limit) => listProviderInstalments(deps.db, cursor, limit)),
    )
    .get(at('getInstalment'), guard('getInstalment'), async (c) =>
      json(
        c,
        found(
          await instalmentByExternalId(deps.db, externalIdOf(c)),
          'Nenhuma parcela com este externalId.',
        ),
      ),
    )
    .put(at('upsertInstalment'), guard('upsertInstalment'), async (c) => {
      const externalId = externalIdOf(c)
      const input = await bodyOf(c, instalmentUpsertRequest)
      return upserted(c, await upsertInstalment(billing, externalId, input))
    })
    .post(
      at('markInstalmentPaid'),
      guard('markInstalmentPaid'),
      idempotent(markPaidRequest, async (c, input) => ({
        status: 200,
        item: await markInstalmentPaid(billing, externalIdOf(c), input),
      })),
    )
    .post(
      at('cancelInstalment'),
      guard('cancelInstalment'),
      idempotent(cancelRequest, async (c, input) => ({
        status: 200,
        item: await cancelInstalment(billing, externalIdOf(c), input.reason),
      })),
    )
    .get(
      at('listProviderCards'),
      guard('listProviderCards'),
      list((cursor, limit) => listProviderCards(deps.db, cursor, limit)),
    )
    .get(at('getCard'), guard('getCard'), async (c) =>
      json(
        c,
        found(
          await cardByExternalId(deps.db, externalIdOf(c)),
          'Nenhuma carteirinha com este externalId.',
        ),
      ),
    )
    .put(at('upsertCard'), guard('upsertCard'), async (c) => {
      const externalId = externalIdOf(c)
      const input = await bodyOf(c, cardUpsertRequest)
      return upserted(c, await upsertCard(deps.db, externalId, input, deps.now()))
    })
    .post(
      at('blockCard'),
      guard('blockCard'),
      idempotent(cancelRequest, async (c) => ({
        status: 200,
        item: await setCardBlocked(deps.db, externalIdOf(c), true),
      })),
    )
    .post(
      at('unblockCard'),
      guard('unblockCard'),
      idempotent(cancelRequest, async (c) => ({
        status: 200,
        item: await setCardBlocked(deps.db, externalIdOf(c), false),
      })),
    )
}
