import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp } from './app'
import { openDatabase } from './db/client'
import { otpCodes, rateLimits } from './db/schema'
import { demoEmails } from './demo/seed'
import {
  backends,
  captureLogs,
  countRows,
  createTestServer,
  fromAddress,
  type TestServer,
} from './testing'

const generateCode = '/socios-api/client/generate-code'
const post = (
  body: RequestInit['body'],
  headers: Record<string, string> = { 'content-type': 'application/json' },
) => ({
  method: 'POST',
  headers,
  body,
})

describe.each(backends)('HTTP behaviour (%s)', (backend) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(backend)
  })
  afterAll(() => server.close())
  beforeEach(() => server.reset())

  async function expectNothingWritten() {
    expect(await countRows(server.db, rateLimits)).toBe(0)
    expect(await countRows(server.db, otpCodes)).toBe(0)
  }

  it('answers the health probe', async () => {
    const response = await server.app.request('/socios-api/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it.each([
    ['GET', '/socios-api/nada'],
    ['POST', '/socios-api/rql/nada'],
    ['GET', '/socios-api'],
    ['GET', '/dev/nada'],
    ['GET', '/sandbox/nada'],
    ['DELETE', '/qualquer-coisa'],
  ])('answers %s %s with 404 JSON', async (method, path) => {
    const response = await server.app.request(path, { method })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Recurso não encontrado.' })
  })

  it('answers malformed JSON with 400 and writes nothing', async () => {
    for (const body of ['{"email": "ana@exemplo.com.br",', '', 'undefined']) {
      const response = await server.app.request(generateCode, post(body))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: 'JSON inválido.' })
    }
    await expectNothingWritten()
  })

  it('answers a body that is not JSON with 415', async () => {
    const form = post('email=ana%40exemplo.com.br&send_to=email', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    for (const init of [form, post('{}', {}), post('{}', { 'content-type': 'text/plain' })]) {
      const response = await server.app.request(generateCode, init)
      expect(response.status).toBe(415)
      expect(await response.json()).toEqual({
        message: 'Envie os dados em JSON (Content-Type: application/json).',
      })
    }
    const charset = await server.app.request(
      generateCode,
      post(JSON.stringify({ email: demoEmails.elisa, send_to: 'email' }), {
        'content-type': 'application/json; charset=utf-8',
      }),
    )
    expect(charset.status).toBe(200)
  })

  it('answers a body over 1 MB with 413 and writes nothing, with or without Content-Length', async () => {
    const body = JSON.stringify({
      email: demoEmails.ana,
      send_to: 'email',
      padding: 'x'.repeat(1024 * 1024),
    })
    const declared = post(body, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    })
    const streamed = post(new Blob([body]).stream(), { 'content-type': 'application/json' })
    for (const init of [declared, { ...streamed, duplex: 'half' } as RequestInit]) {
      const response = await server.app.request(generateCode, init)
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({
        message: 'O corpo da requisição excede o limite de 1 MB.',
      })
    }
    await expectNothingWritten()
  })

  it('validates the outbox query', async () => {
    for (const path of ['/dev/outbox', '/dev/outbox?to=', '/dev/outbox?to=%20']) {
      const response = await server.app.request(path)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: 'Informe o destino (to).' })
    }
  })

  it('answers the outbox only to this machine: never to another address, nor through a proxy', async () => {
    await server.app.request(
      generateCode,
      post(JSON.stringify({ email: demoEmails.ana, send_to: 'email' })),
    )
    const outbox = `/dev/outbox?to=${demoEmails.ana}`
    for (const remote of ['203.0.113.5', '192.168.0.20', '::ffff:10.0.0.7', '2001:db8::1']) {
      const response = await server.app.request(outbox, {}, fromAddress(remote))
      expect(response.status).toBe(403)
      const body = (await response.json()) as { message: string }
      expect(body.message).toMatch(/^Disponível só neste computador/)
      expect(JSON.stringify(body)).not.toMatch(/\d{6}/)
    }
    const proxied = await server.app.request(
      outbox,
      { headers: { 'x-forwarded-for': '203.0.113.5' } },
      fromAddress('127.0.0.1'),
    )
    expect(proxied.status).toBe(403)
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await server.app.request(outbox, {}, fromAddress(local))).status).toBe(200)
    }
  })

  it('limits bodies sent to the sandbox too', async () => {
    const big = 'x'.repeat(1024 * 1024 + 1)
    for (const path of ['/sandbox/pix/abc/pay', '/sandbox/cep', '/sandbox/pix-api/oauth/token']) {
      const response = await server.app.request(
        path,
        post(big, { 'content-type': 'application/json' }),
      )
      expect(response.status).toBe(413)
    }
  })

  it('has no outbox outside demo mode', async () => {
    const app = createApp({
      config: { ...server.config, demo: false },
      db: server.db,
      mail: { send: async () => {} },
      whatsapp: { send: async () => {} },
      logger: server.logger,
    })
    const response = await app.request(`/dev/outbox?to=${demoEmails.ana}`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Recurso não encontrado.' })
  })
})

