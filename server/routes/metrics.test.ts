/**
 * GET /metrics: absent (404) without METRICS_TOKEN, 401 without the right Bearer token, and with
 * it the Prometheus text whose counters move with what the server does: requests by route
 * pattern, login codes sent, logins, replayed saves, charges by state.
 */

import { describe, expect, it } from 'vitest'
import { demoEmails, demoIds } from '../demo/seed'
import { chargeStates } from '../services/charge-states'
import {
  backends,
  bearer,
  createTestServer,
  loginAs,
  outboxCode,
  postJson,
  requestCode,
  settle,
} from '../testing'
import { useTestServer } from '../testing/hooks'
import { cardPayment, checkoutPaths, linkFor, post, testCards, tokenize } from '../testing/payments'
import { holderSave, paths, postSave, readContract } from '../testing/registration'
import { metricsMessages, sameToken } from './metrics'

const token = 'token-das-metricas-0123456789'

/** The value of the sample `name` whose labels include `labels`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [
        pair[1],
        pair[2],
      ]),
    )
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3])
    }
  }
  return undefined
}

describe.each(backends)('GET /metrics (%s)', (backend) => {
  const { server } = useTestServer(backend, {
    resetEachTest: true,
    overrides: { metricsToken: token },
  })

  const scrape = async () => {
    const response = await server.app.request('/metrics', bearer(token))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    return response.text()
  }

  it('is absent without METRICS_TOKEN, in demo mode too', async () => {
    const closed = await createTestServer(backend, { metricsToken: undefined })
    try {
      for (const init of [{}, bearer(token)]) {
        const response = await closed.app.request('/metrics', init)
        expect(response.status).toBe(404)
        expect(await response.json()).toEqual({ message: 'Recurso não encontrado.' })
      }
    } finally {
      await closed.close()
    }
  })

  it('refuses a missing or wrong token with 401', async () => {
    for (const authorization of [
      undefined,
      '',
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Basic ${token}`,
      token,
      'Bearer',
    ]) {
      const response = await server.app.request(
        '/metrics',
        authorization === undefined ? {} : { headers: { authorization } },
      )
      expect(response.status, authorization).toBe(401)
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(await response.json()).toEqual({ message: metricsMessages.token })
    }
    expect((await server.app.request('/metrics', bearer(token))).status).toBe(200)
    expect(
      (await server.app.request('/metrics', { headers: { authorization: `bearer  ${token}` } }))
        .status,
    ).toBe(200)
  })

  it('compares tokens whatever their lengths', () => {
    expect(sameToken(token, token)).toBe(true)
    expect(sameToken('', token)).toBe(false)
    expect(sameToken(`${token}${token}`, token)).toBe(false)
  })

  it('counts requests by route pattern, codes sent, logins and replayed saves', async () => {
    const before = await scrape()
    expect(sample(before, 'portal_logins_total', { outcome: 'success' })).toBe(0)
    expect(sample(before, 'portal_otp_codes_sent_total', { channel: 'email' })).toBe(0)

    expect((await requestCode(server.app, demoEmails.ana)).status).toBe(200)
    const code = await outboxCode(server.app, demoEmails.ana)
    const login = (tried: string) =>
      postJson(server.app, '/socios-api/client/login', { email: demoEmails.ana, code: tried })
    expect((await login(code === '000000' ? '000001' : '000000')).status).toBe(400)
    const loggedIn = await login(code)
    expect(loggedIn.status).toBe(200)
    const { token: session } = (await loggedIn.json()) as { token: string }
    const contract = await readContract(server.app, session, demoIds.ana.contract)
    const body = holderSave(contract)
    expect((await postSave(server.app, paths.holder, session, body, 'chave-1')).replayed).toBe(
      false,
    )
    expect((await postSave(server.app, paths.holder, session, body, 'chave-1')).replayed).toBe(true)
    await settle()

    const after = await scrape()
    /** How far a sample moved since the first scrape (counters live as long as the server). */
    const moved = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0)
    expect(moved('portal_otp_codes_sent_total', { channel: 'email' })).toBe(1)
    expect(moved('portal_otp_codes_sent_total', { channel: 'whatsapp' })).toBe(0)
    expect(moved('portal_logins_total', { outcome: 'success' })).toBe(1)
    expect(moved('portal_logins_total', { outcome: 'failure' })).toBe(1)
    const replays = { route: '/socios-api/client/photo-holder' }
    expect(moved('portal_idempotency_replays_total', replays)).toBe(1)
    const login200 = { method: 'POST', route: '/socios-api/client/login', status: '200' }
    expect(moved('portal_http_requests_total', login200)).toBe(1)
    expect(moved('portal_http_requests_total', { ...login200, status: '400' })).toBe(1)
    expect(moved('portal_http_request_duration_seconds_count', login200)).toBe(1)
    const slowest = { ...login200, le: '+Inf' }
    expect(moved('portal_http_request_duration_seconds_bucket', slowest)).toBe(1)
    // The pattern, never the path: ids and codes make no series of their own.
    const read = { route: '/socios-api/client/contract/:id', status: '200' }
    expect(moved('portal_http_requests_total', read)).toBe(1)
    expect(after).not.toContain(demoIds.ana.contract)
    expect(after).not.toContain(code)
    // The first scrape is counted too.
    expect(moved('portal_http_requests_total', { route: '/metrics', status: '200' })).toBe(1)
    // Node's own figures come along.
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
  })

  it('tells the charges in each state, read from the database at each scrape', async () => {
    const states = (text: string) =>
      Object.fromEntries(
        chargeStates.map((state) => [state, sample(text, 'portal_charges', { state })]),
      )
    // The demo data has no charges.
    const none = states(await scrape())
    expect(Object.values(none).every((count) => count === 0)).toBe(true)

    const session = await loginAs(server.app, demoEmails.ana)
    const card = await linkFor(server.app, session, [5])
    const paid = await post(
      server.app,
      checkoutPaths.link,
      cardPayment(card, await tokenize(server.app, testCards.visa)),
    )
    expect(paid.status).toBe(200)
    const pixLink = await linkFor(server.app, session, [6])
    expect((await post(server.app, checkoutPaths.pix, { code: pixLink, token: '1' })).status).toBe(
      200,
    )

    expect(states(await scrape())).toMatchObject({ PAID: 1, PROCESSING: 1, CREATED: 0 })
  })
})
