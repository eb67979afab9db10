/**
 * Holds what the fake says to Stripe's own OpenAPI document for API version 2024-04-10 (kept
 * unchanged in tests/fixtures/openapi): each JSON answer against the
 * document's response for its operation and status (openapi-response-validator), each accepted
 * request against the operation's parameters (openapi-request-validator, the form decoded and
 * typed by the schema first, as Stripe reads it).
 *
 * Compiling a response validator takes seconds (the schemas reach most of the document), so one
 * is built per response schema, on first use, and kept: every PaymentIntent operation shares the
 * payment_intent one, every error the `error` one.
 */
import requestValidatorModule from 'openapi-request-validator'
import responseValidatorModule from 'openapi-response-validator'
import { loadStripeDocument } from '../../helpers/openapi/documents'
import type { LoggedRequest } from './api'
import type { FormParams, FormValue } from './form'

/** The parts of an OpenAPI 3.0 document read here. */
type Schema = {
  type?: string
  enum?: unknown[]
  anyOf?: Schema[]
  items?: Schema
  properties?: Record<string, Schema>
  additionalProperties?: boolean | Schema
}
type Parameter = { in: string; name: string; schema: Schema }
type OperationObject = {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, unknown>
}
type Document = { paths: Record<string, Record<string, OperationObject>>; components: unknown }
type Violation = { path?: string; message?: string }

/** Both packages are CommonJS with `exports.default`: Node hands the module, Vite the class. */
const cjsDefault = <T>(imported: T): T => (imported as { default?: T }).default ?? imported
const RequestValidator = cjsDefault(requestValidatorModule)
const ResponseValidator = cjsDefault(responseValidatorModule)
type RequestValidator = InstanceType<typeof RequestValidator>
type ResponseValidator = InstanceType<typeof ResponseValidator>

/** Stripe's document for API 2024-04-10, kept in tests/fixtures/openapi. */
const stripeDocument = () => loadStripeDocument() as unknown as Document

type Method = 'get' | 'post'

export interface Operation {
  /** 'POST /v1/payment_intents/{intent}/confirm' */
  name: string
  template: string
  operation: OperationObject
  pathParams: Record<string, string>
}

/** The document's operation for a concrete path; a literal segment wins over a {parameter}. */
export function operationFor(method: string, path: string): Operation | undefined {
  const lower = method.toLowerCase() as Method
  const matches = Object.entries(stripeDocument().paths).flatMap(([template, item]) => {
    const operation = item?.[lower]
    if (!operation) return []
    const names: string[] = []
    const pattern = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name)
      return '([^/]+)'
    })
    const match = new RegExp(`^${pattern}$`).exec(path)
    if (!match) return []
    const pathParams = Object.fromEntries(
      names.map((name, index) => [name, match[index + 1] ?? '']),
    )
    return [{ name: `${method.toUpperCase()} ${template}`, template, operation, pathParams }]
  })
  return matches.sort(
    (a, b) => Object.keys(a.pathParams).length - Object.keys(b.pathParams).length,
  )[0]
}

const responseValidators = new Map<string, ResponseValidator>()

/** The status key the document answers this status with: the code itself, or `default`. */
export function statusKey(operation: Operation, status: number): string {
  const responses = operation.operation.responses
  return String(status) in responses ? String(status) : 'default'
}

export function responseViolations(operation: Operation, status: number, body: unknown): string[] {
  const key = statusKey(operation, status)
  const response = operation.operation.responses[key]
  if (!response) return [`${operation.name} has no response for ${status}`]
  const cacheKey = JSON.stringify(response)
  let validator = responseValidators.get(cacheKey)
  if (!validator) {
    validator = new ResponseValidator({
      responses: { [key]: response } as never,
      components: stripeDocument().components as never,
    })
    responseValidators.set(cacheKey, validator)
  }
  const result = validator.validateResponse(status, body)
  return ((result?.errors ?? []) as Violation[]).map(
    (error) => `${operation.name} ${status}: ${error.path} ${error.message}`,
  )
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function fits(value: unknown, schema: Schema): boolean {
  if (schema.enum) return schema.enum.includes(value)
  switch (schema.type) {
    case 'integer':
    case 'number':
      return typeof value === 'number'
    case 'boolean':
      return typeof value === 'boolean'
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isRecord(value)
    case 'string':
      return typeof value === 'string'
    default:
      return true
  }
}

/** A decoded form value typed as the schema says (form leaves are all strings on the wire). */
export function coerce(value: FormValue, schema: Schema | undefined): unknown {
  if (!schema) return value
  if (schema.anyOf) {
    for (const option of schema.anyOf) {
      const typed = coerce(value, option)
      if (fits(typed, option)) return typed
    }
    return value
  }
  if (typeof value === 'string') {
    if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(value))
      return Number(value)
    if (schema.type === 'boolean' && (value === 'true' || value === 'false'))
      return value === 'true'
    return value
  }
  if (Array.isArray(value)) return value.map((item) => coerce(item, schema.items))
  const extra = isRecord(schema.additionalProperties) ? schema.additionalProperties : undefined
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [
      name,
      coerce(item, schema.properties?.[name] ?? extra),
    ]),
  )
}

const requestValidators = new Map<string, RequestValidator>()

/** The request the fake accepted, against the operation's body and query parameters. */
export function requestViolations(operation: Operation, request: LoggedRequest): string[] {
  const { operation: op } = operation
  let validator = requestValidators.get(operation.name)
  if (!validator) {
    validator = new RequestValidator({
      parameters: (op.parameters ?? []) as never,
      requestBody: op.requestBody as never,
      additionalQueryProperties: false,
    })
    requestValidators.set(operation.name, validator)
  }
  const formSchema = op.requestBody?.content['application/x-www-form-urlencoded']?.schema
  // Stripe.js's `key` is how the browser authenticates, not a parameter of the operation.
  const { key: _bodyKey, ...body } = request.body
  const { key: _queryKey, ...query } = request.query
  const querySchema: Schema = {
    type: 'object',
    properties: Object.fromEntries(
      (op.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => [parameter.name, parameter.schema]),
    ),
  }
  const result = validator.validateRequest({
    headers:
      request.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: coerce(body as FormParams, formSchema),
    query: coerce(query as FormParams, querySchema),
    params: operation.pathParams,
  })
  return ((result?.errors ?? []) as Violation[]).map(
    (error) => `${operation.name} request: ${error.path ?? ''} ${error.message ?? ''}`,
  )
}
