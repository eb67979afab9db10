/**
 * Events out (issue 25, decision 019): what a holder does is written as an event in the same
 * transaction, and delivered to the provider's endpoint over real HTTP, signed per Standard
 * Webhooks and verified here with the official `standardwebhooks` library. Retries keep the
 * same webhook-id; a slow receiver times out and gets it later; senders at once never send one
 * delivery twice; a replay sends the same ids; a private URL is refused without the setting.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { pixGenerateResponse } from '../../contract/payments'
import { refusedMessages } from '../adapters/webhooks/send'
import { webhookDeliveries, webhookEndpoints } from '../db/schema'
import { demoIds } from '../demo/seed'
import { createApiKey } from '../services/api-keys'
import { deliverDue, retryDelays, type WebhookDeps } from '../services/webhooks'
import { backends } from '../testing'
import { useTestServer } from '../testing/hooks'
import { checkoutPaths, linkFor, pixValue, post } from '../testing/payments'
import { holderSave, paths, postSave, readContract } from '../testing/registration'

const base = '/socios-api/integration/v1'

type Received = { headers: IncomingHttpHeaders; body: string; answered: number }

/** A receiver on this machine: answers each request with the next planned status (then 200). */
class Receiver {
  received: Received[] = []
  /** TCP connections opened to it, answered or not. */
  connections = 0
  plan: Array<{ status: number; delayMs?: number; headers?: Record<string, string> }> = []
  private server: Server | undefined
  url = ''

