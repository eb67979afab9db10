/**
 * The session guard trusts a checked token for SESSION_TRUST_MS (http/session.ts): within that
 * window it skips the signature and person checks, but never past the token's expiry, and a
 * person removed from the database is refused once the window has passed.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { persons } from '../db/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, bearer, createTestServer, loginAs, type TestServer } from '../testing'
import { SESSION_TRUST_MS } from './session'

const sessionMessage = 'A sessão expirou ou é inválida, faça o login novamente.'

describe.each(backends)('session guard (%s)', (backend) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(backend)
  })
  afterAll(() => server.close())

  const contracts = (token: string) =>
    server.app.request('/socios-api/client/contracts', bearer(token))

  it('refuses the token of a person removed from the database once the window has passed', async () => {
    const token = await loginAs(server.app, demoEmails.elisa)
    expect((await contracts(token)).status).toBe(200)
    // Elisa holds no contract, so her person row can go with nothing else (as an operator would).
    await server.db.delete(persons).where(eq(persons.id, demoIds.elisa.person))
    try {
      server.clock.advance(SESSION_TRUST_MS + 1)
      const response = await contracts(token)
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ message: sessionMessage })
    } finally {
      await server.reset()
    }
  })
})

describe.each(backends)('session guard with tokens shorter than the window (%s)', (backend) => {
  const ttlSeconds = 5
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(backend, { tokenTtlSeconds: ttlSeconds })
  })
  afterAll(() => server.close())

  it('refuses a trusted token as soon as it expires, inside the window', async () => {
    expect(ttlSeconds * 1000).toBeLessThan(SESSION_TRUST_MS)
    const token = await loginAs(server.app, demoEmails.ana)
    const contracts = () => server.app.request('/socios-api/client/contracts', bearer(token))
    expect((await contracts()).status).toBe(200)
    server.clock.advance((ttlSeconds + 1) * 1000)
    const response = await contracts()
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: sessionMessage })
  })
})
