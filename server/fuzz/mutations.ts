/**
 * Arbitraries that take a valid sample (a body) and break it, for the fuzz test: a field of the
 * wrong type, a field missing or unknown, JSON cut short or with duplicated keys, bodies past the
 * size limits.
 */
import fc from 'fast-check'
import { evilValue } from './values'

export type Path = (string | number)[]

/** A big valid body: `bytes` of padding in an extra field of the sample (built when sent). */
export class Padded {
  constructor(
    readonly bytes: number,
    readonly sample: unknown,
  ) {}
}

const fieldName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'id', 'extra', 'filter'),
  fc.string({ maxLength: 12 }),
)

/** Every node of a JSON value, as the keys and indexes that lead to it (the root is []). */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix]
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      paths.push(...pathsOf(item, [...prefix, index]))
    })
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]))
  }
  return paths
}

const isContainer = (value: unknown): value is Record<string | number, unknown> =>
  value !== null && typeof value === 'object'

function parentOf(root: unknown, path: Path): Record<string | number, unknown> | undefined {
  let node = root
  for (const step of path.slice(0, -1)) {
    if (!isContainer(node)) return undefined
    node = node[step]
  }
  return isContainer(node) ? node : undefined
}

const nodeAt = (root: unknown, path: Path) =>
  path.reduce<unknown>((node, step) => (isContainer(node) ? node[step] : undefined), root)

export function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const copy = structuredClone(value)
  const parent = parentOf(copy, path)
  if (parent) parent[path[path.length - 1] as string | number] = replacement
  return copy
}

export function deleteAt(value: unknown, path: Path): unknown {
  const copy = structuredClone(value)
  const parent = parentOf(copy, path)
  const last = path[path.length - 1] as string | number
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1)
  else if (parent) delete parent[last]
  return copy
}

function addAt(value: unknown, path: Path, key: string, extra: unknown): unknown {
  const copy = structuredClone(value)
  const target = nodeAt(copy, path)
  if (Array.isArray(target)) target.push(extra)
  else if (isContainer(target))
    Object.defineProperty(target, key, { value: extra, enumerable: true })
  return copy
}

/** One sample broken in one to three places, or left whole now and then. */
export function mutatedJson(samples: unknown[]): fc.Arbitrary<unknown> {
  const mutations = samples.map((sample) => {
    const paths = pathsOf(sample)
    const inner = paths.filter((path) => path.length > 0)
    const containers = paths.filter((path) => isContainer(nodeAt(sample, path)))
    const change = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.tuple(fc.constantFrom(...paths), evilValue).map(
          ([path, bad]) =>
            (value: unknown) =>
              setAt(value, path, bad),
        ),
      },
      {
        weight: inner.length > 0 ? 2 : 0,
        arbitrary: fc
          .constantFrom(...(inner.length > 0 ? inner : [[]]))
          .map((path) => (value: unknown) => (path.length > 0 ? deleteAt(value, path) : value)),
      },
      {
        weight: containers.length > 0 ? 1 : 0,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...(containers.length > 0 ? containers : [[]])),
            fieldName,
            evilValue,
          )
          .map(
            ([path, key, extra]) =>
              (value: unknown) =>
                addAt(value, path, key, extra),
          ),
      },
    )
    return fc
      .array(change, { minLength: 1, maxLength: 3 })
      .map((changes) => changes.reduce((value, apply) => apply(value), sample))
  })
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...samples) },
    { weight: 5, arbitrary: fc.oneof(...mutations) },
  )
}

/** JSON text of a generated body, with `deep` markers written out as nested arrays. */
export function bodyText(value: unknown): string {
  if (value instanceof Padded) {
    const rest = JSON.stringify(value.sample ?? {})
    const padding = `{"padding":"${'x'.repeat(value.bytes)}"`
    return rest.startsWith('{') && rest !== '{}' ? `${padding},${rest.slice(1)}` : `${padding}}`
  }
  return JSON.stringify(value).replace(
    /"@@deep:(\d+)@@"/g,
    (_, depth: string) => `${'['.repeat(Number(depth))}${']'.repeat(Number(depth))}`,
  )
}

/** Text that is not the JSON the route wants: cut short, garbage, odd but valid JSON. */
export function brokenJsonText(samples: unknown[]): fc.Arbitrary<string> {
  const texts = samples.map((sample) => JSON.stringify(sample ?? {}))
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...texts), fc.nat())
      .map(([text, cut]) => text.slice(0, cut % Math.max(text.length, 1))),
    fc
      .tuple(fc.constantFrom(...texts), fc.constantFrom(...Object.keys(samples[0] ?? {}), 'x'))
      .map(([text, key]) => text.replace(/}$/, `,${JSON.stringify(key)}:[1]}`)),
    fc.constantFrom(
      '',
      ' ',
      'null',
      '[]',
      '"x"',
      '1',
      'true',
      'undefined',
      'NaN',
      "{'a':1}",
      '{"a":1,"a":2}',
      '\ufeff{}',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
      '[1,2,3',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
  )
}

/** Bodies just under and past the 1 MB (and 8 MB registration) limits. */
export const paddedSizes = fc.constantFrom(
  1024 * 1024 - 200,
  1024 * 1024 + 1,
  3 * 1024 * 1024,
  8 * 1024 * 1024 + 1,
)
