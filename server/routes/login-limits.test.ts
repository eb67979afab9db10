/** Abuse limits and input validation of the login routes. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { devOutbox, otpCodes, rateLimits } from '../db/schema'
import { demoEmails } from '../db/seed'
import { loginMessages } from '../services/login'
import {
  backends,
  countRows,
  createTestServer,
  fromAddress,
  postJson,
  requestCode,
  settle,
  type TestServer,
} from '../test-support'

const ana = demoEmails.ana

describe.each(backends)('login limits and validation (%s)', (backend) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(backend)
  })
  afterAll(() => server.close())
  beforeEach(() => server.reset())

  it('limits codes per e-mail to 5 per 15 minutes, whatever the address', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await requestCode(server.app, ana, 'email', fromAddress(`198.51.100.${i}`))
      expect(response.status).toBe(200)
    }
    const limited = await requestCode(server.app, ana, 'email', fromAddress('198.51.100.99'))
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({
      message: 'Muitas solicitações de código. Aguarde alguns minutos e tente novamente.',
    })
    expect(await countRows(server.db, otpCodes)).toBe(5)
    expect(await countRows(server.db, devOutbox)).toBe(5)
    await settle()
    expect(server.sent).toHaveLength(5)

    server.clock.advance(15 * 60 * 1000)
    expect((await requestCode(server.app, ana)).status).toBe(200)
  })

  it('limits an unknown e-mail the same way, so 429 reveals nothing', async () => {
    const stranger = 'ninguem@exemplo.com.br'
    for (let i = 0; i < 5; i++) expect((await requestCode(server.app, stranger)).status).toBe(200)
    expect((await requestCode(server.app, stranger)).status).toBe(429)
  })

  it('limits codes per client address to 30 per 15 minutes, unknown e-mails included', async () => {
    const address = fromAddress('203.0.113.7')
    for (let i = 0; i < 30; i++) {
      const response = await requestCode(server.app, `pessoa${i}@exemplo.com.br`, 'email', address)
      expect(response.status).toBe(200)
    }
    const limited = await requestCode(server.app, ana, 'email', address)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ message: loginMessages.tooManyRequests })
    expect(await countRows(server.db, devOutbox)).toBe(0)
    await settle()
    expect(server.sent).toEqual([])
    // Another address is not affected.
    expect((await requestCode(server.app, ana, 'email', fromAddress('203.0.113.8'))).status).toBe(
      200,
    )
  })

  describe('rejects bad input with 400 and writes nothing', () => {
    it.each([
      [{ send_to: 'email' }, 'Informe o e-mail.'],
      [{ email: '', send_to: 'email' }, 'Informe o e-mail.'],
      [{ email: 42, send_to: 'email' }, 'Informe o e-mail.'],
      [{ email: 'ana', send_to: 'email' }, 'Informe um e-mail válido.'],
      [
        { email: `${'a'.repeat(250)}@x.com`, send_to: 'email' },
        'O e-mail deve ter no máximo 254 caracteres.',
      ],
      [{ email: ana }, 'Escolha receber o código por e-mail ou WhatsApp.'],
      [{ email: ana, send_to: 'sms' }, 'Escolha receber o código por e-mail ou WhatsApp.'],
      [{ email: ana, send_to: 'email', admin: true }, 'Campo não permitido: admin.'],
      [[ana], 'Informe o e-mail.'],
      ['ana@exemplo.com.br', 'Corpo da requisição inválido: envie um objeto JSON.'],
      [null, 'Corpo da requisição inválido: envie um objeto JSON.'],
    ])('generate-code %j', async (body, message) => {
      const response = await postJson(server.app, '/socios-api/client/generate-code', body)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message })
      expect(await countRows(server.db, rateLimits)).toBe(0)
      expect(await countRows(server.db, otpCodes)).toBe(0)
    })

    it.each([
      [{ email: ana }, 'Informe o código.'],
      [{ email: ana, code: 123456 }, 'Informe o código.'],
      [{ email: ana, code: '12345' }, 'O código deve ter 6 dígitos.'],
      [{ email: ana, code: '12345a' }, 'O código deve ter 6 dígitos.'],
      [{ code: '123456' }, 'Informe o e-mail.'],
      [{ email: ana, code: '123456', token: 'x' }, 'Campo não permitido: token.'],
    ])('login %j', async (body, message) => {
      await requestCode(server.app, ana)
      const response = await postJson(server.app, '/socios-api/client/login', body)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message })
      const [stored] = await server.db.select().from(otpCodes)
      expect(stored).toMatchObject({ attempts: 0, usedAt: null })
    })
  })
})
