/**
 * Decodes an `application/x-www-form-urlencoded` body (or a query string) written in Stripe's
 * bracket notation into the nested value it stands for, so it can be checked against a JSON
 * Schema: `a[b]=x` is {a: {b: 'x'}}, `a[0]=x&a[1]=y` and `a[]=x&a[]=y` are {a: ['x', 'y']}.
 * A plain key given twice (`a=x&a=y`) is a list too (OpenAPI's exploded form style). Values stay
 * strings: the validator coerces them to the schema's types, as the provider does.
 */

export class FormDecodingError extends Error {
  override name = 'FormDecodingError'
}

type Container = Record<string, unknown> | unknown[]

/** `a[b][0]` → ['a', 'b', '0']; a key that is not well-formed brackets stays one name. */
function segmentsOf(key: string): string[] {
  const match = key.match(/^([^[\]]+)((?:\[[^[\]]*\])*)$/)
  if (!match?.[1]) return [key]
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')
  return [match[1], ...rest]
}

/** An index or `[]` opens a list; any other segment an object. */
const opensList = (segment: string) => segment === '' || /^\d+$/.test(segment)

function put(container: Container, segment: string, value: unknown, key: string) {
  if (Array.isArray(container)) {
    if (!opensList(segment))
      throw new FormDecodingError(`${key}: "${segment}" usado como nome numa lista`)
    if (segment === '') container.push(value)
    else container[Number(segment)] = value
  } else container[segment] = value
}

/** What a segment already holds; `[]` always appends, so it holds nothing yet. */
const lookup = (container: Container, segment: string): unknown =>
  Array.isArray(container)
    ? segment === ''
      ? undefined
      : container[Number(segment)]
    : container[segment]

function child(container: Container, segment: string, next: string, key: string): Container {
  const existing = lookup(container, segment)
  if (existing === undefined) {
    const created: Container = opensList(next) ? [] : {}
    put(container, segment, created, key)
    return created
  }
  if (typeof existing !== 'object' || existing === null)
    throw new FormDecodingError(`${key}: "${segment}" já tem um valor simples`)
  return existing as Container
}

export function decodeBracketForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = segmentsOf(key)
    let container: Container = root
    for (let i = 0; i < segments.length - 1; i++)
      container = child(container, segments[i] ?? '', segments[i + 1] ?? '', key)
    const last = segments.at(-1) ?? ''
    const existing = lookup(container, last)
    if (existing === undefined) put(container, last, value, key)
    else if (segments.length === 1 && typeof existing === 'string') root[last] = [existing, value]
    else if (segments.length === 1 && Array.isArray(existing)) existing.push(value)
    else throw new FormDecodingError(`${key}: dado mais de uma vez`)
  }
  return root
}
