/**
 * The fuzz test's sweep: wrong values put in every field of every sample body, every query
 * parameter and every path parameter, one at a time, the rest of the request kept valid, so each
 * check of each route meets each kind of wrong input at least once before the random requests;
 * and every value of a field's own input class (an endpoint URL's address forms) in that field.
 */
import { endpointName, type FuzzFixtures } from './endpoints'
import { bodyText, pathsOf, setAt } from './mutations'
import { type FuzzRequest, fillPath, Latin1, queryString, sampleQuery } from './requests'
import { encode, externalMarkup, impossibleDates } from './values'

/** One of each kind: null, another type, empty, NUL, long, a container. */
const wrongValues: unknown[] = [null, true, -1, 1.5, '', '\u0000', 'x'.repeat(5_000), [], {}]
/** A field that holds a date or a moment, by its name: it also gets every impossible date. */
const isDateField = (key: string | number | undefined) =>
  typeof key === 'string' && /(date|At|On)$|^(from|to)$/i.test(key)

const valueAt = (sample: unknown, path: (string | number)[]) =>
  path.reduce<unknown>(
    (node, step) =>
      node !== null && typeof node === 'object'
        ? (node as Record<string, unknown>)[step]
        : undefined,
    sample,
  )

/**
 * A field meets the wrong values of every kind, and those of its own: every impossible date when
 * it holds a date, every way markup can fetch from the network when its sample is markup.
 */
const wrongValuesFor = (sample: unknown, key: string | number | undefined) => [
  ...wrongValues,
  ...(isDateField(key) ? impossibleDates : []),
  ...(typeof sample === 'string' && sample.includes('<') ? externalMarkup : []),
]
/** Query values as sent on the wire: encoded text, and escapes that decode to nothing valid. */
const wrongQueryValues = [
  ...wrongValues.filter((value): value is string => typeof value === 'string').map(encode),
  '%',
  '%00',
  '%ED%A0%80',
  '%FF',
]

/** With Ana's session, JSON and a fresh idempotency key, so only the one wrong value is wrong. */
export function sweepRequests(fixtures: FuzzFixtures): FuzzRequest[] {
  const requests: FuzzRequest[] = []
  let key = 0
  for (const endpoint of fixtures.endpoints) {
    const params = Object.fromEntries(
      Object.entries(endpoint.params ?? {}).map(([name, values]) => [name, values[0] ?? '']),
    )
    const query = endpoint.queries?.[0] ?? {}
    const request = (overrides: Partial<FuzzRequest>): FuzzRequest => {
      key += 1
      const headers: Record<string, string> = {
        authorization: `Bearer ${fixtures.sessions.ana}`,
        'content-type': 'application/json',
        ...endpoint.headers,
      }
      if (headers['idempotency-key']) headers['idempotency-key'] = `sweep-${key}`
      return {
        endpoint: endpointName(endpoint),
        method: endpoint.method,
        target: `${fillPath(endpoint.path, params)}${queryString(sampleQuery(query))}`,
        headers,
        body: endpoint.bodies ? JSON.stringify(endpoint.bodies[0]) : undefined,
        ...overrides,
      }
    }
    // Latin-1 bytes, declared as such (415) or sent as UTF-8 (400): never stored as U+FFFD.
    const [first] = endpoint.bodies ?? []
    if (first !== undefined)
      for (const type of ['application/json; charset=iso-8859-1', 'application/json']) {
        const latin1 = request({ body: new Latin1(first) })
        latin1.headers['content-type'] = type
        requests.push(latin1)
      }
    for (const sample of endpoint.bodies ?? []) {
      for (const path of pathsOf(sample)) {
        for (const value of wrongValuesFor(valueAt(sample, path), path.at(-1)))
          requests.push(request({ body: bodyText(setAt(sample, path, value)) }))
      }
      for (const field of endpoint.fields ?? [])
        for (const value of field.values)
          requests.push(request({ body: bodyText(setAt(sample, field.path, value)) }))
    }
    for (const name of Object.keys(query)) {
      for (const value of wrongQueryValues) {
        const pairs = sampleQuery(query).map(([k, v]): [string, string] =>
          k === encode(name) ? [k, value] : [k, v],
        )
        requests.push(
          request({ target: `${fillPath(endpoint.path, params)}${queryString(pairs)}` }),
        )
      }
      const { [name]: _, ...rest } = query
      requests.push(
        request({ target: `${fillPath(endpoint.path, params)}${queryString(sampleQuery(rest))}` }),
      )
    }
    for (const name of Object.keys(params)) {
      for (const segment of [
        '',
        '%',
        '%zz',
        '%00',
        '%ED%A0%80',
        '..',
        'x',
        encode('💥'),
        '00000000-0000-0000-0000-000000000000',
      ]) {
        requests.push(request({ target: fillPath(endpoint.path, { ...params, [name]: segment }) }))
      }
    }
  }
  return requests
}
