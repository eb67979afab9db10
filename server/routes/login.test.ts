import { jwtVerify } from 'jose'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contractList } from '../../contract/contracts'
import { otpCodes } from '../db/schema'
import { devOutbox } from '../demo/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { loginMessages } from '../services/login'
import {
  backends,
  bearer,
  countRows,
  fromAddress,
  outboxCode,
  postJson,
  requestCode,
  settle,
  type TestServer,
} from '../testing'
import { useTestServer } from '../testing/hooks'

const ana = demoEmails.ana
const login = (server: TestServer, email: string, code: string, env?: unknown) =>
  postJson(server.app, '/socios-api/client/login', { email, code }, env)
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe.each(backends)('login (%s)', (backend) => {
  const { server } = useTestServer(backend, { resetEachTest: true })

  it('sends a code by e-mail and trades it for a working session token', async () => {
    const response = await requestCode(server.app, ana, 'email')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ message: loginMessages.codeByEmail })

    const outbox = await server.app.request(`/dev/outbox?to=${ana}`)
    const message = (await outbox.json()) as Record<string, string>
    expect(message).toMatchObject({
      to: ana,
      channel: 'email',
      code: expect.stringMatching(/^\d{6}$/),
    })
    expect(message.text).toBe(
      `Seu código de acesso ao Portal do Titular é ${message.code}. Ele vale por 5 minutos. Não compartilhe este código.`,
    )
    expect(server.logs).toEqual([`[demo] código ${message.code} enviado para ${ana} por e-mail`])
    await settle()
    expect(server.sent).toEqual([
      { channel: 'email', to: ana, subject: expect.any(String), text: message.text },
    ])
    // Only a hash is stored, never the code.
    const [stored] = await server.db.select().from(otpCodes)
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(message.code)

    const loggedIn = await login(server, ana, message.code as string)
    expect(loggedIn.status).toBe(200)
    const { token } = (await loggedIn.json()) as { token: string }
    const { payload, protectedHeader } = await jwtVerify(
      token,
      new TextEncoder().encode(await server.secret()),
      { issuer: 'portal-do-titular', audience: 'portal-do-titular-app' },
    )
    expect(protectedHeader.alg).toBe('HS256')
    expect(payload).toMatchObject({ sub: demoIds.ana.person, email: ana })
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(server.config.tokenTtlSeconds)

    const contracts = await server.app.request('/socios-api/client/contracts', bearer(token))
    expect(contracts.status).toBe(200)
    const list = v.parse(contractList, await contracts.json())
    expect(list.map((contract) => contract.id)).toEqual([demoIds.ana.contract])
  })

  it('sends a code by WhatsApp to the mobile on file', async () => {
    const response = await requestCode(server.app, ana, 'cellphone')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ message: loginMessages.codeByWhatsApp })

    const code = await outboxCode(server.app, '+5511987654321')
    expect(server.logs).toEqual([`[demo] código ${code} enviado para +5511987654321 por WhatsApp`])
    expect(await outboxCode(server.app, '(11) 98765-4321')).toBe(code)
    expect(await outboxCode(server.app, ana)).toBe(code)
    await settle()
    expect(server.sent).toEqual([
      { channel: 'whatsapp', to: '+5511987654321', text: expect.stringContaining(code) },
    ])
    expect((await login(server, ana, code)).status).toBe(200)
  })

  it('reads the e-mail case- and space-insensitively', async () => {
    expect((await requestCode(server.app, '  ANA@Exemplo.com.br ')).status).toBe(200)
    const code = await outboxCode(server.app, ana)
    expect((await login(server, ' Ana@EXEMPLO.com.br', code)).status).toBe(200)
  })

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    for (const channel of ['email', 'cellphone'] as const) {
      const known = await requestCode(server.app, demoEmails.bruno, channel)
      const unknown = await requestCode(server.app, 'ninguem@exemplo.com.br', channel)
      expect(unknown.status).toBe(known.status)
      expect(await unknown.json()).toEqual(await known.json())
    }
    await settle()
    expect(server.sent.map((message) => message.to)).toEqual([demoEmails.bruno, '+5521998765432'])
    expect(await countRows(server.db, devOutbox)).toBe(2)
    // A code is stored for the unknown e-mail too (same work, same time), and never sent.
    expect(await countRows(server.db, otpCodes)).toBe(4)
    const outbox = await server.app.request('/dev/outbox?to=ninguem@exemplo.com.br')
    expect(outbox.status).toBe(404)
    expect(await outbox.json()).toEqual({ message: 'Nenhuma mensagem para este destino.' })
  })

  it('rejects a wrong code without spending the right one', async () => {
    await requestCode(server.app, ana)
    const code = await outboxCode(server.app, ana)
    const wrong = await login(server, ana, wrongCodeFor(code))
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ message: 'Código inválido ou expirado.' })
    expect((await login(server, ana, code)).status).toBe(200)
  })

  it('rejects an expired code', async () => {
    await requestCode(server.app, ana)
    const code = await outboxCode(server.app, ana)
    server.clock.advance(server.config.otpTtlSeconds * 1000 + 1)
    const response = await login(server, ana, code)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Código inválido ou expirado.' })
  })

  it('accepts a code only once', async () => {
    await requestCode(server.app, ana)
    const code = await outboxCode(server.app, ana)
    expect((await login(server, ana, code)).status).toBe(200)
    const again = await login(server, ana, code)
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ message: 'Código inválido ou expirado.' })
  })

  it('gives one token when the same code is sent twice at once', async () => {
    await requestCode(server.app, ana)
    const code = await outboxCode(server.app, ana)
    const answers = await Promise.all([login(server, ana, code), login(server, ana, code)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
  })

  it('kills a code after 25 wrong tries in all, even for the right code', async () => {
    await requestCode(server.app, ana)
    const code = await outboxCode(server.app, ana)
    // Five addresses, five wrong tries each: the most one address may make in 15 minutes.
    for (let address = 0; address < 5; address++) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const wrong = await login(
          server,
          ana,
          wrongCodeFor(code),
          fromAddress(`198.51.100.${address}`),
        )
        expect(wrong.status).toBe(400)
      }
    }
    const right = await login(server, ana, code, fromAddress('203.0.113.50'))
    expect(right.status).toBe(400)
    expect(await right.json()).toEqual({ message: 'Código inválido ou expirado.' })
    const [stored] = await server.db.select().from(otpCodes)
    expect(stored?.attempts).toBe(25)
    expect(stored?.usedAt).toBeNull()
  })

  it('lets a new code replace the previous one', async () => {
    await requestCode(server.app, ana)
    const first = await outboxCode(server.app, ana)
    await requestCode(server.app, ana)
    const second = await outboxCode(server.app, ana)
    if (first !== second) expect((await login(server, ana, first)).status).toBe(400)
    expect((await login(server, ana, second)).status).toBe(200)
  })

  it('answers a login for an e-mail without codes or account with the same 400', async () => {
    for (const email of [ana, 'ninguem@exemplo.com.br']) {
      const response = await login(server, email, '123456')
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: 'Código inválido ou expirado.' })
    }
  })
})
