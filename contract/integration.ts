/**
 * The provider's integration API (issue 25, decision 019): what a provider's own system sends
 * and reads under `/socios-api/integration/v1`, with its own keys, never a holder's session.
 * Every resource carries the portal's `id` and the provider's `externalId`; errors are RFC 9457
 * problem details with one entry per field.
 */
import * as v from 'valibot'
import { requestObject } from './http'

/** What a key may do; each integration operation names the scope it needs. */
export const integrationScopes = [
  'members:read',
  'members:write',
  'billing:read',
  'billing:write',
  'cards:write',
  'documents:write',
  'events:read',
  'webhooks:manage',
] as const
export type IntegrationScope = (typeof integrationScopes)[number]

export const isIntegrationScope = (value: string): value is IntegrationScope =>
  (integrationScopes as readonly string[]).includes(value)

/** A key as sent: `ptk_` and 43 base64url characters (32 random bytes). */
export const integrationKeyPrefix = 'ptk_'

// ---------------------------------------------------------------- problems (RFC 9457)

export const problemEntry = v.object({
  /** Where in the request: `body.name`, `query.limit`, `path.externalId`. */
  path: v.string(),
  /** A stable code a program can test (`required`, `too_long`, `invalid_cpf`…). */
  code: v.string(),
  /** The same rule's message in Portuguese, for a person. */
  message: v.string(),
})
export type ProblemEntry = v.InferOutput<typeof problemEntry>

/** `application/problem+json`: what went wrong, for a program (`type`, `errors`) and a person. */
export const problemResponse = v.object({
  type: v.string(),
  title: v.string(),
  status: v.number(),
  detail: v.string(),
  errors: v.optional(v.array(problemEntry)),
})
export type Problem = v.InferOutput<typeof problemResponse>

// ---------------------------------------------------------------- shared fields

const externalIdMessage =
  'O externalId deve ter de 1 a 100 caracteres: letras, números, ponto, hífen, sublinhado ou dois-pontos.'
/** The provider's own id of a resource: unique per type, safe in a URL path. */
export const externalIdField = v.pipe(
  v.string(externalIdMessage),
  v.regex(/^[A-Za-z0-9._:-]{1,100}$/, externalIdMessage),
)

export const externalIdParam = { externalId: externalIdField }

/** A list page: at most `limit` items after `cursor` (the previous page's `nextCursor`). */
export const listQuery = v.object({
  cursor: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'Cursor inválido: use o nextCursor recebido.'),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.string('Informe limit como número.'),
      v.regex(/^\d{1,3}$/, 'O limit deve ser um número de 1 a 100.'),
      v.transform(Number),
      v.minValue(1, 'O limit deve ser um número de 1 a 100.'),
      v.maxValue(100, 'O limit deve ser um número de 1 a 100.'),
    ),
  ),
})

export const page = <T extends v.GenericSchema>(item: T) =>
  v.object({ data: v.array(item), nextCursor: v.nullable(v.string()) })

// ---------------------------------------------------------------- plans (contract models)

export const planUpsertRequest = requestObject({
  name: v.pipe(
    v.string('Informe o nome do plano (name).'),
    v.trim(),
    v.nonEmpty('Informe o nome do plano (name).'),
    v.maxLength(200, 'O nome do plano deve ter no máximo 200 caracteres.'),
  ),
})
export type PlanUpsert = v.InferOutput<typeof planUpsertRequest>

export const plan = v.object({
  id: v.string(),
  externalId: v.nullable(v.string()),
  name: v.string(),
  updatedAt: v.string(),
})
export type Plan = v.InferOutput<typeof plan>

export const planPage = page(plan)

// ---------------------------------------------------------------- the key itself

/** What a key can see of itself (`GET /integration/v1/key`): to check one before using it. */
export const keyInfo = v.object({
  id: v.string(),
  name: v.string(),
  last4: v.string(),
  scopes: v.array(v.picklist(integrationScopes)),
  createdAt: v.string(),
})
