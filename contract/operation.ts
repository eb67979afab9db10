/**
 * What one API operation is, declared once (issue 24): method, path and its parameters, what it
 * reads, what it answers by status (errors included), who may call it and whether the app may
 * keep it on the device while there is no signal. Each is declared in contract/api/ as a plain
 * object, `as const satisfies Operation` (its literal types kept for callers, and nothing to run,
 * so a screen's bundle drops every declaration it does not call), and
 * contract/operations.ts lists them all; the route table test, the OpenAPI document (docs/api/openapi.json) and the conformance kit are
 * made from that list.
 */
import type * as v from 'valibot'
import type { IntegrationScope } from './integration'

/** The API's own version (the document's info.version): raised when an operation changes. */
export const apiVersion = '1.0.0'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * A file answer (a PDF, a calendar, Prometheus text), by its media type; `text`, when given,
 * checks what the app reads of it (a PDF's base64, a calendar's first line).
 */
export type FileAnswer = { file: string; text?: v.GenericSchema<string, string> }
/** An answer with no body. */
export type EmptyAnswer = { empty: true }
export type Answer = v.GenericSchema | FileAnswer | EmptyAnswer

/**
 * Who may call it:
 * - 'public': anyone (the login itself, a payment link's code is its own key);
 * - 'holder': a holder's session, `Authorization: Bearer <token>` from POST /client/login;
 * - 'provider': a provider's notification, checked by its own signature or credential;
 * - 'operator': the operator's metrics token (`METRICS_TOKEN`);
 * - 'integration': the provider's own system, with an integration key (`ptk_…`) holding the
 *   operation's `scope` (decision 019); its errors are problem details (RFC 9457).
 */
export type Access = 'public' | 'holder' | 'provider' | 'operator' | 'integration'

export type Operation = {
  /** Unique, camelCase: the OpenAPI operationId. */
  id: string
  method: HttpMethod
  /**
   * Relative to the API base (`/socios-api`), with `{name}` for a path parameter; `outsideApi`
   * marks the one path served from the site's root.
   */
  path: string
  outsideApi?: true
  /** One line in Portuguese, for the docs page. */
  summary: string
  /** The docs page's group. */
  tag: Tag
  access: Access
  /** With access 'integration': what the key must be allowed to do. */
  scope?: IntegrationScope | 'any'
  /** The app may keep it on the device while there is no signal, and send it later (spec §7). */
  queuedOffline?: true
  /** Each path parameter (`{name}` in `path`). */
  params?: Record<string, v.GenericSchema>
  query?: v.GenericSchema
  /** The JSON body; `bodyOptional` when it may be absent. */
  body?: v.GenericSchema
  bodyOptional?: true
  /** Headers the operation reads beyond the session (e.g. Idempotency-Key). */
  headers?: Record<string, { required: boolean; description: string }>
  answers: Partial<Record<number, Answer>>
}

export const tags = {
  access: 'Acesso',
  contracts: 'Contratos',
  registration: 'Cadastro',
  cards: 'Carteirinhas',
  payments: 'Pagamentos',
  checkout: 'Link de pagamento',
  reminders: 'Lembretes',
  privacy: 'Privacidade',
  providers: 'Provedores',
  integration: 'Integração',
  operation: 'Operação',
} as const
/** The group's key; its Portuguese name (`tags`) is for the document only, not the app. */
export type Tag = keyof typeof tags

export const isFileAnswer = (answer: Answer): answer is FileAnswer =>
  typeof answer === 'object' && answer !== null && 'file' in answer
export const isEmptyAnswer = (answer: Answer): answer is EmptyAnswer =>
  typeof answer === 'object' && answer !== null && 'empty' in answer

/** Where the API is served on this server; the app's `VITE_API_BASE` defaults to it. */
export const apiBase = '/socios-api'

/** `/client/contract/{id}` → `/client/contract/:id` (Hono's syntax). */
export const routePattern = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

/** The operation's full route on this server, in Hono's syntax: the API base, then its path. */
export const serverRoute = (declared: Pick<Operation, 'path' | 'outsideApi'>) =>
  `${declared.outsideApi ? '' : apiBase}${routePattern(declared.path)}`

/** The path with its parameters filled in, each encoded as one segment. */
export function fillPath(path: string, params: Record<string, string> = {}) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Falta o parâmetro ${name} de ${path}.`)
    return encodeURIComponent(value)
  })
}
