/**
 * A receiving bank (PSP) of its own, for journeys with DEMO=0: the server is configured as for a
 * real bank (PIX_API_URL=apiUrl, PIX_TOKEN_URL=tokenUrl, PIX_CLIENT_ID, PIX_CLIENT_SECRET,
 * PIX_CHAVE, PIX_WEBHOOK_SECRET) and talks to this one over HTTP.
 *
 * It is the demo's sandbox PSP (server/demo/routes/sandbox-pix-api.ts), the same API Pix v2 our client
 * is checked against the Central Bank's document with, running apart: its own in-memory PGlite,
 * its own HTTP server on a free port, and real network calls for the webhooks it posts. `pay` is
 * the payer's bank: it settles the cob and posts the signed notification to the webhook the
 * server registered, before it resolves.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { networkTransport } from '../../server/adapters/http'
import { openDatabase } from '../../server/db/client'
import { createSandboxPsp, type SandboxPsp } from '../../server/demo/routes/sandbox-pix-api'
import type { AppEnv } from '../../server/deps'
import { createLogger } from '../../server/logger'

export interface FakePspOptions {
  /** Signs the notifications (x-pix-signature); the server's PIX_WEBHOOK_SECRET. */
  webhookSecret: string
  clientId: string
  clientSecret: string
  /** The receiver's Pix key: the only one this bank accepts cobs and webhooks for. */
  chave: string
}

export interface FakePsp {
  /** The bank's base, e.g. http://127.0.0.1:PORT */
  url: string
  /** Where /cob, /pix and /webhook live: url + '/v2'. */
  apiUrl: string
  /** OAuth2 client credentials: url + '/oauth/token'. */
  tokenUrl: string
  /** Pays a cob as the payer's bank would, and posts the signed webhook before resolving. */
  pay(txid: string): ReturnType<SandboxPsp['payCob']>
  /** The payer's bank's side of Pix Automático: POST url/sandbox/pix/{path} (rec/…, cobr/…). */
  payer(path: string): Promise<Response>
  close(): Promise<void>
}

export async function startFakePsp(options: FakePspOptions): Promise<FakePsp> {
  const database = await openDatabase({ memory: true })
  // The bank's own database: the sandbox PSP keeps its cobs in the demo's tables.
  await database.migrate({ demo: true })
  // Listen first, on any free port: the bank names its own host in each cob's location.
  let handler: ((request: Request) => Response | Promise<Response>) | undefined
  const server = serve({
    fetch: (request) => handler?.(request) ?? new Response('', { status: 503 }),
    port: 0,
    hostname: '127.0.0.1',
  })
  await new Promise((done) => server.once('listening', done))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const psp = createSandboxPsp({
    db: database.db,
    selfUrl: url,
    now: () => new Date(),
    // Only what goes wrong (a webhook the server refused) shows in the journey's output.
    logger: createLogger({ level: 'warn', demo: true }),
    pix: {
      ...options,
      apiUrl: undefined,
      tokenUrl: undefined,
      tls: { cert: undefined, key: undefined, ca: undefined },
      webhookUrl: undefined,
      account: undefined,
    },
    http: networkTransport(),
  })
  // The payer's side of Pix Automático and cobv (approve, settle, …) at /sandbox/pix, as in demo.
  handler = new Hono<AppEnv>().route('/', psp.routes).route('/sandbox/pix', psp.helpers).fetch

  return {
    url,
    apiUrl: `${url}/v2`,
    tokenUrl: `${url}/oauth/token`,
    pay: (txid) => psp.payCob(txid),
    payer: (path) => fetch(`${url}/sandbox/pix/${path}`, { method: 'POST' }),
    async close() {
      await new Promise<void>((done, fail) =>
        server.close((error) => (error ? fail(error) : done())),
      )
      await database.close()
    },
  }
}
