/**
 * Webhook delivery with real processes (issue 25): two servers (`DEMO=0`, as a provider deploys
 * them) on one fresh PostgreSQL database, each with its own deliverer woken by the database's
 * NOTIFY. Events asked of both at once reach a receiver on this machine once each. Then a server
 * is killed (SIGKILL) while its send is unanswered: a server started afterwards sends the same
 * event again, with the same webhook-id, once the dead one's claim has expired.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../../tests/helpers/server'
import { openDatabase } from '../db/client'
import { webhookDeliveries } from '../db/schema'
import { scratchPostgres } from '../testing'
import { describePostgres as describePostgresOnly } from '../testing/postgres-only'
import { ServerProcess } from '../testing/process'
import { createApiKey } from './api-keys'

const describePostgres = describePostgresOnly('o teste de webhooks com dois processos')

const base = '/socios-api/integration/v1'

/** The provider's receiver: keeps each arrival's webhook-id; answers 204, or holds the request. */
class Receiver {
  arrivals: string[] = []
  /** While set, requests are kept unanswered (a receiver that hangs). */
  holding = false
  private held: Array<() => void> = []
  private server: Server | undefined
  url = ''

  async start() {
    const server = createServer((request, response) => {
      request.resume()
      request.on('end', () => {
        this.arrivals.push(String(request.headers['webhook-id']))
        const answer = () => response.writeHead(204).end()
        if (this.holding) this.held.push(answer)
        else answer()
      })
    })
    this.server = server
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eventos`
  }

  count(id: string) {
    return this.arrivals.filter((arrival) => arrival === id).length
  }

  stop() {
    this.server?.closeAllConnections()
    return new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }
}

describePostgres('webhooks from two server processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined
  const receiver = new Receiver()
  let key = ''
  let endpointId = ''
  const env: Record<string, string> = {}

  /** Every server started, so a failed assertion never leaves one running. */
  const started: ServerProcess[] = []
  const serverAt = async () => {
    const port = await freePort()
    const server = new ServerProcess(`http://127.0.0.1:${port}`, { ...env, PORT: String(port) })
    started.push(server)
    return server
  }

  const call = async (server: ServerProcess, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${base}${path}`, {
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

  /** The endpoint's deliveries as the API lists them, every page. */
  const deliveries = async (server: ServerProcess) => {
    const all: Array<{ eventId: string; status: string; attempts: number }> = []
    let cursor: string | null = null
    do {
      const page = await call(
        server,
        'GET',
        `/webhook-endpoints/${endpointId}/deliveries?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(page.status).toBe(200)
      all.push(...page.body.data)
      cursor = page.body.nextCursor
    } while (cursor)
    return all
  }

  beforeAll(async () => {
    await receiver.start()
    scratch = await scratchPostgres('pdt_webhooks')
    // Migrated here (as `npm run portal -- migrate` would), with the provider's key.
    const handle = await openDatabase({ databaseUrl: scratch.url })
    try {
      await handle.migrate({ demo: false })
      key = (await createApiKey(handle.db, { name: 'ERP', scopes: ['webhooks:manage'] })).key
    } finally {
      await handle.close()
    }
    Object.assign(env, {
      DATABASE_URL: scratch.url,
      DEMO: '0',
      PUBLIC_URL: 'https://socios.exemplo.com.br',
      PAYMENTS: 'off',
      JWT_SECRET: 'segredo-do-teste-de-webhooks-com-32-caracteres',
      WEBHOOK_ALLOW_PRIVATE: '1',
      // The test polls the deliveries list every 25 ms.
      INTEGRATION_RATE_LIMIT: '100000',
      // 3 s per attempt: a claim whose sender died is taken over after 11 s.
      WEBHOOK_TIMEOUT: '3',
    })
  }, 60_000)

  afterAll(async () => {
    await Promise.all(started.map((server) => server.kill()))
    await receiver.stop()
    await scratch?.drop()
  })

  it('events asked of both servers at once reach the receiver once each', async () => {
    const servers = [await serverAt(), await serverAt()]
    try {
      await Promise.all(servers.map((server) => server.start()))
      const [a, b] = servers as [ServerProcess, ServerProcess]
      const made = await call(a, 'POST', '/webhook-endpoints', { url: receiver.url })
      expect(made.status).toBe(201)
      endpointId = made.body.id
      // 40 pings, half through each server, all at once: each queues one delivery, and both
      // deliverers are woken by every commit.
      const pings = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          call(n % 2 ? b : a, 'POST', `/webhook-endpoints/${endpointId}/ping`),
        ),
      )
      expect(pings.map((ping) => ping.status)).toEqual(Array(40).fill(202))
      await a.until(async () => {
        const listed = await deliveries(a)
        return listed.length === 40 && listed.every((item) => item.status === 'DELIVERED')
      }, 'as entregas não terminaram')
    } finally {
      // A graceful stop waits for sends in flight: nothing can arrive after this.
      await Promise.all(servers.map((server) => server.stop()))
    }
    const handle = await openDatabase({ databaseUrl: scratch?.url })
    const ids = await handle.db
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .then((rows) => rows.map((row) => row.eventId))
      .finally(() => handle.close())
    expect(ids).toHaveLength(40)
    expect(receiver.arrivals).toHaveLength(40)
    expect(new Set(receiver.arrivals)).toEqual(new Set(ids))
  }, 120_000)

  it('a server killed while its send hangs: a later one sends that event again, same webhook-id', async () => {
    const first = await serverAt()
    await first.start()
    receiver.arrivals = []
    receiver.holding = true
    const ping = await call(first, 'POST', `/webhook-endpoints/${endpointId}/ping`)
    expect(ping.status).toBe(202)
    await first.until(() => receiver.arrivals.length === 1, 'o envio não chegou')
    const id = receiver.arrivals[0] as string
    await first.kill('SIGKILL')
    receiver.holding = false

    const second = await serverAt()
    try {
      await second.start()
      await second.until(
        async () =>
          (await deliveries(second)).some(
            (item) => item.eventId === id && item.status === 'DELIVERED',
          ),
        'a entrega não foi retomada',
      )
      const retaken = (await deliveries(second)).find((item) => item.eventId === id)
      // The killed attempt never answered: it is not counted, and the event went out again.
      expect(retaken).toMatchObject({ status: 'DELIVERED', attempts: 1 })
    } finally {
      await second.stop()
    }
    expect(receiver.count(id)).toBe(2)
  }, 120_000)
})
