/** "Sair" ends the session on the server: the token stops working, here and on other instances. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { demoEmails } from '../demo/seed'
import { SESSION_TRUST_MS } from '../http/session'
import { backends, bearer, createTestServer, loginAs, type TestServer } from '../testing'
import { useTestServer } from '../testing/hooks'

const contracts = '/socios-api/client/contracts'
const post = (token: string) => ({ method: 'POST', ...bearer(token) })

describe.each(backends)('sessions (%s)', (backend) => {
  const { server } = useTestServer(backend, { resetEachTest: true })

  it('a token stops working the moment its person presses "Sair"', async () => {
    const token = await loginAs(server.app, demoEmails.ana)
    expect((await server.app.request(contracts, bearer(token))).status).toBe(200)
    const out = await server.app.request('/socios-api/client/logout', post(token))
    expect(out.status).toBe(200)
    expect(await out.json()).toEqual({ message: 'Sessão encerrada.' })
    const after = await server.app.request(contracts, bearer(token))
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({
      message: 'A sessão expirou ou é inválida, faça o login novamente.',
    })
    // Ending it again is refused like any dead token.
    expect((await server.app.request('/socios-api/client/logout', post(token))).status).toBe(401)
  })

  it('"Sair" ends only this session; "Sair de todos os aparelhos" ends all of them', async () => {
    const phone = await loginAs(server.app, demoEmails.ana)
    const laptop = await loginAs(server.app, demoEmails.ana)
    const tablet = await loginAs(server.app, demoEmails.ana)
    const bruno = await loginAs(server.app, demoEmails.bruno)
    await server.app.request('/socios-api/client/logout', post(phone))
    expect((await server.app.request(contracts, bearer(phone))).status).toBe(401)
    expect((await server.app.request(contracts, bearer(laptop))).status).toBe(200)

    const all = await server.app.request('/socios-api/client/logout-all', post(laptop))
    expect(await all.json()).toEqual({ message: 'Sessão encerrada em todos os aparelhos.' })
    expect((await server.app.request(contracts, bearer(laptop))).status).toBe(401)
    expect((await server.app.request(contracts, bearer(tablet))).status).toBe(401)
    // Someone else's session is untouched.
    expect((await server.app.request(contracts, bearer(bruno))).status).toBe(200)
  })

  it('registration saves and dependent types refuse an ended session too', async () => {
    const token = await loginAs(server.app, demoEmails.ana)
    await server.app.request('/socios-api/client/logout', post(token))
    const types = await server.app.request('/socios-api/rql/dependent-types', post(token))
    expect(types.status).toBe(401)
  })
})

describe.each(backends)('sessions across instances (%s)', (backend) => {
  // No reset here: it would leave this instance's cached server secret behind the database's.
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(backend)
  })
  afterAll(() => server.close())

  it('another instance on the same database refuses the token within the trust window', async () => {
    const other = createApp({
      config: server.config,
      db: server.db,
      now: server.clock.now,
      mail: { send: async () => {} },
      whatsapp: { send: async () => {} },
    })
    const token = await loginAs(server.app, demoEmails.ana)
    expect((await other.request(contracts, bearer(token))).status).toBe(200)
    await server.app.request('/socios-api/client/logout', post(token))
    server.clock.advance(SESSION_TRUST_MS)
    expect((await other.request(contracts, bearer(token))).status).toBe(401)
  })
})
