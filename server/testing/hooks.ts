/**
 * The frame most API test files share, as vitest hooks: one test server per `describe` block,
 * started in beforeAll and closed in afterAll, with demo people logged in and, when asked, the
 * data reset before each test. Beside index.ts, which stays free of vitest for the
 * scripts that use it.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { demoEmails } from '../demo/seed'
import {
  type Backend,
  createTestServer,
  loginAs,
  type TestOverrides,
  type TestServer,
} from './index'

export type DemoPerson = keyof typeof demoEmails

export type TestServerOptions<Person extends DemoPerson> = {
  /** Logged in once the server starts; their tokens land in `tokens`. */
  logins?: Person[]
  /** Empties and reseeds the database before each test (the logins' sessions survive it). */
  resetEachTest?: boolean
  overrides?: TestOverrides
}

/**
 * Registers the hooks and answers `server` (stands for the block's server once it has started)
 * and `tokens` (each login's bearer token, filled in before the first test).
 */
export function useTestServer<Person extends DemoPerson = never>(
  backend: Backend,
  options: TestServerOptions<Person> = {},
): { server: TestServer; tokens: Record<Person, string> } {
  let started: TestServer | undefined
  const tokens = {} as Record<Person, string>
  const current = () => {
    if (!started)
      throw new Error('O servidor de teste ainda não começou: use-o dentro de um teste.')
    return started
  }
  // Read through on every use, so a `const { server }` taken while collecting the tests works.
  const server = new Proxy({} as TestServer, {
    get: (_, key) => Reflect.get(current(), key),
  })

  beforeAll(async () => {
    started = await createTestServer(backend, options.overrides)
    for (const person of options.logins ?? [])
      tokens[person] = await loginAs(started.app, demoEmails[person])
  })
  afterAll(() => started?.close())
  if (options.resetEachTest) beforeEach(() => current().reset())
  return { server, tokens }
}
