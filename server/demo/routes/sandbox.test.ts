import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../testing'

describe('demo postal-code sandbox (/sandbox/cep)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer('pglite')
  })
  afterAll(async () => {
    await server.close()
  })

  it.each([
    [
      '01310100',
      200,
      { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
    ],
    ['01310-100', 200, { localidade: 'São Paulo' }],
    ['99999999', 200, { erro: true }],
    ['123', 400, { erro: true, message: 'CEP inválido: use 8 dígitos.' }],
    ['abcdefgh', 400, { erro: true, message: 'CEP inválido: use 8 dígitos.' }],
  ])('%s → %i', async (cep, status, body) => {
    const response = await server.app.request(`/sandbox/cep/${cep}/json`)
    expect(response.status).toBe(status)
    expect(await response.json()).toMatchObject(body)
  })

  it('does not exist outside demo mode', async () => {
    const production = await createTestServer('pglite', { demo: false })
    try {
      expect((await production.app.request('/sandbox/cep/01310100/json')).status).toBe(404)
    } finally {
      await production.close()
    }
  })
})
