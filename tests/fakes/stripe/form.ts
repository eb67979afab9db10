/**
 * Stripe's request bodies and query strings: form encoding with brackets for nesting, as the
 * SDK writes them (`payment_method_options[card][installments][plan][count]=3`, lists as
 * `payment_method_types[0]=card`) and Stripe.js too. Decoded into plain nested values: every
 * leaf stays a string, as on the wire; the endpoints' parameter schemas give it its type.
 */
import { invalidParam } from './errors'

export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormParams = { [key: string]: FormValue }

/** 'a[b][0]' → ['a', 'b', '0']; 'a[]' → ['a', ''] (the next index). */
function keyPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name)
  if (!match?.[1]) return [name]
  return [
    match[1],
    ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? ''),
  ]
}

type Node = { [key: string]: Node | string }

function insert(root: Node, name: string, value: string) {
  const path = keyPath(name)
  let node = root
  for (const [index, part] of path.entries()) {
    const key = part === '' ? String(Object.keys(node).length) : part
    if (index === path.length - 1) {
      if (typeof node[key] === 'object') throw invalidParam(name, `Invalid ${name}`)
      node[key] = value
      return
    }
    const next = node[key] ?? {}
    if (typeof next === 'string') throw invalidParam(name, `Invalid ${name}`)
    node[key] = next
    node = next
  }
}

/** Objects keyed 0…n−1 are the lists they were encoded from. */
function withLists(node: Node | string): FormValue {
  if (typeof node === 'string') return node
  const keys = Object.keys(node)
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index))
  if (isList) return keys.map((key) => withLists(node[key] as Node | string))
  return Object.fromEntries(keys.map((key) => [key, withLists(node[key] as Node | string)]))
}

export function decodeForm(text: string): FormParams {
  const root: Node = {}
  for (const [name, value] of new URLSearchParams(text)) insert(root, name, value)
  return withLists(root) as FormParams
}

/** `a[b][c]`, the way Stripe names a nested parameter in its messages. */
export const paramName = (path: readonly (string | number)[]) =>
  path.map((part, index) => (index === 0 ? String(part) : `[${part}]`)).join('')
