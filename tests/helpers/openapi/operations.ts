/**
 * Finds the operation of an OpenAPI document that a request names (method + path template),
 * with what the validators need already taken out of the document: the path's and the
 * operation's parameters, the request body and the responses, their `$ref`s followed.
 */
import type { OpenApiDocument } from './documents'

type Node = Record<string, unknown>

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: Node
}

export interface Operation {
  /** The document's operationId; the bacen document has none, so then "PUT /cob/{txid}". */
  id: string
  method: string
  template: string
  parameters: Parameter[]
  requestBody: { required?: boolean; content: Record<string, { schema?: Node }> } | undefined
  responses: Record<string, { content?: Record<string, { schema?: Node }> }>
}

export interface Match {
  operation: Operation
  /** The path parameters, decoded, by name. */
  params: Record<string, string>
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/** Follows a local `$ref` ("#/components/…") until it reaches a value. */
export function resolve<T>(document: OpenApiDocument, value: T): T {
  let current: unknown = value
  for (let hops = 0; hops < 20; hops++) {
    const ref = (current as Node | undefined)?.$ref
    if (typeof ref !== 'string') return current as T
    if (!ref.startsWith('#/')) throw new Error(`$ref externo não suportado: ${ref}`)
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, part) => (node as Node | undefined)?.[part], document)
    if (current === undefined) throw new Error(`$ref sem destino: ${ref}`)
  }
  throw new Error('$ref em ciclo')
}

/**
 * A parameter's schema with every `$ref` replaced by what it points at. The validators'
 * parameter conversion (openapi-jsonschema-parameters) drops a `$ref` and would check nothing;
 * a schema that refers back to itself is cut there (parameters' schemas are small, never so).
 */
function inline(document: OpenApiDocument, value: unknown, seen: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(document, item, seen))
  if (!value || typeof value !== 'object') return value
  const ref = (value as Node).$ref
  if (typeof ref === 'string')
    return seen.includes(ref) ? {} : inline(document, resolve(document, value), [...seen, ref])
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, inline(document, child, seen)]),
  )
}

function operationOf(document: OpenApiDocument, template: string, method: string): Operation {
  const item = document.paths[template] ?? {}
  const raw = item[method] as Node
  const declared = [
    ...((item.parameters as Node[] | undefined) ?? []),
    ...((raw.parameters as Node[] | undefined) ?? []),
  ].map((parameter) => inline(document, parameter) as Parameter)
  // An operation's parameter overrides the path's one of the same name and place.
  const parameters = declared.filter(
    (parameter, index) =>
      !declared.some(
        (later, at) => at > index && later.name === parameter.name && later.in === parameter.in,
      ),
  )
  const responses = Object.fromEntries(
    Object.entries((raw.responses as Node | undefined) ?? {}).map(([status, response]) => [
      status,
      resolve(document, response) as Operation['responses'][string],
    ]),
  )
  return {
    id:
      typeof raw.operationId === 'string' ? raw.operationId : `${method.toUpperCase()} ${template}`,
    method,
    template,
    parameters,
    requestBody: raw.requestBody
      ? resolve(document, raw.requestBody as Operation['requestBody'])
      : undefined,
    responses,
  }
}

/** Per document: its templates split in segments, and the operations built so far. */
const indexes = new WeakMap<
  OpenApiDocument,
  { templates: { template: string; segments: string[] }[]; operations: Map<string, Operation> }
>()

function indexOf(document: OpenApiDocument) {
  let index = indexes.get(document)
  if (!index) {
    const templates = Object.keys(document.paths).map((template) => ({
      template,
      segments: template.split('/').slice(1),
    }))
    index = { templates, operations: new Map() }
    indexes.set(document, index)
  }
  return index
}

const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment)

/** A malformed escape (`%E0%A4%A`) is kept as sent: the validator then sees what came. */
function decoded(segment: string) {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * The operation for `method` and `path` (the document's, without any base path), or undefined.
 * A literal segment beats a parameter (`/cob` before `/{pixUrlAccessToken}`), left to right.
 */
export function matchOperation(
  document: OpenApiDocument,
  method: string,
  path: string,
): Match | undefined {
  const wanted = method.toLowerCase()
  if (!methods.includes(wanted)) return undefined
  const index = indexOf(document)
  const segments = path.split('/').slice(1)
  let best: { template: string; params: Record<string, string>; rank: string } | undefined
  for (const { template, segments: pattern } of index.templates) {
    if (pattern.length !== segments.length || !document.paths[template]?.[wanted]) continue
    const params: Record<string, string> = {}
    const fits = pattern.every((part, i) => {
      const segment = segments[i] ?? ''
      if (!isParameter(part)) return part === segment
      if (segment === '') return false
      params[part.slice(1, -1)] = decoded(segment)
      return true
    })
    // '1' for a literal, '0' for a parameter: the greatest string is the most literal match.
    const rank = pattern.map((part) => (isParameter(part) ? '0' : '1')).join('')
    if (fits && (!best || rank > best.rank)) best = { template, params, rank }
  }
  if (!best) return undefined
  const key = `${wanted} ${best.template}`
  let operation = index.operations.get(key)
  if (!operation) {
    operation = operationOf(document, best.template, wanted)
    index.operations.set(key, operation)
  }
  return { operation, params: best.params }
}
