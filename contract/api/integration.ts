/**
 * The provider's integration API (issue 25, decision 019), under `/integration/v1`: its own
 * keys (`Authorization: Bearer ptk_…`) with scopes, never a holder's session; every error a
 * problem detail (RFC 9457) with one entry per field.
 */
import {
  externalIdParam,
  keyInfo,
  listQuery,
  plan,
  planPage,
  planUpsertRequest,
  problemResponse,
} from '../integration'
import type { Operation } from '../operation'

const problem = problemResponse
/** What every integration operation may answer: no key or a revoked one, a scope missing, too fast. */
const keyProblems = { 401: problem, 403: problem, 429: problem } as const
/** A body that breaks its schema (one entry per field), too large, or no JSON. */
const badBody = { 400: problem, 413: problem, 415: problem } as const

export const integrationKey = {
  id: 'integrationKey',
  method: 'GET',
  path: '/integration/v1/key',
  summary: 'A chave usada nesta chamada: nome, final e escopos (para conferir uma chave nova).',
  tag: 'integration',
  access: 'integration',
  scope: 'any',
  answers: { 200: keyInfo, ...keyProblems },
} as const satisfies Operation

export const listPlans = {
  id: 'listPlans',
  method: 'GET',
  path: '/integration/v1/plans',
  summary: 'Os planos (modelos de contrato), em páginas com cursor.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  query: listQuery,
  answers: { 200: planPage, 400: problem, ...keyProblems },
} as const satisfies Operation

export const getPlan = {
  id: 'getPlan',
  method: 'GET',
  path: '/integration/v1/plans/by-external-id/{externalId}',
  summary: 'Um plano, pelo id do provedor.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  params: externalIdParam,
  answers: { 200: plan, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const upsertPlan = {
  id: 'upsertPlan',
  method: 'PUT',
  path: '/integration/v1/plans/by-external-id/{externalId}',
  summary:
    'Cria (201) ou atualiza (200) um plano pelo id do provedor; igual ao que já está, não grava nada.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:write',
  params: externalIdParam,
  body: planUpsertRequest,
  answers: { 200: plan, 201: plan, ...badBody, ...keyProblems },
} as const satisfies Operation
