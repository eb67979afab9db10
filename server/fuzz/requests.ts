/**
 * Requests for the fuzz test, as plain data (so a failure prints exactly what was sent): any
 * endpoint, its samples broken by fast-check in the method, path, query, session, content type,
 * headers and body at once.
 */
import fc from 'fast-check'
import { type Endpoint, endpointName, type FuzzFixtures } from './endpoints'
import { bodyText, brokenJsonText, mutatedJson, Padded, paddedSizes, setAt } from './mutations'
import { encode, evilSegment, type FieldClass, headerValue } from './values'

export interface FuzzRequest {
  /** The endpoint the request was made from (the method or path may have been changed). */
  endpoint: string
  method: string
  /** Path and query, as sent after http://localhost */
  target: string
  headers: Record<string, string>
  body: string | Padded | Latin1 | undefined
}

/**
 * A sample body written in Latin-1 (a 'ç' put in its first text), whatever charset it declares:
 * bytes that are not UTF-8, which must be refused, never stored as U+FFFD.
 */
export class Latin1 {
  constructor(readonly sample: unknown) {}
  bytes() {
    return Buffer.from(JSON.stringify(this.sample).replace(/:"/, ':"ç'), 'latin1')
  }
}

const json = 'application/json'
const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const
const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=iso-8859-1',
  'application/json; charset=utf-16',
  'application/json;charset="UTF-8"',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/json, text/plain',
  'json',
]

export const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD'

/** The RequestInit of a generated request; big bodies are written out only now. */
export function toInit(request: FuzzRequest): RequestInit {
  const body =
    request.body instanceof Padded
      ? bodyText(request.body)
      : request.body instanceof Latin1
        ? request.body.bytes()
        : request.body
  return {
    method: request.method,
    headers: request.headers,
    ...(hasBody(request.method) && body !== undefined ? { body } : {}),
  }
}

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '')
}

