/**
 * The server answers exactly the operations declared in contract/operations.ts, methods
 * included: a route added, renamed or given another method without its declaration fails here,
 * and so does a declaration the server does not answer. The paths the app calls
 * (contract/paths.ts, contract/passkey-paths.ts) must each be a declared operation's.
 */
import { describe, expect, it } from 'vitest'
import { routePattern } from '../../contract/operation'
import { operations } from '../../contract/operations'
import { passkeyPaths } from '../../contract/passkey-paths'
import { apiPaths } from '../../contract/paths'
import { createTestServer } from '../test-support'

const apiBase = '/socios-api'
const declared = operations.map(
  (op) =>
    `${op.method} ${'outsideApi' in op ? '' : apiBase}${routePattern(op.path).replace(/\/$/, '')}`,
)

/** Hono's pattern syntax: `:name`, `:name{regex}` and a trailing `*`. */
const matcher = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.]/g, '\\.')
      .replace(/:\w+\{([^}]+)\}/g, '($1)')
      .replace(/:\w+/g, '[^/]+')
      .replace(/\*$/, '.*')}$`,
  )

const id = '7f1c2a9e-3b4d-4c5e-8f60-718293a4b5c6'
const calledByTheApp = Object.entries({ ...apiPaths, ...passkeyPaths }).map(([name, path]) => {
  const url =
    typeof path === 'string'
      ? path
      : name === 'sendPaymentLink'
        ? apiPaths.sendPaymentLink([id, id])
        : name === 'pixStatus'
          ? apiPaths.pixStatus('codigo', 'txid123')
          : (path as (value: string) => string)(id)
  return [name, `${apiBase}${url.split('?')[0]}`] as const
})

describe('the route table is the declared operations', async () => {
  // Demo mode mounts /dev and /sandbox too: they are the demo's, not the API's.
  const server = await createTestServer('pglite')
  const answered = server.app.routes
    .filter(
      (route) =>
        route.method !== 'ALL' &&
        (route.path.startsWith(`${apiBase}/`) || route.path === '/metrics'),
    )
    .map((route) => `${route.method} ${route.path.replace(/\/$/, '')}`)
  await server.close()

  it('every route the server answers is declared', () => {
    expect(answered.filter((route) => !declared.includes(route))).toEqual([])
  })

  it('every declared operation is answered', () => {
    expect(declared.filter((operation) => !answered.includes(operation))).toEqual([])
  })

  it('each operation is declared once, with a unique id', () => {
    expect(new Set(declared).size).toBe(declared.length)
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length)
  })

  it.each(calledByTheApp)('the app calls %s → %s, a declared operation', (_name, path) => {
    expect(declared.some((operation) => matcher(operation.split(' ')[1] ?? '').test(path))).toBe(
      true,
    )
  })

  it('a path parameter of each operation is declared with its schema', () => {
    for (const op of operations) {
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      expect(Object.keys('params' in op ? op.params : {}).sort(), op.id).toEqual(names.sort())
    }
  })
})
