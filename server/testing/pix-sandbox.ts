/**
 * For the API Pix tests: this server in demo mode over real HTTP (so the sandbox PSP is there),
 * and between our client and the PSP the proxy that checks every request and answer against
 * the Central Bank's document (bacen/pix-api 2.9.0). `driven()` names the operations, with
 * their statuses, that crossed it since the last look.
 */
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { loadPixDocument } from '../../tests/helpers/openapi/documents'
import {
  startValidatingProxy,
  type ValidatingProxy,
} from '../../tests/helpers/openapi/validating-proxy'
import { networkTransport } from '../adapters/http'
import { createPixApiClient, type PixApi } from '../adapters/pix-api/client'
import { webhookUrlOf } from '../adapters/pix-api/index'
import { createServer } from '../app'
import { loadConfig, sandboxPix } from '../config'
import { openDatabase } from '../db/client'
import { seedDemoData } from '../demo/seed'
import { captureLogs } from './index'

export interface PixSandbox {
  /** This server's own address. */
  base: string
  app: ReturnType<typeof createServer>['app']
  db: Awaited<ReturnType<typeof openDatabase>>
  proxy: ValidatingProxy
  /** Our client, through the proxy. */
  pix: PixApi
  /** Where this server takes the bank's notifications of received Pix. */
  webhookUrl: string
  driven(): string[]
  /** A token straight from the PSP, for calls our client has no method for. */
  bearer(): Promise<Record<string, string>>
  close(): Promise<void>
}

export async function startPixSandbox(): Promise<PixSandbox> {
  const db = await openDatabase({ memory: true })
  await db.migrate({ demo: true })
  await seedDemoData(db.db)
  const config = { ...loadConfig({}), demo: true, staticDir: join(tmpdir(), 'sem-build') }
  // Listen first, on any free port; the app learns its own address from it.
  let handler: ((request: Request) => Response | Promise<Response>) | undefined
  const listening = serve({
    fetch: (request) => handler?.(request) ?? new Response('', { status: 503 }),
    port: 0,
    hostname: '127.0.0.1',
  })
  await new Promise((done) => listening.once('listening', done))
  const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`
  const server = createServer({
    config,
    db: db.db,
    mail: { send: async () => {} },
    whatsapp: { send: async () => {} },
    selfUrl: base,
    logger: captureLogs(true).logger,
  })
  handler = server.app.fetch
  const proxy = await startValidatingProxy({
    document: loadPixDocument(),
    upstream: `${base}/sandbox/pix-api`,
    basePath: '/v2',
    name: 'API Pix (bacen 2.9.0)',
  })
  const pix = createPixApiClient({
    ...sandboxPix,
    transport: networkTransport(),
    apiUrl: `${proxy.url}/v2`,
    // Not in the document (OAuth2 lives beside it): straight to the PSP.
    tokenUrl: `${base}/sandbox/pix-api/oauth/token`,
  })
  const webhookUrl = webhookUrlOf(server.deps)
  await pix.setWebhook(webhookUrl)

  let looked = 0
  return {
    base,
    app: server.app,
    db,
    proxy,
    pix,
    webhookUrl,
    driven() {
      const calls = proxy.calls().slice(looked)
      looked += calls.length
      return calls.map((call) => `${call.operationId} ${call.status}`)
    },
    async bearer() {
      const basic = Buffer.from(`${sandboxPix.clientId}:${sandboxPix.clientSecret}`)
      const answer = await fetch(`${base}/sandbox/pix-api/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic.toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      })
      const token = (await answer.json()) as { access_token: string }
      return { authorization: `Bearer ${token.access_token}`, accept: 'application/json' }
    },
    async close() {
      await proxy.close()
      await new Promise((done) => listening.close(() => done(undefined)))
      await db.close()
    },
  }
}
