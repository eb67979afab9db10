/**
 * The browser calls exactly the paths in contract/paths.ts; each must be a route of this server
 * (under /socios-api, the default API base), so renaming a route without the contract fails here.
 */
import { describe, expect, it } from 'vitest'
import { passkeyPaths } from '../../contract/passkey-paths'
import { apiPaths } from '../../contract/paths'
import { createTestServer } from '../test-support'

const id = '7f1c2a9e-3b4d-4c5e-8f60-718293a4b5c6'
const examples = Object.entries({ ...apiPaths, ...passkeyPaths }).map(([name, path]) => {
  const concrete = typeof path === 'string' ? path : (path as (...args: never[]) => string)
  const url =
    typeof concrete === 'string'
      ? concrete
      : name === 'sendPaymentLink'
        ? apiPaths.sendPaymentLink([id, id])
        : name === 'pixStatus'
          ? apiPaths.pixStatus('codigo', 'txid123')
          : (concrete as (value: string) => string)(id)
  return [name, `/socios-api${url.split('?')[0]}`] as const
})

/** Hono's pattern syntax: `:name`, `:name{regex}` and a trailing `*`. */
const matcher = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.]/g, '\\.')
      .replace(/:\w+\{([^}]+)\}/g, '($1)')
      .replace(/:\w+/g, '[^/]+')
      .replace(/\*$/, '.*')}$`,
  )

describe('every path of the contract is a route of the server', async () => {
  const server = await createTestServer('pglite')
  // Middleware is registered for every method ('ALL'), and GET /* serves the app's pages: only
  // the API's handlers name a route.
  const routes = server.app.routes.filter(
    (route) => route.method !== 'ALL' && route.path.startsWith('/socios-api/'),
  )
  await server.close()

  it.each(examples)('%s → %s', (_name, path) => {
    expect(routes.some((route) => matcher(route.path).test(path))).toBe(true)
  })

  it('would notice a path the server does not have', () => {
    expect(routes.some((route) => matcher(route.path).test('/socios-api/client/contrato/x'))).toBe(
      false,
    )
  })
})
