/**
 * The integration API's edge (decision 019): its keys, its scopes, its rate limit and its
 * errors. Every answer it refuses is a problem detail (RFC 9457, `application/problem+json`)
 * with, for a bad request, one entry per field: where, a stable code, the Portuguese message of
 * the same rule the holder API uses.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { isPlainObject } from '../../contract/http'
import type { IntegrationScope, Problem, ProblemEntry } from '../../contract/integration'
import { apiBase } from '../../contract/operation'
import { type OperationId, operationById } from '../../contract/operations'
import type { AppEnv, ServerDeps } from '../deps'
import { authenticateApiKey } from '../services/api-keys'
import { hit } from '../services/rate-limit'
import { ApiError, messages } from './errors'
import { hasUnstorableText } from './validate'

export const integrationBase = `${apiBase}/integration/v1`
export const isIntegrationPath = (path: string) =>
  path === integrationBase || path.startsWith(`${integrationBase}/`)

/** A problem type is a page of the API reference: `/socios-api/docs#problema-<kind>`. */
const typeOf = (kind: string) => `${apiBase}/docs#problema-${kind}`

const titles: Partial<Record<number, string>> = {
  400: 'Requisição inválida',
  401: 'Chave de integração ausente ou inválida',
  403: 'Escopo insuficiente',
  404: 'Não encontrado',
  409: 'Conflito',
  412: 'Versão desatualizada',
  413: 'Corpo grande demais',
  415: 'Corpo não é JSON',
  422: 'Não processável',
  429: 'Muitas requisições',
  500: 'Falha interna',
}

const kinds: Partial<Record<number, string>> = {
  400: 'validacao',
  401: 'chave',
  403: 'escopo',
  404: 'nao-encontrado',
  409: 'conflito',
  412: 'versao',
  413: 'tamanho',
  415: 'formato',
  422: 'nao-processavel',
  429: 'limite',
  500: 'interno',
}

/** Every problem type the integration API answers, for the reference page's anchors. */
export const problemTypes = Object.entries(kinds).map(([status, kind]) => ({
  status: Number(status),
  kind: kind as string,
  title: titles[Number(status)] ?? 'Erro',
}))

/**
 * A body past its limit: the client may still be sending the rest, so the answer closes the
 * connection after it (the server drains what is left) and the client reads the 413, not a reset.
 */
export const tooLargeHeaders = { Connection: 'close' } as const

/** An integration refusal, rendered as a problem detail by `problemAnswer`. */
export class ProblemError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly errors?: ProblemEntry[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail)
    this.name = 'ProblemError'
  }
}

export function problemBody(status: number, detail: string, errors?: ProblemEntry[]): Problem {
  return {
    type: typeOf(kinds[status] ?? 'erro'),
    title: titles[status] ?? 'Erro',
    status,
    detail,
    ...(errors?.length ? { errors } : {}),
  }
}

/** Any error on an integration path, as a problem detail; null for one to be handled as a 500. */
export function problemAnswer(error: unknown, c: Context): Response | null {
  const problem =
    error instanceof ProblemError
      ? error
      : error instanceof ApiError
        ? new ProblemError(error.status, error.message, undefined, error.headers)
        : null
  if (!problem) return null
  return c.body(
    JSON.stringify(problemBody(problem.status, problem.detail, problem.errors)),
    problem.status,
    {
      ...problem.headers,
      'Content-Type': problemType,
    },
  )
}

const problemType = 'application/problem+json; charset=utf-8'

/** The 500 of an integration call: what failed has its own error line, with the stack. */
export const internalProblem = (c: Context) =>
  c.body(
    JSON.stringify(
      problemBody(500, 'O servidor não conseguiu atender agora. Tente de novo em instantes.'),
    ),
    500,
    { 'Content-Type': problemType },
  )

