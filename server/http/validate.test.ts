import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, createTestServer, loginAs, postJson, type TestServer } from '../testing'
import { checkoutPaths } from '../testing/payments'
import {
  dependentCreate,
  holderSave,
  newPerson,
  paths,
  postSave,
  readContract,
  registrationSnapshot,
} from '../testing/registration'

const invalidText = { message: 'A requisição contém caracteres inválidos (como o caractere nulo).' }

// Found by the fuzz test: PostgreSQL refuses NUL in text, so these answered 500.
describe.each(backends)('text the database cannot store (%s)', (backend) => {
  let server: TestServer
  let token: string
  beforeAll(async () => {
    server = await createTestServer(backend)
  })
  afterAll(() => server.close())
  beforeEach(async () => {
    await server.reset()
    token = await loginAs(server.app, demoEmails.ana)
  })

  it.each([
    ['NUL', 'Ana\u0000'],
    ['a lone surrogate', 'Ana\ud800'],
  ])('is refused with 400 in a registration save (%s), writing nothing', async (_label, name) => {
    const contract = await readContract(server.app, token, demoIds.ana.contract)
    const before = await registrationSnapshot(server.db)
    const body = holderSave(contract, (person) => {
      person.first_name = name
    })
    const save = await postSave(server.app, paths.holder, token, body)
    expect(save.status).toBe(400)
    expect(save.body).toEqual(invalidText)
    expect(await registrationSnapshot(server.db)).toEqual(before)
  })

  it('is refused in a key, at any depth, in a query and in a checkout body', async () => {
    const deep = `${'['.repeat(10_000)}"\\u0000"${']'.repeat(10_000)}`
    const answers = [
      await postJson(server.app, '/socios-api/client/login', { 'email\u0000': 1 }),
      await server.app.request('/socios-api/client/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"email":${deep}}`,
      }),
      await server.app.request('/dev/outbox?to=%00'),
      await server.app.request('/socios-api/checkout/payment-link?code=B2B%00'),
      await postJson(server.app, checkoutPaths.verifyPix, {
        data: [{ key: 'txid', value: '\u0000' }],
      }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(400)
      expect(await answer.json()).toEqual(invalidText)
    }
  })

  it('names no Pix with a txid that is not letters and digits', async () => {
    for (const txid of ['%00', 'abc%2Fdef', 'x'.repeat(36)]) {
      const answer = await server.app.request(`/sandbox/pix/${txid}/pay`, { method: 'POST' })
      expect(answer.status).toBe(404)
      expect(await answer.json()).toEqual({ message: 'Pix não encontrado.' })
    }
  })

  it('keeps other unicode as sent: accents, emoji, pairs of surrogates', async () => {
    const name = 'Zoë 🎉 𝕏'
    const body = dependentCreate(demoIds.ana.contract, newPerson({ first_name: name }))
    expect((await postSave(server.app, paths.dependent, token, body)).status).toBe(200)
    const saved = await readContract(server.app, token, demoIds.ana.contract)
    expect(saved.dependents.map((dependent) => dependent.person.first_name)).toContain(name)
  })
})
