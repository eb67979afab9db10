/** Abuse limits and input validation of the login routes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { otpCodes, rateLimits } from '../db/schema'
import { devOutbox } from '../demo/schema'
import { demoEmails } from '../demo/seed'
import { loginMessages } from '../services/login'
import {
  backends,
  countRows,
  createTestServer,
  fromAddress,
  outboxCode,
  postJson,
  requestCode,
  settle,
  type TestServer,
} from '../testing'
import { useTestServer } from '../testing/hooks'

const ana = demoEmails.ana

describe.each(backends)('login limits and validation (%s)', (backend) => {
  const { server } = useTestServer(backend, { resetEachTest: true })

  const WINDOW = 15 * 60 * 1000
  const login = (email: string, code: string, env?: unknown) =>
    postJson(server.app, '/socios-api/client/login', { email, code }, env)
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it('limits codes per e-mail to 5 per 15 minutes from one address, with Retry-After', async () => {
    const attacker = fromAddress('198.51.100.1')
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(server.app, ana, 'email', attacker)).status).toBe(200)
    }
    const limited = await requestCode(server.app, ana, 'email', attacker)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({
      message: 'Muitas solicitações de código. Aguarde alguns minutos e tente novamente.',
    })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(2 * WINDOW)
    expect(await countRows(server.db, otpCodes)).toBe(5)
    expect(await countRows(server.db, devOutbox)).toBe(5)
    await settle()
    expect(server.sent).toHaveLength(5)

    // Someone else's requests never use up the owner's: Ana still gets a code from her phone.
    expect((await requestCode(server.app, ana, 'email', fromAddress('203.0.113.9'))).status).toBe(
      200,
    )
    // Waiting what Retry-After said is enough.
    server.clock.advance(retryAfter * 1000)
    expect((await requestCode(server.app, ana, 'email', attacker)).status).toBe(200)
  })

  it('bounds the codes one e-mail receives from every address to 20 an hour', async () => {
    for (let i = 0; i < 20; i++) {
      const address = fromAddress(`198.51.100.${Math.floor(i / 5)}`)
      expect((await requestCode(server.app, ana, 'email', address)).status).toBe(200)
    }
    const limited = await requestCode(server.app, ana, 'email', fromAddress('198.51.100.200'))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    await settle()
    expect(server.sent).toHaveLength(20)
  })

  it('lets no burst through at the edge of a window', async () => {
    const attacker = fromAddress('198.51.100.1')
    // One second before a window ends, then one second after: a fixed window let 10 through.
    const now = server.clock.now().getTime()
    server.clock.advance(WINDOW - (now % WINDOW) - 1000)
    for (let i = 0; i < 5; i++) await requestCode(server.app, ana, 'email', attacker)
    server.clock.advance(2000)
    expect((await requestCode(server.app, ana, 'email', attacker)).status).toBe(429)

    const code = await outboxCode(server.app, ana)
    server.clock.advance(WINDOW - (server.clock.now().getTime() % WINDOW) - 1000)
    for (let i = 0; i < 5; i++) {
      expect((await login(ana, wrongCodeFor(code), attacker)).status).toBe(400)
    }
    server.clock.advance(2000)
    expect((await login(ana, wrongCodeFor(code), attacker)).status).toBe(429)
  })

  it('stops guessing from one address at 5 wrong codes per account, while the owner logs in from hers', async () => {
    await requestCode(server.app, ana, 'email', fromAddress('203.0.113.9'))
    const code = await outboxCode(server.app, ana)
    const attacker = fromAddress('198.51.100.1')
    for (let i = 0; i < 5; i++) {
      expect((await login(ana, wrongCodeFor(code), attacker)).status).toBe(400)
    }
    const limited = await login(ana, code, attacker)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(((await limited.json()) as { message: string }).message).toMatch(
      /^Muitas tentativas com código inválido\. Aguarde \d+ minutos? e tente novamente\.$/,
    )
    // The attacker's wrong tries did not burn Ana's code.
    const owner = await login(ana, code, fromAddress('203.0.113.9'))
    expect(owner.status).toBe(200)
  })

  it('stops one address guessing across many accounts', async () => {
    const attacker = fromAddress('198.51.100.1')
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      statuses.push((await login(`pessoa${i}@exemplo.com.br`, '123456', attacker)).status)
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true)
    expect(statuses[30]).toBe(429)
    // Another address is not affected.
    expect((await login(ana, '123456', fromAddress('198.51.100.2'))).status).toBe(400)
  })

  it('allows about 100 wrong codes per account a day, and the owner from a clean address still logs in', async () => {
    let failures = 0
    for (let address = 0; address < 25; address++) {
      for (let i = 0; i < 5; i++) {
        const answer = await login(ana, '000000', fromAddress(`198.51.100.${address}`))
        if (answer.status === 400) failures++
      }
      server.clock.advance(60_000)
    }
    // 100, then one try for each address that had not failed yet (5 of them); without the
    // daily limit all 125 would have been tried.
    expect(failures).toBeGreaterThanOrEqual(100)
    expect(failures).toBeLessThanOrEqual(105)
    // Past the daily limit an address that already failed today is refused at once…
    const again = await login(ana, '000000', fromAddress('198.51.100.24'))
    expect(again.status).toBe(429)
    // …while Ana, from an address with no failure, asks a fresh code and logs in.
    const home = fromAddress('203.0.113.9')
    expect((await requestCode(server.app, ana, 'email', home)).status).toBe(200)
    expect((await login(ana, await outboxCode(server.app, ana), home)).status).toBe(200)
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

describe.each(backends)('login limits behind a proxy (%s)', (backend) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(backend, { trustProxy: 1 })
  })
  afterAll(() => server.close())

  it('counts the address the proxy saw: a forged X-Forwarded-For does not reset the limit', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      // The attacker writes a new left-most entry each time; our proxy appends what it saw.
      const headers = {
        'content-type': 'application/json',
        'x-forwarded-for': `6.6.6.${i}, 198.51.100.1`,
      }
      const response = await server.app.request(
        '/socios-api/client/login',
        { method: 'POST', headers, body: JSON.stringify({ email: ana, code: '000000' }) },
        fromAddress('10.0.0.1'),
      )
      statuses.push(response.status)
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429])
  })
})
