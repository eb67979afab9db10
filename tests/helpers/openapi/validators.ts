/**
 * The independent checks: openapi-request-validator and openapi-response-validator
 * (kogosoftwarellc/openapi-js, behind express-openapi; AJV 8, OpenAPI 3.0 `nullable`).
 * A response validator compiles every component schema of the document, seconds for Stripe's,
 * so each validator is built the first time an operation (and status) needs it, and kept per
 * document for the rest of the process.
 */
import { createRequire } from 'node:module'
import type { OpenApiDocument } from './documents'
import { decodeBracketForm } from './form-body'
import { responseFormats } from './formats'
import type { Operation } from './operations'

// CommonJS modules with `exports.default`: an ESM import hands over the exports object under
// Node and tsx but the class under Vitest, so both are required the CommonJS way.
const require = createRequire(import.meta.url)
const RequestValidator = (
  require('openapi-request-validator') as typeof import('openapi-request-validator')
).default
const ResponseValidator = (
  require('openapi-response-validator') as typeof import('openapi-response-validator')
).default

type RequestArgs = ConstructorParameters<typeof RequestValidator>[0]
type ValidationError = { path?: string; location?: string; message: string }

/** What a request carried, decoded as far as the proxy can. */
export interface SeenRequest {
  params: Record<string, string>
  /** The query string, without its '?'. */
  query: string
  headers: Record<string, string>
  contentType: string | undefined
  body: Buffer
}

const caches = new WeakMap<OpenApiDocument, Map<string, unknown>>()

/** The validator under `key` for this document, built by `build` the first time. */
function cached<T>(document: OpenApiDocument, key: string, build: () => T): T {
  let cache = caches.get(document)
  if (!cache) {
    cache = new Map()
    caches.set(document, cache)
  }
  if (!cache.has(key)) cache.set(key, build())
  return cache.get(key) as T
}

/** "body devedor.cpf: must match pattern …", or the bare message when it names no place. */
function asText(error: ValidationError) {
  const where = [error.location, error.path].filter(Boolean).join(' ')
  return where ? `${where}: ${error.message}` : error.message
}

const mediaTypeOf = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() ?? ''

const isJson = (mediaType: string) =>
  mediaType === 'application/json' || mediaType.endsWith('+json')

// Whether a media type the document lists (maybe a wildcard: any, or application/any) covers
// the one sent.
const covers = (listed: string, mediaType: string) =>
  listed === mediaType ||
  listed === '*/*' ||
  (listed.endsWith('/*') && mediaType.startsWith(listed.slice(0, -1)))

const isForm = (mediaType: string) => mediaType === 'application/x-www-form-urlencoded'

function requestValidator(document: OpenApiDocument, key: string, args: RequestArgs) {
  return cached(
    document,
    key,
    () =>
      new RequestValidator({
        ...args,
        componentSchemas: document.components?.schemas as RequestArgs['componentSchemas'],
      }),
  )
}

/** Path, query and headers (values arrive as strings: coerced to the declared types). */
function parameterErrors(document: OpenApiDocument, operation: Operation, seen: SeenRequest) {
  let query: Record<string, unknown>
  try {
    // Stripe's deepObject parameters use the same brackets as its form bodies.
    query = decodeBracketForm(seen.query)
  } catch (error) {
    return [`query: ${(error as Error).message}`]
  }
  const declaresQuery = operation.parameters.some((parameter) => parameter.in === 'query')
  const errors: string[] = []
  // additionalQueryProperties only applies when some query parameter is declared.
  if (!declaresQuery && Object.keys(query).length)
    errors.push(`query: parâmetros não declarados: ${Object.keys(query).join(', ')}`)
  const validator = requestValidator(document, `${operation.id} parameters`, {
    parameters: operation.parameters as RequestArgs['parameters'],
    additionalQueryProperties: false,
    ajvOptions: { coerceTypes: true },
  })
  const result = validator.validateRequest({
    params: { ...seen.params },
    query,
    headers: seen.headers,
  })
  for (const error of (result?.errors ?? []) as ValidationError[]) errors.push(asText(error))
  return errors
}

/** The body: JSON as sent, or a form decoded from brackets and coerced as the provider does. */
function bodyErrors(document: OpenApiDocument, operation: Operation, seen: SeenRequest) {
  const mediaType = mediaTypeOf(seen.contentType)
  if (!operation.requestBody)
    return seen.body.length ? [`body: a operação não declara corpo (veio ${mediaType})`] : []
  let body: unknown
  try {
    const text = seen.body.toString('utf8')
    body = !seen.body.length
      ? undefined
      : isJson(mediaType)
        ? JSON.parse(text)
        : isForm(mediaType)
          ? decodeBracketForm(text)
          : text
  } catch (error) {
    return [`body: ilegível como ${mediaType}: ${(error as Error).message}`]
  }
  const form = isForm(mediaType)
  const validator = requestValidator(
    document,
    `${operation.id} body ${form ? 'form' : 'as sent'}`,
    {
      requestBody: operation.requestBody as RequestArgs['requestBody'],
      ajvOptions: { coerceTypes: form },
    },
  )
  const result = validator.validateRequest({
    headers: seen.contentType ? { 'content-type': seen.contentType } : {},
    body,
  })
  return ((result?.errors ?? []) as ValidationError[]).map(asText)
}

export function requestErrors(
  document: OpenApiDocument,
  operation: Operation,
  seen: SeenRequest,
): string[] {
  return [...parameterErrors(document, operation, seen), ...bodyErrors(document, operation, seen)]
}

/** The documented response for a status: itself, its class (`4XX`), or `default`. */
function responseKey(operation: Operation, status: number) {
  const candidates = [String(status), `${String(status)[0]}XX`, 'default']
  return candidates.find((key) => key in operation.responses)
}

/**
 * Whether the answer is what the document declares for its status: a declared status, a media
 * type the document lists, and a JSON body that its schema accepts (or no body, when none is
 * declared).
 */
export function responseErrors(
  document: OpenApiDocument,
  operation: Operation,
  status: number,
  contentType: string | undefined,
  body: Buffer,
): string[] {
  const key = responseKey(operation, status)
  if (!key) return [`status ${status} não documentado (${Object.keys(operation.responses)})`]
  const content = operation.responses[key]?.content ?? {}
  const declared = Object.keys(content)
  if (!declared.length)
    return body.length ? [`status ${status}: o documento não declara corpo, veio um`] : []
  if (!body.length) return [`status ${status}: corpo vazio; o documento declara ${declared}`]
  const mediaType = mediaTypeOf(contentType)
  const listed = declared.find((entry) => covers(entry, mediaType))
  if (!listed)
    return [`content-type ${mediaType || '(nenhum)'} não declarado para ${status} (${declared})`]
  const schema = content[listed]?.schema
  if (!schema || !isJson(mediaType)) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    return [`status ${status}: corpo declarado ${mediaType} não é JSON`]
  }
  const validator = cached(
    document,
    `${operation.id} ${key} ${listed}`,
    () =>
      new ResponseValidator({
        responses: { [key]: { schema } },
        components: document.components as never,
        customFormats: responseFormats,
      }),
  )
  const result = validator.validateResponse(key, parsed)
  return ((result?.errors ?? []) as ValidationError[]).map(
    (error) => `${(error.path ?? 'response').replaceAll('/', '.')}: ${error.message}`,
  )
}
