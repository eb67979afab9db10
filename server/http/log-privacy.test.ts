/**
 * Outside demo mode the logs hold no personal data (docs/design.md §6): a whole login, a session's
 * reads and a registration save leave no e-mail, phone, CPF, name, code or token behind, even
 * when a provider's error names the recipient. The console stand-ins for mail and WhatsApp
 * print neither address nor text there; in demo mode they still say to whom.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSandboxMail } from '../adapters/mail/sandbox'
import { createSandboxWhatsApp } from '../adapters/whatsapp/sandbox'
import { demoEmails, demoIds } from '../demo/seed'
import {
  backends,
  bearer,
  captureLogs,
  createTestServer,
  postJson,
  requestCode,
  settle,
  type TestServer,
} from '../testing'
import { holderSave, paths, postSave, readContract } from '../testing/registration'

const bruno = { phone: '+5521998765432', digits: '21998765432' }

describe.each(backends)('no personal data in the logs outside demo mode (%s)', (backend) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(backend, {
      demo: false,
      // A provider refusal that names the recipient, as SMTP servers do.
      whatsappAdapter: {
        send: async ({ to }) => {
          throw new Error(`Recipient rejected: ${to} (${demoEmails.bruno})`)
        },
      },
    })
  })
  afterAll(() => server.close())

  it('logs a login, reads and a save without e-mails, phones, CPFs, codes or tokens', async () => {
    const ana = demoEmails.ana
    expect((await requestCode(server.app, ana)).status).toBe(200)
    await settle()
    const code = /\b(\d{6})\b/.exec(server.sent[0]?.text ?? '')?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const login = (tried: string) =>
      postJson(server.app, '/socios-api/client/login', { email: ana, code: tried })
    expect((await login(wrong)).status).toBe(400)
    const loggedIn = await login(code)
    expect(loggedIn.status).toBe(200)
    const { token } = (await loggedIn.json()) as { token: string }
    expect((await server.app.request('/socios-api/client/contracts', bearer(token))).status).toBe(
      200,
    )
    const contract = await readContract(server.app, token, demoIds.ana.contract)
    const saved = await postSave(server.app, paths.holder, token, holderSave(contract))
    expect(saved.status).toBe(200)
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect((await requestCode(server.app, demoEmails.bruno, 'cellphone')).status).toBe(200)
    await settle()
    await vi.waitFor(() => expect(log).toHaveBeenCalled())
    log.mockRestore()

    const logged = JSON.stringify(server.records)
    // Something was logged: a line per request and the failed delivery, masked.
    expect(server.records.length).toBeGreaterThanOrEqual(7)
    const failure = server.records.find((record) => record.level === 'error')
    expect(failure?.msg).toBe(
      `[login] falha ao enviar o código para pessoa ${demoIds.bruno.person}`,
    )
    expect(failure?.err).toMatchObject({
      message: 'Recipient rejected: [telefone] ([e-mail])',
    })
    for (const secret of [
      ana,
      demoEmails.bruno,
      'exemplo.com.br',
      code,
      wrong,
      token,
      'Bearer',
      bruno.phone,
      bruno.digits,
      '11987654321',
      '52998224725',
      'Ana Paula',
      'Souza',
    ]) {
      expect(logged, secret).not.toContain(secret)
    }
  })
})

describe('the console stand-ins for mail and WhatsApp', () => {
  const message = { to: 'ana@exemplo.com.br', subject: 'Seu código', text: 'Código 123456' }
  const phoneMessage = { to: '+5511987654321', text: 'Código 123456' }

  it('outside demo mode say only that a message was dropped', async () => {
    const { logger, records } = captureLogs(false)
    await createSandboxMail(logger, { demo: false }).send(message)
    await createSandboxWhatsApp(logger, { demo: false }).send(phoneMessage)
    expect(records.map((record) => [record.level, record.msg])).toEqual([
      ['warn', '[e-mail sandbox] SMTP_URL não definido: e-mail "Seu código" não enviado'],
      ['warn', '[WhatsApp sandbox] WHATSAPP_API_URL não definido: mensagem não enviada'],
    ])
  })

  it('in demo mode say to whom, the code being on the dev outbox line', async () => {
    const { logger, records } = captureLogs(true)
    await createSandboxMail(logger, { demo: true }).send(message)
    await createSandboxWhatsApp(logger, { demo: true }).send(phoneMessage)
    expect(records.map((record) => record.msg)).toEqual([
      '[e-mail sandbox] para ana@exemplo.com.br: Seu código',
      '[WhatsApp sandbox] para +5511987654321',
    ])
  })
})