  async start() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const step = this.plan.shift() ?? { status: 200 }
        // Kept as it arrives: a late answer must not land in the next test's list.
        this.received.push({
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          answered: step.status,
        })
        const answer = () => {
          response.writeHead(step.status, step.headers ?? {})
          response.end('ok')
        }
        if (step.delayMs) setTimeout(answer, step.delayMs)
        else answer()
      })
    })
    this.server.on('connection', () => {
      this.connections += 1
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`
  }

  reset() {
    this.received = []
    this.plan = []
    this.connections = 0
  }

  stop() {
    this.server?.closeAllConnections()
    return new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }
}

describe.each(backends)('events and webhooks (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, {
    logins: ['ana'],
    resetEachTest: true,
    overrides: { webhooks: { allowPrivate: true, timeoutMs: 1_000, everyMs: 1_000 } },
  })
  const receiver = new Receiver()
  beforeAll(() => receiver.start())
  afterAll(() => receiver.stop())

  const webhookDeps = (): WebhookDeps => ({
    db: server.db,
    logger: server.logger,
    mail: { send: async () => {} },
    now: server.clock.now,
    portal: server.config.brand.productName,
    allowPrivate: true,
    timeoutMs: 1_000,
    random: () => 0.5,
  })

  async function provider() {
    receiver.reset()
    const { key } = await createApiKey(server.db, {
      name: 'ERP',
      scopes: ['webhooks:manage', 'events:read'],
    })
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await server.app.request(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever the API answered
      return { status: response.status, body: (await response.json()) as Record<string, any> }
    }
    const made = await call('POST', '/webhook-endpoints', {
      url: receiver.url,
      description: 'ERP do clube',
    })
    expect(made.status).toBe(201)
    expect(made.body.secret).toMatch(/^whsec_/)
    return { call, endpoint: made.body as { id: string; secret: string } }
  }

  /** Every message the receiver got, verified with the official library, as events. */
  const verified = (secret: string) =>
    receiver.received.map((message) => {
      // The library checks the timestamp against its clock (5 minutes): the server's test clock
      // moves ahead through retries, so each message is checked at the time it was signed.
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(Number(message.headers['webhook-timestamp']) * 1000)
      try {
        const event = new Webhook(secret).verify(message.body, {
          'webhook-id': message.headers['webhook-id'] as string,
          'webhook-timestamp': message.headers['webhook-timestamp'] as string,
          'webhook-signature': message.headers['webhook-signature'] as string,
          // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever the API answered
        }) as { type: string; timestamp: string; data: Record<string, any> }
        return { id: message.headers['webhook-id'] as string, answered: message.answered, ...event }
      } finally {
        vi.useRealTimers()
      }
    })

  it('Ana pays a Pix at the bank: the receiver gets instalment.paid, signed, with the end-to-end id', async () => {
    const { endpoint } = await provider()
    const code = await linkFor(server.app, tokens.ana, [5])
    const pix = await post(server.app, checkoutPaths.pix, { code, token: '1' })
    const txid = pixValue(v.parse(pixGenerateResponse, pix.body), 'txid')
    const paid = await server.app.request(`/sandbox/pix/${txid}/pay`, { method: 'POST' })
    expect(paid.status).toBe(200)
    await server.reconcile()
    expect(await deliverDue(webhookDeps())).toBe(1)

    const [event] = verified(endpoint.secret)
    expect(event).toMatchObject({
      type: 'instalment.paid',
      data: {
        instalment: { id: demoIds.ana.instalments[4], externalId: null },
        contract: { id: demoIds.ana.contract },
        method: 'PIX',
        references: { pixEndToEndId: expect.stringMatching(/^E/) },
      },
    })
    expect(event?.data.amount).toBeGreaterThan(0)
    expect(event?.id).toBe(event?.data.id)
    // A tampered body fails the same library's check.
    const message = receiver.received[0] as Received
    expect(() =>
      new Webhook(endpoint.secret).verify(message.body.replace('PIX', 'CARD'), {
        'webhook-id': message.headers['webhook-id'] as string,
        'webhook-timestamp': message.headers['webhook-timestamp'] as string,
        'webhook-signature': message.headers['webhook-signature'] as string,
      }),
    ).toThrow()
  })

  it('Ana edits her phone: holder.updated names the field; nothing is sent for a save that changed nothing', async () => {
    const { endpoint, call } = await provider()
    const contract = await readContract(server.app, tokens.ana, demoIds.ana.contract)
    const saved = await postSave(
      server.app,
      paths.holder,
      tokens.ana,
      holderSave(contract, (person) => {
        ;(person.phone as Record<string, unknown>).number = '11912345678'
      }),
    )
    expect(saved.status).toBe(200)
    const again = await readContract(server.app, tokens.ana, demoIds.ana.contract)
    expect((await postSave(server.app, paths.holder, tokens.ana, holderSave(again))).status).toBe(
      200,
    )
    await deliverDue(webhookDeps())
    const events = verified(endpoint.secret)
    expect(events.map((event) => [event.type, event.data.changedFields])).toEqual([
      ['holder.updated', ['phone']],
    ])
    const listed = await call('GET', '/events?type=holder.updated')
    expect(listed.body.data.map((event: { id: string }) => event.id)).toEqual([events[0]?.id])
  })

  it('a receiver down for 4 attempts gets the event once afterwards, with the same webhook-id each time', async () => {
    const { endpoint, call } = await provider()
    receiver.plan = [{ status: 500 }, { status: 502 }, { status: 500 }, { status: 404 }]
    await call('POST', `/webhook-endpoints/${endpoint.id}/ping`)
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await deliverDue(webhookDeps())).toBe(1)
      // Nothing is due before the next retry's time.
      expect(await deliverDue(webhookDeps())).toBe(0)
      server.clock.advance((retryDelays[attempt] ?? 0) * 1.1)
    }
    const events = verified(endpoint.secret)
    expect(events.map((event) => event.answered)).toEqual([500, 502, 500, 404, 200])
    expect(new Set(events.map((event) => event.id)).size).toBe(1)
    const deliveries = await call('GET', `/webhook-endpoints/${endpoint.id}/deliveries`)
    expect(deliveries.body.data).toMatchObject([{ status: 'DELIVERED', attempts: 5 }])
  })

  it('a receiver slower than the timeout: the attempt fails as a timeout, the retry delivers', async () => {
    const { endpoint, call } = await provider()
    receiver.plan = [{ status: 200, delayMs: 1_500 }]
    await call('POST', `/webhook-endpoints/${endpoint.id}/ping`)
    await deliverDue(webhookDeps())
    const first = await call('GET', `/webhook-endpoints/${endpoint.id}/deliveries`)
    expect(first.body.data[0]).toMatchObject({ status: 'PENDING', attempts: 1, lastStatus: null })
    expect(first.body.data[0].lastError).toContain('sem resposta em 1 s')
    server.clock.advance(retryDelays[0] * 1.1)
    await deliverDue(webhookDeps())
    const second = await call('GET', `/webhook-endpoints/${endpoint.id}/deliveries`)
    expect(second.body.data[0]).toMatchObject({ status: 'DELIVERED', attempts: 2 })
    const ids = verified(endpoint.secret).map((event) => event.id)
    expect(ids).toHaveLength(2)
    expect(ids[0]).toBe(ids[1])
  })

  it('429 with Retry-After waits that long; 410 disables the endpoint', async () => {
    const { endpoint, call } = await provider()
    receiver.plan = [{ status: 429, headers: { 'retry-after': '600' } }, { status: 410 }]
    await call('POST', `/webhook-endpoints/${endpoint.id}/ping`)
    await deliverDue(webhookDeps())
    server.clock.advance(5 * 60_000)
    expect(await deliverDue(webhookDeps())).toBe(0)
    server.clock.advance(6 * 60_000)
    expect(await deliverDue(webhookDeps())).toBe(1)
    const listed = await call('GET', '/webhook-endpoints')
    expect(listed.body.data[0]).toMatchObject({ enabled: false })
    expect(listed.body.data[0].disabledReason).toContain('410')
    expect(listed.body.data[0].secret).toBeUndefined()
  })

  it('senders at once send each delivery once', async () => {
    const { endpoint, call } = await provider()
    // Several rounds of four senders on their own connections: the race (a row claimed and
    // committed by one while another's statement was already under way) is a matter of timing,
    // and one round of two caught it only on a loaded machine.
    for (let round = 0; round < 5; round++) {
      for (let ping = 0; ping < 8; ping++)
        await call('POST', `/webhook-endpoints/${endpoint.id}/ping`)
      const tried = await Promise.all([1, 2, 3, 4].map(() => deliverDue(webhookDeps(), 3)))
      expect(tried.reduce((sum, count) => sum + count, 0)).toBe(8)
      const ids = verified(endpoint.secret).map((event) => event.id)
      expect(new Set(ids).size).toBe(8 * (round + 1))
      expect(ids).toHaveLength(8 * (round + 1))
    }
  })

  it('a replay sends the same events with the same ids; a rotated secret signs beside the old one', async () => {
    const { endpoint, call } = await provider()
    await call('POST', `/webhook-endpoints/${endpoint.id}/ping`)
    await deliverDue(webhookDeps())
    const first = verified(endpoint.secret).map((event) => event.id)
    const rotated = await call('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`)
    expect(rotated.body.secret).not.toBe(endpoint.secret)
    receiver.reset()
    const now = server.clock.now()
    const replay = await call('POST', `/webhook-endpoints/${endpoint.id}/replay`, {
      from: new Date(now.getTime() - 3_600_000).toISOString(),
      to: new Date(now.getTime() + 1_000).toISOString(),
    })
    expect(replay).toMatchObject({ status: 202, body: { count: 1 } })
    await deliverDue(webhookDeps())
    expect(verified(endpoint.secret).map((event) => event.id)).toEqual(first)
    expect(verified(rotated.body.secret).map((event) => event.id)).toEqual(first)
    const rows = await server.db.select().from(webhookDeliveries)
    expect(rows).toHaveLength(1)
  })

  it('refuses an endpoint on this machine or a private network, and plain http, without the setting', async () => {
    const { key } = await createApiKey(server.db, { name: 'ERP', scopes: ['webhooks:manage'] })
    const strict = await import('../testing').then(({ createTestServer }) =>
      createTestServer(backend, {
        webhooks: { allowPrivate: false, timeoutMs: 1_000, everyMs: 1_000 },
      }),
    )
    try {
      const { key: strictKey } = await createApiKey(strict.db, {
        name: 'ERP',
        scopes: ['webhooks:manage'],
      })
      for (const url of [
        'https://127.0.0.1/x',
        'https://10.0.0.8/x',
        'https://[::1]/x',
        'https://169.254.169.254/latest',
        'http://exemplo.com.br/x',
        // The same places written another way, or behind a name.
        'https://[::ffff:127.0.0.1]:8443/x',
        'https://[::ffff:7f00:1]/x',
        'https://[::ffff:169.254.169.254]/latest',
        'https://[::ffff:10.0.0.1]/x',
        'https://[::7f00:1]/x',
        'https://[64:ff9b::a9fe:a9fe]/x',
        'https://[2002:a00:1::]/x',
        'https://[fd00::1]/x',
        'https://0x7f000001/x',
        'https://2130706433/x',
        'https://0177.0.0.1/x',
        'https://127.1/x',
        'https://0.0.0.0/x',
        'https://[::]/x',
        'https://100.64.0.1/x',
        'https://localhost/x',
        'https://painel.localhost/x',
      ]) {
        const refused = await strict.app.request(`${base}/webhook-endpoints`, {
          method: 'POST',
          headers: { authorization: `Bearer ${strictKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url }),
        })
        expect(refused.status, url).toBe(422)
        const problem = (await refused.json()) as {
          detail: string
          errors: Array<{ path: string }>
        }
        expect(problem.errors[0]?.path).toBe('body.url')
        expect(problem.detail, url).toMatch(/https|rede privada/)
      }
    } finally {
      await strict.close()
    }
    const denied = await server.app.request(`${base}/events`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(denied.status).toBe(403)
  })

  it('an endpoint saved while private addresses were allowed is refused at send once they are not', async () => {
    const { endpoint, call } = await provider()
    await call('POST', `/webhook-endpoints/${endpoint.id}/ping`)
    // The operator took WEBHOOK_ALLOW_PRIVATE away and restarted: the saved http://127.0.0.1 stays.
    expect(await deliverDue({ ...webhookDeps(), allowPrivate: false })).toBe(1)
    expect(receiver.connections).toBe(0)
    const deliveries = await call('GET', `/webhook-endpoints/${endpoint.id}/deliveries`)
    expect(deliveries.body.data).toMatchObject([
      {
        eventType: 'webhook.ping',
        status: 'PENDING',
        attempts: 1,
        lastStatus: null,
        lastError: refusedMessages.plainHttp,
      },
    ])
    // The same endpoint at https on this machine, written as an IPv4-mapped address.
    const port = new URL(receiver.url).port
    await server.db
      .update(webhookEndpoints)
      .set({ url: `https://[::ffff:127.0.0.1]:${port}/webhooks` })
      .where(eq(webhookEndpoints.id, endpoint.id))
    await call('POST', `/webhook-endpoints/${endpoint.id}/ping`)
    server.clock.advance(60_000)
    expect(await deliverDue({ ...webhookDeps(), allowPrivate: false })).toBe(2)
    expect(receiver.connections).toBe(0)
    const again = await call('GET', `/webhook-endpoints/${endpoint.id}/deliveries`)
    expect(again.body.data.map((item: { lastError: string }) => item.lastError)).toEqual([
      refusedMessages.privateAddress,
      refusedMessages.privateAddress,
    ])
  })
})
