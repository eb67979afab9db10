/**
 * The real adapters end to end through the app: a code mail to a real SMTP server (smtp-server)
 * and a WhatsApp message to a real local HTTP server.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../config'
import { demoEmails } from '../demo/seed'
import { silentLogger } from '../logger'
import { backends, createTestServer, outboxCode, requestCode, type TestServer } from '../testing'
import { startSmtpServer } from '../testing/smtp'
import { createMailAdapter } from './mail/index'
import { createWhatsAppAdapter } from './whatsapp/index'

interface ReceivedRequest {
  method: string
  authorization: string | undefined
  contentType: string | undefined
  body: unknown
}

function startWhatsAppApi(status: () => number) {
  const requests: ReceivedRequest[] = []
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      })
      response.writeHead(status(), { 'content-type': 'application/json' }).end('{}')
    })
  })
  return new Promise<{ server: Server; url: string; requests: ReceivedRequest[] }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ server, url: `http://127.0.0.1:${port}/messages`, requests })
    })
  })
}

describe.each(backends.slice(0, 1))('delivery adapters (%s)', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let whatsappApi: Awaited<ReturnType<typeof startWhatsAppApi>>
  let apiStatus = 200
  let server: TestServer

  beforeAll(async () => {
    smtp = await startSmtpServer()
    whatsappApi = await startWhatsAppApi(() => apiStatus)
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Clube Exemplo <codigos@clube.example>',
      WHATSAPP_API_URL: whatsappApi.url,
      WHATSAPP_TOKEN: 'token-de-teste',
    }
    const config = loadConfig(env)
    server = await createTestServer(backend, {
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      whatsapp: config.whatsapp,
      mailAdapter: createMailAdapter(config, silentLogger()),
      whatsappAdapter: createWhatsAppAdapter(config, silentLogger()),
    })
  })
  afterAll(async () => {
    await server.close()
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()))
    await new Promise<void>((resolve) => whatsappApi.server.close(() => resolve()))
  })

  it('delivers the code mail to a real SMTP server', async () => {
    expect((await requestCode(server.app, demoEmails.ana, 'email')).status).toBe(200)
    const code = await outboxCode(server.app, demoEmails.ana)
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 10_000 })
    const [mail] = smtp.mails
    expect(mail?.from).toBe('codigos@clube.example')
    expect(mail?.to).toEqual([demoEmails.ana])
    expect(mail?.raw).toMatch(/^To: ana@exemplo\.com\.br$/m)
    expect(mail?.raw).toContain(code)
  })

  it('delivers the code to the WhatsApp API with the Bearer token', async () => {
    expect((await requestCode(server.app, demoEmails.bruno, 'cellphone')).status).toBe(200)
    const code = await outboxCode(server.app, demoEmails.bruno)
    await vi.waitFor(() => expect(whatsappApi.requests).toHaveLength(1), { timeout: 10_000 })
    expect(whatsappApi.requests[0]).toEqual({
      method: 'POST',
      authorization: 'Bearer token-de-teste',
      contentType: 'application/json',
      body: { to: '+5521998765432', text: expect.stringContaining(code) },
    })
  })

  it('still answers 200 when the WhatsApp API fails, and logs the failure', async () => {
    apiStatus = 503
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const response = await requestCode(server.app, demoEmails.carla, 'cellphone')
      expect(response.status).toBe(200)
      const failed = () => server.records.find((record) => record.level === 'error')
      await vi.waitFor(() => expect(failed()).toBeDefined(), { timeout: 10_000 })
      // Demo mode names the number; the request's id ties the line to the request.
      expect(failed()?.msg).toContain('+5531991234567')
      expect(failed()?.requestId).toBe(response.headers.get('x-request-id'))
    } finally {
      log.mockRestore()
      apiStatus = 200
    }
  })
})
