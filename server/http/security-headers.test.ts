import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { demoEmails, demoIds, demoPaymentLinks } from '../demo/seed'
import { termHtmlPolicy } from '../services/term-html'
import {
  backends,
  bearer,
  captureLogs,
  createTestServer,
  loginAs,
  postJson,
  requestCode,
  type TestServer,
} from '../testing'
import {
  contentSecurityPolicy,
  permissionsPolicy,
  strictTransportSecurity,
} from './security-headers'

const expected = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': permissionsPolicy,
  'x-frame-options': 'DENY',
}

function expectSecurityHeaders(response: Response, csp = contentSecurityPolicy) {
  for (const [name, value] of Object.entries({
    ...expected,
    'content-security-policy': csp,
  })) {
    expect(response.headers.get(name), name).toBe(value)
  }
}

describe('the policies', () => {
  it('follow docs/design.md §6: own scripts only, no plugins, no framing', () => {
    const directives = contentSecurityPolicy.split('; ')
    expect(directives).toContain("script-src 'self'")
    expect(directives).toContain("object-src 'none'")
    expect(directives).toContain("frame-ancestors 'none'")
    expect(contentSecurityPolicy).not.toContain('unsafe-eval')
    expect(directives.find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline')
  })

  it('allow the camera for the app itself only, and no microphone or location', () => {
    const features = permissionsPolicy.split(', ')
    expect(features).toContain('camera=(self)')
    expect(features).toContain('microphone=()')
    expect(features).toContain('geolocation=()')
  })
})

describe.each(backends)('security headers on every answer (%s)', (backend) => {
  let server: TestServer
  let dist: string
  let token: string
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pdt-headers-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal do Titular</title>')
    writeFileSync(join(dist, 'assets', 'app-3f2a1b.js'), 'console.log(1)')
    writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting()')
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *')
    // The copies the build compresses (scripts/build-compress.ts).
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync('<!doctype html>'))
    writeFileSync(join(dist, 'assets', 'app-3f2a1b.js.gz'), gzipSync('console.log(1)'))
    // One code per e-mail, so a second request answers 429.
    server = await createTestServer(backend, { staticDir: dist, otpLimitPerDestination: 1 })
    token = await loginAs(server.app, demoEmails.ana)
  })
  afterAll(async () => {
    await server.close()
    rmSync(dist, { recursive: true, force: true })
  })

  const authed = (path: string, init: RequestInit = {}) =>
    server.app.request(path, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    })
  const json = { 'content-type': 'application/json' }
  const brotli = { headers: { 'accept-encoding': 'br' } }
  const gzip = { headers: { 'accept-encoding': 'gzip' } }
  const huge = JSON.stringify({ email: demoEmails.ana, padding: 'x'.repeat(1024 * 1024) })

  const cases: [string, number, () => Response | Promise<Response>][] = [
    ['health', 200, () => server.app.request('/socios-api/health')],
    ['contract read', 200, () => authed(`/socios-api/client/contract/${demoIds.ana.contract}`)],
    ['contract list', 200, () => authed('/socios-api/client/contracts')],
    [
      'instalments',
      200,
      () => authed(`/socios-api/client/contract/payment-orders/${demoIds.ana.contract}`),
    ],
    [
      'adhesion term (text)',
      200,
      () => authed(`/socios-api/client/view-contract/${demoIds.ana.contract}`),
    ],
    ['pass keys', 200, () => server.app.request('/socios-api/.well-known/jwks.json')],
    [
      'payment link',
      200,
      () => server.app.request(`/socios-api/checkout/payment-link?code=${demoPaymentLinks.b2b}`),
    ],
    ['no session', 401, () => server.app.request('/socios-api/client/contracts')],
    ['bad session', 401, () => server.app.request('/socios-api/client/contracts', bearer('x.y.z'))],
    [
      'not yours',
      404,
      () => authed(`/socios-api/client/contract/${demoIds.bruno.active.contract}`),
    ],
    ['unknown API route', 404, () => server.app.request('/socios-api/nada')],
    ['unknown method', 404, () => server.app.request('/socios-api/health', { method: 'DELETE' })],
    [
      'invalid JSON',
      400,
      () =>
        server.app.request('/socios-api/client/login', {
          method: 'POST',
          headers: json,
          body: '{',
        }),
    ],
    ['invalid body', 400, () => postJson(server.app, '/socios-api/client/login', { email: 1 })],
    [
      'not JSON',
      415,
      () => server.app.request('/socios-api/client/login', { method: 'POST', body: 'a=1' }),
    ],
    [
      'over 1 MB',
      413,
      () =>
        server.app.request('/socios-api/client/generate-code', {
          method: 'POST',
          headers: json,
          body: huge,
        }),
    ],
    [
      'too many codes',
      429,
      async () => {
        await requestCode(server.app, demoEmails.elisa)
        return requestCode(server.app, demoEmails.elisa)
      },
    ],
    [
      'idempotency key missing',
      400,
      () =>
        authed('/socios-api/client/photo-holder', { method: 'POST', headers: json, body: '{}' }),
    ],
    ['unknown link', 404, () => server.app.request('/socios-api/checkout/payment-link?code=NADA')],
    [
      'dev outbox',
      200,
      async () => {
        await requestCode(server.app, demoEmails.bruno)
        return server.app.request(`/dev/outbox?to=${demoEmails.bruno}`)
      },
    ],
    ['dev outbox without destination', 400, () => server.app.request('/dev/outbox')],
    ['dev unknown', 404, () => server.app.request('/dev/nada')],
    ['sandbox postal code', 200, () => server.app.request('/sandbox/cep/01310-100/json')],
    ['sandbox bad postal code', 400, () => server.app.request('/sandbox/cep/abc/json')],
    [
      'sandbox tokenizer without company',
      401,
      () => server.app.request('/sandbox/gateway/v1/token', { method: 'POST' }),
    ],
    [
      'sandbox unknown Pix',
      404,
      () => server.app.request('/sandbox/pix/nada/pay', { method: 'POST' }),
    ],
    ['app shell', 200, () => server.app.request('/')],
    ['SPA fallback', 200, () => server.app.request('/home')],
    ['hashed asset', 200, () => server.app.request('/assets/app-3f2a1b.js')],
    ['service worker', 200, () => server.app.request('/sw.js')],
    ['compressed app shell', 200, () => server.app.request('/home', brotli)],
    ['compressed asset', 200, () => server.app.request('/assets/app-3f2a1b.js', gzip)],
    ['other static file', 200, () => server.app.request('/robots.txt')],
    ['missing asset', 404, () => server.app.request('/assets/app-000000.js')],
    ['non-GET outside the API', 404, () => server.app.request('/home', { method: 'POST' })],
  ]

  it.each(cases)('%s (%i)', async (label, status, send) => {
    const response = await send()
    expect(response.status).toBe(status)
    if (label.startsWith('compressed'))
      expect(response.headers.get('content-encoding')).toBeTruthy()
    expectSecurityHeaders(response)
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  it('keeps the stricter CSP of the purchase terms HTML, with the other headers', async () => {
    const response = await authed(`/socios-api/client/term/contract?id=${demoIds.ana.contract}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expectSecurityHeaders(response, termHtmlPolicy(server.config.brand.colors.primary))
  })

  it('answers a registration save over 8 MB with 413 and the headers', async () => {
    const response = await authed('/socios-api/client/photo-holder', {
      method: 'POST',
      headers: { ...json, 'idempotency-key': 'k1' },
      body: JSON.stringify({ padding: 'x'.repeat(9 * 1024 * 1024) }),
    })
    expect(response.status).toBe(413)
    expectSecurityHeaders(response)
  })

  describe('headers that follow the configuration', () => {
    const appWith = (env: Record<string, string>) =>
      createApp({
        config: { ...loadConfig(env), demo: true, staticDir: dist },
        db: server.db,
        mail: { send: async () => {} },
        whatsapp: { send: async () => {} },
        logger: server.logger,
      })
    const sample: [string, RequestInit?][] = [
      ['/socios-api/health'],
      ['/socios-api/client/contracts'],
      ['/socios-api/nada'],
      ['/socios-api/client/login', { method: 'POST', headers: json, body: '{' }],
      ['/dev/outbox'],
      ['/sandbox/cep/abc/json'],
      ['/'],
      ['/home'],
      ['/assets/app-3f2a1b.js'],
    ]

    it('the CSP lets the browser reach a tokenizer or CEP service on another host', async () => {
      const app = appWith({
        VITE_API_BASE: '/socios-api',
        VITE_GATEWAY_URL: 'https://pagamentos.exemplo.com/api',
        VITE_CEP_URL: 'https://viacep.com.br/ws',
      })
      for (const [path, init] of sample) {
        const policy = (await app.request(path, init)).headers.get('content-security-policy')
        expect(policy, path).toContain(
          "connect-src 'self' data: blob: https://pagamentos.exemplo.com https://viacep.com.br;",
        )
        expect(policy, path).toContain("script-src 'self';")
      }
      const plain = (await appWith({}).request('/home')).headers.get('content-security-policy')
      expect(plain).toContain("connect-src 'self' data: blob:;")
    })

    it('HSTS is sent on every answer when PUBLIC_URL is https', async () => {
      const app = appWith({ PUBLIC_URL: 'https://portal.exemplo.com.br' })
      for (const [path, init] of sample) {
        const response = await app.request(path, init)
        expect(response.headers.get('strict-transport-security'), path).toBe(
          strictTransportSecurity,
        )
        expectSecurityHeaders(response)
      }
    })

    it.each([
      ['http', { PUBLIC_URL: 'http://192.168.0.10:8080' }],
      ['unset', {}],
    ])('HSTS is never sent when PUBLIC_URL is %s', async (_label, env) => {
      const app = appWith(env)
      for (const [path, init] of sample) {
        const response = await app.request(path, init)
        expect(response.headers.get('strict-transport-security'), path).toBeNull()
        expectSecurityHeaders(response)
      }
    })
  })
})

describe('security headers when the server fails', () => {
  it('are on the 500 answer and the missing-build 503 too', async () => {
    const handle = await openDatabase({ memory: true })
    await handle.close()
    const app = createApp({
      config: loadConfig({
        STATIC_DIR: join(tmpdir(), 'pdt-sem-build'),
        PUBLIC_URL: 'https://p.br',
      }),
      db: handle.db,
      mail: { send: async () => {} },
      whatsapp: { send: async () => {} },
      logger: captureLogs(false).logger,
    })
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failed = await postJson(app, '/socios-api/client/generate-code', {
      email: demoEmails.ana,
      send_to: 'email',
    })
    log.mockRestore()
    expect(failed.status).toBe(500)
    expectSecurityHeaders(failed)
    expect(failed.headers.get('strict-transport-security')).toBe(strictTransportSecurity)

    const noBuild = await app.request('/home')
    expect(noBuild.status).toBe(503)
    expectSecurityHeaders(noBuild)
  })
})