/** A stable code for a valibot issue, for a program to test. */
function codeOf(issue: v.BaseIssue<unknown>): string {
  if (issue.input === undefined && issue.kind === 'schema') return 'required'
  switch (issue.type) {
    case 'non_empty':
      return 'required'
    case 'max_length':
    case 'max_value':
    case 'max_size':
      return 'too_large'
    case 'min_length':
    case 'min_value':
      return 'too_small'
    case 'regex':
    case 'email':
    case 'uuid':
    case 'iso_date':
    case 'url':
      return 'invalid_format'
    case 'strict_object':
      return 'unknown_field'
    default:
      return issue.kind === 'schema' ? 'wrong_type' : 'invalid'
  }
}

/** `body.holder.cpf`, `query.limit`, `path.externalId`: where the problem is in the request. */
function pathOf(where: 'body' | 'query' | 'path', issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => String(item.key))
  return [where, ...keys].join('.')
}

/**
 * Checks a part of the request against its schema and answers every problem at once (not only
 * the first), so a provider fixes a record in one go.
 */
export function parseProblems<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  where: 'body' | 'query' | 'path',
): v.InferOutput<S> {
  // Every integration body is an object: `[]` would otherwise pass for `{}`.
  if (where === 'body' && !isPlainObject(input))
    throw new ProblemError(400, messages.notObject, [
      { path: 'body', code: 'wrong_type', message: messages.notObject },
    ])
  if (hasUnstorableText(input))
    throw new ProblemError(400, 'O texto enviado tem caracteres que não podem ser guardados.', [
      { path: where, code: 'invalid_text', message: 'Texto com caracteres inválidos.' },
    ])
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const errors = result.issues.map((issue) => ({
    path: pathOf(where, issue),
    code: codeOf(issue),
    message: issue.message,
  }))
  const first = errors[0]?.message ?? 'Dados inválidos.'
  throw new ProblemError(
    400,
    errors.length === 1 ? first : `${errors.length} problemas nos dados enviados.`,
    errors,
  )
}

/** Calls per key per minute (all instances together); `INTEGRATION_RATE_LIMIT`. */
const window = 60_000

/**
 * The guard of one integration operation: a live key (401 otherwise, never a holder's session),
 * holding the operation's scope (403), within its rate (429 with Retry-After). The key's id goes
 * on the request's log line; the key itself never does.
 */
export function keyGuard(deps: ServerDeps) {
  return (id: OperationId): MiddlewareHandler<AppEnv> => {
    const declared = operationById[id]
    const scope = 'scope' in declared ? (declared.scope as IntegrationScope | 'any') : undefined
    if (declared.access !== 'integration' || !scope)
      throw new Error(`${id} não é uma operação de integração com escopo declarado`)
    return async (c, next) => {
      const header = c.req.header('authorization') ?? ''
      const presented = header.replace(/^Bearer\s+/i, '').trim()
      if (!presented)
        throw new ProblemError(
          401,
          'Envie a chave de integração no cabeçalho Authorization: Bearer ptk_…',
        )
      const key = await authenticateApiKey(deps.db, presented, deps.now())
      if (!key)
        throw new ProblemError(
          401,
          'Chave de integração desconhecida ou revogada. Sessões de titulares não valem aqui.',
        )
      c.set('integrationKeyId', key.id)
      c.set('integrationKey', key)
      if (scope !== 'any' && !key.scopes.includes(scope))
        throw new ProblemError(403, `Esta chave não tem o escopo ${scope}.`)
      const count = await hit(
        deps.db,
        `integration-key:${key.id}`,
        { limit: deps.config.integrationRateLimit, windowMs: window },
        deps.now(),
      )
      if (count.count > deps.config.integrationRateLimit)
        throw new ProblemError(
          429,
          `Limite de ${deps.config.integrationRateLimit} chamadas por minuto desta chave atingido. Tente de novo em ${count.retryAfterSeconds} s.`,
          undefined,
          { 'retry-after': String(count.retryAfterSeconds) },
        )
      await next()
    }
  }
}
