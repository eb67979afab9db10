/**
 * The request id and the per-request log line: the id comes back on every answer, tags every
 * line logged for that request (after the answer too), and the line names the route pattern,
 * never the path or query.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { demoEmails, demoIds } from '../demo/seed'
import {
  backends,
  bearer,
  createTestServer,
  loginAs,
  requestCode,
  settle,
  type TestServer,
} from '../testing'
import { requestLine } from './request-log'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const withId = (requestId: string) => ({ headers: { 'x-request-id': requestId } })

describe.each(backends)('request log (%s)', (backend) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(backend, {
      // Delivery fails after the answer: its error line must still carry the request's id.
      whatsappAdapter: {
        send: async () => {
          throw new Error('provedor fora do ar')
        },
      },
    })
  })
  afterAll(() => server.close())
  beforeEach(() => server.reset())

  const requestLines = () => server.records.filter((record) => record.msg === requestLine)

  it('answers with the caller’s X-Request-Id when it looks like one', async () => {
    for (const id of ['abc', 'lb-7f3a.9_x', 'x'.repeat(64)]) {
      const response = await server.app.request('/socios-api/health', withId(id))
      expect(response.headers.get('x-request-id')).toBe(id)
    }
  })

  it('makes a new id when there is none or it does not look like one', async () => {
    const sent = ['', 'x'.repeat(65), 'a b', 'a"b', 'ação', '<script>', 'a\tb']
    const seen = new Set<string>()
    for (const id of [undefined, ...sent]) {
      const response = await server.app.request(
        '/socios-api/health',
        id === undefined ? {} : withId(id),
      )
      const answered = response.headers.get('x-request-id') ?? ''
      expect(answered).toMatch(uuid)
      seen.add(answered)
    }
    expect(seen.size).toBe(sent.length + 1)
  })

  it('carries the id on errors, 404s and refused sessions too', async () => {
    for (const [path, status] of [
      ['/socios-api/nada', 404],
      ['/socios-api/client/contracts', 401],
    ] as const) {
      const response = await server.app.request(path, withId(`id-${status}`))
      expect(response.status).toBe(status)
      expect(response.headers.get('x-request-id')).toBe(`id-${status}`)
    }
  })

  it('logs one line per request: method, route pattern, status, duration and id', async () => {
    const token = await loginAs(server.app, demoEmails.ana)
    server.records.length = 0
    const path = `/socios-api/client/contract/${demoIds.ana.contract}`
    const read = await server.app.request(path, {
      headers: { ...bearer(token).headers, 'x-request-id': 'leitura-1' },
    })
    expect(read.status).toBe(200)
    const refused = await server.app.request(path, withId('sem-sessao'))
    expect(refused.status).toBe(401)
    await server.app.request('/socios-api/nada/123?to=ana@exemplo.com.br', {
      method: 'POST',
      ...withId('perdido'),
    })

    expect(requestLines()).toEqual([
      {
        level: 'info',
        time: expect.any(String),
        pid: process.pid,
        hostname: expect.any(String),
        requestId: 'leitura-1',
        method: 'GET',
        route: '/socios-api/client/contract/:id',
        status: 200,
        durationMs: expect.any(Number),
        msg: requestLine,
      },
      // A middleware answered (no session): the line names the route it stood in front of.
      expect.objectContaining({
        requestId: 'sem-sessao',
        route: '/socios-api/client/contract/:id',
        status: 401,
      }),
      expect.objectContaining({ requestId: 'perdido', route: 'unmatched', status: 404 }),
    ])
    // Neither the contract id of the path nor the query reach the log.
    const logged = JSON.stringify(server.records)
    expect(logged).not.toContain(demoIds.ana.contract)
    expect(logged).not.toContain('ana@exemplo.com.br')
    expect(logged).not.toContain(token)
  })

  it('tags every line logged for a request with its id, after the answer too', async () => {
    // The delivery failure is expected; captureLogs would also print it.
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    const email = await server.app.request('/socios-api/client/generate-code', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'codigo-email' },
      body: JSON.stringify({ email: demoEmails.ana, send_to: 'email' }),
    })
    expect(email.status).toBe(200)
    const whatsapp = await requestCode(server.app, demoEmails.bruno, 'cellphone')
    const whatsappId = whatsapp.headers.get('x-request-id')
    await settle()
    await settle()

    const codeLine = server.records.find((record) => record.msg.startsWith('[demo] código'))
    expect(codeLine?.requestId).toBe('codigo-email')
    const deliveryFailure = server.records.find((record) => record.level === 'error')
    expect(deliveryFailure).toMatchObject({
      requestId: whatsappId,
      msg: expect.stringContaining('[login] falha ao enviar o código'),
      err: { message: 'provedor fora do ar' },
    })
    // Lines logged outside any request carry no id.
    server.logger.info('fora de uma requisição')
    expect(server.records.at(-1)).not.toHaveProperty('requestId')
  })
})