export function queryString(pairs: [string, string][]): string {
  return pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`
}

export const sampleQuery = (query: Record<string, string>): [string, string][] =>
  Object.entries(query).map(([key, value]) => [encode(key), encode(value)])

function pathArbitrary(endpoint: Endpoint): fc.Arbitrary<string> {
  const names = Object.keys(endpoint.params ?? {})
  const values = names.map((name) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...(endpoint.params?.[name] ?? [''])) },
      { weight: 2, arbitrary: evilSegment },
    ),
  )
  const filled = fc
    .tuple(...values)
    .map((chosen) =>
      fillPath(endpoint.path, Object.fromEntries(names.map((n, i) => [n, chosen[i] ?? '']))),
    )
  return fc.oneof(
    { weight: 20, arbitrary: filled },
    {
      weight: 1,
      arbitrary: fc
        .tuple(filled, fc.constantFrom('/', '//', '/x', '/%00', '/..', '.json', '?'))
        .map(([path, tail]) => `${path}${tail}`),
    },
    { weight: 1, arbitrary: filled.map((path) => path.toUpperCase()) },
    { weight: 1, arbitrary: filled.map((path) => path.replace(/^\//, '//')) },
  )
}

function queryArbitrary(queries: Record<string, string>[] | undefined): fc.Arbitrary<string> {
  const rawQuery = fc
    .string({
      unit: fc.constantFrom(...'abc=&%?#+;/[]{}0123456789 \u00e7'.split('')),
      maxLength: 40,
    })
    .map((raw) => `?${raw}`)
  const extra = fc.tuple(evilSegment, evilSegment)
  if (!queries?.length) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.array(extra, { maxLength: 3 }).map(queryString) },
      { weight: 1, arbitrary: rawQuery },
    )
  }
  const sample = fc.constantFrom(...queries).map(sampleQuery)
  return fc.oneof(
    { weight: 4, arbitrary: sample.map(queryString) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(sample, fc.nat(), evilSegment)
        .map(([pairs, at, value]) =>
          queryString(pairs.map(([key, old], i) => [key, i === at % pairs.length ? value : old])),
        ),
    },
    { weight: 1, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc.tuple(sample, extra).map(([pairs, added]) => queryString([...pairs, added])),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(sample, evilSegment)
        .map(([pairs, value]) => queryString([...pairs, [pairs[0]?.[0] ?? 'x', value]])),
    },
    { weight: 1, arbitrary: rawQuery },
  )
}

function authArbitrary(endpoint: Endpoint, fixtures: FuzzFixtures) {
  const { ana, bruno } = fixtures.sessions
  const flipped = fc
    .tuple(fc.nat(), fc.constantFrom(...'AaZz09-_.'.split('')))
    .map(([at, char]) => {
      const index = at % ana.length
      return `Bearer ${ana.slice(0, index)}${char}${ana.slice(index + 1)}`
    })
  return fc.oneof(
    { weight: endpoint.session ? 10 : 3, arbitrary: fc.constant(`Bearer ${ana}`) },
    { weight: 1, arbitrary: fc.constant(`Bearer ${bruno}`) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...fixtures.badSessions.map((token) => `Bearer ${token}`),
        'Bearer',
        'Bearer ',
        `bearer ${ana}`,
        `BEARER   ${ana}   `,
        `Basic ${Buffer.from('ana:senha').toString('base64')}`,
        `Token ${ana}`,
        `Bearer ${ana} ${ana}`,
        `Bearer ${'a'.repeat(10_000)}`,
        `Bearer ${'a.b.c'.repeat(2_000)}`,
      ),
    },
    { weight: 1, arbitrary: flipped },
    { weight: 1, arbitrary: headerValue },
    { weight: 1, arbitrary: headerValue.map((value) => `Bearer ${value}`) },
  )
}

const contentTypeArbitrary = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | undefined>(json) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom(...contentTypes) },
  { weight: 1, arbitrary: headerValue },
)

/** Idempotency keys: mostly fresh (so saves get past the key), sometimes reused or broken. */
function sampleHeaderArbitrary(name: string, value: string): fc.Arbitrary<string | undefined> {
  const fresh = name === 'idempotency-key' ? fc.uuid() : fc.constant(value)
  return fc.oneof(
    { weight: 8, arbitrary: fresh },
    { weight: 1, arbitrary: fc.constant(value) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(201), 'com espaço', 'ç', '\t') },
    { weight: 1, arbitrary: headerValue },
  )
}

function bodyArbitrary(
  bodies: unknown[] | undefined,
  fields: FieldClass[] = [],
): fc.Arbitrary<string | Padded | Latin1 | undefined> {
  if (!bodies?.length) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(bodyText) },
      { weight: 1, arbitrary: brokenJsonText([{}]) },
    )
  }
  // A field of its own class (a URL's address forms) in a sample otherwise valid.
  const classed = fields.map((field) =>
    fc
      .tuple(fc.constantFrom(...bodies), field.arbitrary)
      .map(([sample, value]) => bodyText(setAt(sample, field.path, value))),
  )
  return fc.oneof(
    { weight: 40, arbitrary: mutatedJson(bodies).map(bodyText) },
    ...classed.map((arbitrary) => ({ weight: 10, arbitrary })),
    { weight: 8, arbitrary: brokenJsonText(bodies) },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(bodyText) },
    { weight: 3, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(paddedSizes, fc.constantFrom(...bodies))
        .map(([bytes, sample]) => new Padded(bytes, sample)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...bodies).map((sample) => new Latin1(sample)) },
  )
}

function endpointArbitrary(endpoint: Endpoint, fixtures: FuzzFixtures): fc.Arbitrary<FuzzRequest> {
  const sampleHeaders = Object.entries(endpoint.headers ?? {})
  return fc
    .record({
      method: fc.oneof(
        { weight: 14, arbitrary: fc.constant<string>(endpoint.method) },
        { weight: 1, arbitrary: fc.constantFrom<string>(...otherMethods) },
      ),
      path: pathArbitrary(endpoint),
      query: queryArbitrary(endpoint.queries),
      authorization: authArbitrary(endpoint, fixtures),
      contentType: contentTypeArbitrary,
      sampleHeaders: fc.tuple(
        ...sampleHeaders.map(([name, value]) => sampleHeaderArbitrary(name, value)),
      ),
      stray: fc.option(
        fc.tuple(
          fc.constantFrom(
            'x-forwarded-for',
            'accept',
            'content-encoding',
            'idempotency-key',
            'companyid',
          ),
          headerValue,
        ),
        { freq: 10 },
      ),
      body: bodyArbitrary(endpoint.bodies, endpoint.fields),
    })
    .map((chosen) => {
      const headers: Record<string, string> = {}
      if (chosen.stray) headers[chosen.stray[0]] = chosen.stray[1]
      sampleHeaders.forEach(([name], index) => {
        const value = chosen.sampleHeaders[index]
        if (value !== undefined) headers[name] = value
      })
      if (chosen.authorization !== undefined) headers.authorization = chosen.authorization
      if (chosen.contentType !== undefined) headers['content-type'] = chosen.contentType
      return {
        endpoint: endpointName(endpoint),
        method: chosen.method,
        target: `${chosen.path}${chosen.query}`,
        headers,
        body: hasBody(chosen.method) ? chosen.body : undefined,
      }
    })
}

/** Any endpoint, equally often, broken in random ways. */
export const randomRequests = (fixtures: FuzzFixtures) =>
  fc.oneof(...fixtures.endpoints.map((endpoint) => endpointArbitrary(endpoint, fixtures)))

/** A short, printable account of a request for a failure message. */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text
  const body =
    request.body instanceof Padded
      ? `<${request.body.bytes} bytes of padding + ${cut(JSON.stringify(request.body.sample), 200)}>`
      : request.body instanceof Latin1
        ? `<Latin-1 bytes of ${cut(JSON.stringify(request.body.sample), 200)}>`
        : request.body === undefined
          ? '<none>'
          : JSON.stringify(cut(request.body, 300))
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${JSON.stringify(cut(value, 60))}`)
    .join(', ')
  return `[${request.endpoint}] ${request.method} ${cut(request.target, 200)} {${headers}} body ${body}`
}