describe('static app', () => {
  let dist: string
  let app: ReturnType<typeof createApp>
  let handle: Awaited<ReturnType<typeof openDatabase>>
  const logs = captureLogs(true)
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pdt-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal do Titular</title>')
    writeFileSync(join(dist, 'assets', 'app-3f2a1b.js'), 'console.log(1)')
    writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting()')
    writeFileSync(join(dist, 'manifest.webmanifest'), '{}')
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *')
    // The static side never touches the database; a closed one proves errors still come out right.
    handle = await openDatabase({ memory: true })
    await handle.close()
    const server = await import('./config').then(({ loadConfig }) =>
      loadConfig({ STATIC_DIR: dist }),
    )
    app = createApp({
      config: server,
      db: handle.db,
      mail: { send: async () => {} },
      whatsapp: { send: async () => {} },
      logger: logs.logger,
    })
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  it.each([
    ['/assets/app-3f2a1b.js', 'public, max-age=31536000, immutable'],
    ['/sw.js', 'no-cache'],
    ['/manifest.webmanifest', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/', 'no-cache'],
    ['/robots.txt', 'public, max-age=3600'],
  ])('serves %s with Cache-Control %s', async (path, cacheControl) => {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(cacheControl)
  })

  it.each(['/home', '/dependent/3f1c', '/pagamento?code=abc'])(
    'answers the client route %s with index.html',
    async (path) => {
      const response = await app.request(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(await response.text()).toContain('<title>Portal do Titular</title>')
    },
  )

  it('sends the precompressed copy the browser accepts, and the plain file otherwise', async () => {
    const script = `console.log(${JSON.stringify('Portal do Titular '.repeat(200))})`
    const shell = `<!doctype html><title>Portal do Titular</title>${'<p>x</p>'.repeat(300)}`
    writeFileSync(join(dist, 'assets', 'big-1a2b3c.js'), script)
    writeFileSync(join(dist, 'assets', 'big-1a2b3c.js.br'), brotliCompressSync(script))
    writeFileSync(join(dist, 'assets', 'big-1a2b3c.js.gz'), gzipSync(script))
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(shell))
    try {
      const brotli = await app.request('/assets/big-1a2b3c.js', {
        headers: { 'Accept-Encoding': 'gzip, deflate, br' },
      })
      expect(brotli.headers.get('content-encoding')).toBe('br')
      expect(brotli.headers.get('vary')).toContain('Accept-Encoding')
      expect(brotli.headers.get('content-type')).toContain('javascript')
      expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(script)

      const gzip = await app.request('/assets/big-1a2b3c.js', {
        headers: { 'Accept-Encoding': 'gzip' },
      })
      expect(gzip.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script)

      const plain = await app.request('/assets/big-1a2b3c.js')
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(await plain.text()).toBe(script)

      // A client route's shell is index.html (with its preloads, none here), compressed once.
      const route = await app.request('/home', { headers: { 'Accept-Encoding': 'br' } })
      expect(route.headers.get('content-encoding')).toBe('br')
      expect(route.headers.get('content-type')).toContain('text/html')
      expect(route.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(brotliDecompressSync(Buffer.from(await route.arrayBuffer())).toString()).toBe(
        '<!doctype html><title>Portal do Titular</title>',
      )
    } finally {
      rmSync(join(dist, 'index.html.br'))
    }
  })

  it("names a route's screen code in its shell, so it loads alongside the entry", async () => {
    const html = '<!doctype html><head><title>Portal do Titular</title></head><body></body>'
    writeFileSync(join(dist, 'index.html'), html)
    mkdirSync(join(dist, '.vite'), { recursive: true })
    writeFileSync(
      join(dist, '.vite', 'route-preloads.json'),
      JSON.stringify([
        {
          pattern: '^/home/?$',
          modulepreload: ['/assets/home-1.js', '/assets/db-2.js'],
          stylesheets: ['/assets/home-3.css'],
        },
        { pattern: '^/dependent/[^/]+/?$', modulepreload: ['/assets/id-4.js'], stylesheets: [] },
      ]),
    )
    try {
      const home = await (await app.request('/home')).text()
      expect(home).toBe(
        '<!doctype html><head><title>Portal do Titular</title>' +
          '<link rel="preload" as="style" crossorigin href="/assets/home-3.css">' +
          '<link rel="modulepreload" crossorigin href="/assets/home-1.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/db-2.js"></head><body></body>',
      )
      const dependent = await app.request('/dependent/3f1c', {
        headers: { 'Accept-Encoding': 'gzip' },
      })
      expect(dependent.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(Buffer.from(await dependent.arrayBuffer())).toString()).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/id-4.js">',
      )
      // A path no route matches gets the plain shell.
      expect(await (await app.request('/sem-rota')).text()).toBe(html)
    } finally {
      rmSync(join(dist, '.vite', 'route-preloads.json'))
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal do Titular</title>')
    }
  })

  it('keeps build metadata private', async () => {
    mkdirSync(join(dist, '.vite'), { recursive: true })
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{"index.html":{}}')
    const response = await app.request('/.vite/manifest.json')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Recurso não encontrado.' })
  })

  it('answers a missing file with 404, not the app shell', async () => {
    const response = await app.request('/assets/app-000000.js')
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBeNull()
  })

  it('answers 500 with the generic message when the database fails, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await app.request(
      generateCode,
      post(JSON.stringify({ email: demoEmails.ana, send_to: 'email' })),
    )
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      message: 'Erro interno. Tente novamente em instantes.',
    })
    expect(log).toHaveBeenCalled()
    log.mockRestore()
    const failure = logs.records.find((record) => record.msg.includes('falhou'))
    expect(failure).toMatchObject({
      level: 'error',
      msg: `[api] POST ${generateCode} falhou`,
      requestId: response.headers.get('x-request-id'),
      err: { message: expect.any(String), stack: expect.any(String) },
    })
  })

  it('asks for a build when there is none, while the API keeps working', async () => {
    const { loadConfig } = await import('./config')
    const bare = createApp({
      config: loadConfig({ STATIC_DIR: join(dist, 'nao-existe') }),
      db: handle.db,
      mail: { send: async () => {} },
      whatsapp: { send: async () => {} },
      logger: logs.logger,
    })
    const response = await bare.request('/home')
    expect(response.status).toBe(503)
    expect(await response.text()).toBe('Execute npm run build')
    expect((await bare.request('/socios-api/health')).status).toBe(200)
  })
})
