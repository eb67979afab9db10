/**
 * Test harness for the API: a real database per server (in-memory PGlite, or a fresh PostgreSQL
 * database when TEST_DATABASE_URL is set), migrated and seeded, with capture adapters for mail and
 * WhatsApp and a clock tests can move. No mocks of our own database.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { demoDump } from '../../tests/helpers/database-templates'
import { handlerTransport } from '../adapters/http'
import type { MailAdapter, MailMessage } from '../adapters/mail/index'
import { createPixApi, registerPixWebhooks } from '../adapters/pix-api/index'
import type { WhatsAppAdapter, WhatsAppMessage } from '../adapters/whatsapp/index'
import { type App, createServer } from '../app'
import { type Config, loadConfig } from '../config'
import { type Database, type DatabaseHandle, openDatabase } from '../db/client'
import * as schema from '../db/schema'
import { scratchDatabase } from '../db/scratch'
import * as demoSchema from '../demo/schema'
import { seedDemoData } from '../demo/seed'
import { type TableChange, watchRowChanges } from '../fuzz/row-changes'
import { requestLine } from '../http/request-log'
import { createLogger, type Logger } from '../logger'
import type { PaymentsDeps } from '../services/collections'
import { type ReconcileReport, type ReconcilerTiming, reconcileOnce } from '../services/reconciler'
import { loadServerSecret } from '../services/secrets'

export type Backend = 'pglite' | 'postgres'

/**
 * Every database the suites that run on both take: PostgreSQL too when TEST_DATABASE_URL names
 * one, unless TEST_BACKENDS=pglite narrows them (the other days' run, scripts/test-other-days.ts:
 * the calendar is not the engine's subject, and the suites that need PostgreSQL still get it).
 */
export const backends: Backend[] =
  process.env.TEST_DATABASE_URL && process.env.TEST_BACKENDS !== 'pglite'
    ? ['pglite', 'postgres']
    : ['pglite']

export type SentMessage =
  | ({ channel: 'email' } & MailMessage)
  | ({ channel: 'whatsapp' } & WhatsAppMessage)

export interface TestClock {
  now: () => Date
  advance(ms: number): void
}

export interface TestServer {
  app: App
  db: Database
  config: Config
  /** Messages handed to the capture adapters (delivery runs just after the response). */
  sent: SentMessage[]
  /**
   * The messages of the info and warning lines the server's code logged, per-request lines left
   * out (errors also go to the console).
   */
  logs: string[]
  /** Every log line as written, parsed: per-request lines and errors included. */
  records: LogRecord[]
  /** The server's logger: what it writes lands in `records`. */
  logger: Logger
  clock: TestClock
  /** The server secret (JWT key), e.g. to forge tokens in tests. */
  secret(): Promise<string>
  /** The payment services as the reconciler and the webhooks use them (demo mode). */
  payments: PaymentsDeps | undefined
  /** One reconciler pass, as the server runs every few seconds. */
  reconcile(timing?: Partial<ReconcilerTiming>): Promise<ReconcileReport>
  /** Empties every table, reseeds the demo data and forgets sent messages. */
  reset(): Promise<void>
  close(): Promise<void>
}

/** Config fields to change, plus real adapters or a fixed clock in place of the test ones. */
export type TestOverrides = Partial<Config> & {
  mailAdapter?: MailAdapter
  whatsappAdapter?: WhatsAppAdapter
  now?: () => Date
}

/** A log line as pino wrote it (JSON), parsed. */
export type LogRecord = { level: string; msg: string; requestId?: string } & Record<string, unknown>

/**
 * A logger like the server's (same options, same masking outside demo mode) whose lines are
 * kept: `records` every line parsed; error lines are also shown on the console.
 */
export function captureLogs(demo: boolean): { logger: Logger; records: LogRecord[] } {
  const records: LogRecord[] = []
  const destination = {
    write(line: string) {
      const record = JSON.parse(line) as LogRecord
      records.push(record)
      if (record.level === 'error' || record.level === 'fatal') console.error(line)
    },
  }
  return { logger: createLogger({ level: 'info', demo, destination }), records }
}

// The product's tables and the demo's own (the tests run the demo's seed).
const tables = ([...Object.values(schema), ...Object.values(demoSchema)] as unknown[]).filter(
  (value): value is PgTable => is(value, PgTable),
)

export async function createTestServer(
  backend: Backend,
  overrides: TestOverrides = {},
): Promise<TestServer> {
  const { mailAdapter, whatsappAdapter, now, ...configOverrides } = overrides
  const { handle, drop } = await openTestDatabase(backend)
  // The demo's tables too, whatever the mode: every test server starts from the demo's seed.
  await handle.migrate({ demo: true })
  await seedDemoData(handle.db)

  let offset = 0
  const clock: TestClock = {
    now: now ?? (() => new Date(Date.now() + offset)),
    advance: (ms) => {
      offset += ms
    },
  }
  const config: Config = {
    ...loadConfig({}),
    demo: true,
    staticDir: join(tmpdir(), 'portal-do-titular-sem-build'),
    ...configOverrides,
  }
  // Outside demo mode there is no sandbox PSP nor sandbox gateway: no Pix and no card unless a
  // test configures them.
  if (!config.demo && !('pix' in configOverrides)) config.pix = undefined
  if (!config.demo && !('gateway' in configOverrides)) config.gateway = undefined
  const sent: SentMessage[] = []
  const { logger, records } = captureLogs(config.demo)
  // The bank's API Pix and the webhooks go to this same app, in process (no socket).
  let self: App | undefined
  const http = handlerTransport((request) => {
    if (!self) throw new Error('app ainda não criado')
    return self.fetch(request)
  })
  const { app, deps, payments } = createServer({
    config,
    http,
    selfUrl: 'http://portal.test',
    db: handle.db,
    mail: mailAdapter ?? {
      send: async (message) => void sent.push({ channel: 'email', ...message }),
    },
    whatsapp: whatsappAdapter ?? {
      send: async (message) => void sent.push({ channel: 'whatsapp', ...message }),
    },
    now: clock.now,
    logger,
  })
  self = app
  const registerWebhook = async () => {
    const pix = config.demo ? createPixApi(deps) : undefined
    if (pix) await registerPixWebhooks(deps, pix)
  }
  await registerWebhook()

  return {
    app,
    db: handle.db,
    config,
    sent,
    get logs() {
      return records
        .filter((record) => ['info', 'warn'].includes(record.level) && record.msg !== requestLine)
        .map((record) => record.msg)
    },
    records,
    logger,
    clock,
    secret: () => loadServerSecret(handle.db, config.jwtSecret),
    payments,
    // By default a pass looks at every live charge now, whatever its age or last look.
    reconcile: (timing = {}) => {
      if (!payments) throw new Error('sem gateway de pagamento: nada a reconciliar')
      return reconcileOnce(payments, { createdAfterMs: 0, liveEveryMs: 0, everyMs: 0, ...timing })
    },
    async reset() {
      // Deliveries still scheduled by the previous test land before `sent` is emptied.
      await settle()
      // Sessions of the demo people, opened once in a beforeAll, outlive the reset as their
      // tokens did before sessions were rows: the demo people come back with the same ids.
      const open = await handle.db.select().from(schema.sessions)
      const names = tables.map((table) => `"${getTableName(table)}"`).join(', ')
      await handle.db.execute(sql.raw(`truncate ${names} cascade`))
      await seedDemoData(handle.db)
      const demoPeople = new Set(
        (await handle.db.select({ id: schema.persons.id }).from(schema.persons)).map(
          ({ id }) => id,
        ),
      )
      const kept = open.filter((session) => demoPeople.has(session.personId))
      if (kept.length) await handle.db.insert(schema.sessions).values(kept)
      await registerWebhook()
      sent.length = 0
      records.length = 0
      offset = 0
    },
    async close() {
      await handle.close()
      await drop()
    },
  }
}

/**
 * A fresh PostgreSQL database on TEST_DATABASE_URL's server, named `<prefix>_<random>`, and the
 * way to drop it (connections still open are cut).
 */
export async function scratchPostgres(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL não definido')
  return scratchDatabase(adminUrl, prefix)
}

async function openTestDatabase(
  backend: Backend,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    // The run's migrated demo database when there is one (tests/helpers/database-templates.ts).
    return { handle: await openDatabase({ memory: true, image: demoDump() }), drop: async () => {} }
  }
  const scratch = await scratchPostgres('pdt_test')
  return { handle: await openDatabase({ databaseUrl: scratch.url }), drop: scratch.drop }
}

// ---------------------------------------------------------------- request helpers

/** Request env that makes getConnInfo() see this client address. */
export const fromAddress = (address: string) =>
  ({ incoming: { socket: { remoteAddress: address } } }) as never

/** Lets the delivery scheduled after a response run. */
export const settle = () => new Promise((resolve) => setImmediate(resolve))

export function postJson(app: App, path: string, body: unknown, env?: unknown) {
  return app.request(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    env as never,
  )
}

export const requestCode = (
  app: App,
  email: string,
  sendTo: 'email' | 'cellphone' = 'email',
  env?: unknown,
) => postJson(app, '/socios-api/client/generate-code', { email, send_to: sendTo }, env)

/** The latest code in the dev outbox for an e-mail or phone (demo mode). */
export async function outboxCode(app: App, to: string): Promise<string> {
  const response = await app.request(`/dev/outbox?to=${encodeURIComponent(to)}`)
  if (response.status !== 200) throw new Error(`outbox ${response.status} para ${to}`)
  return ((await response.json()) as { code: string }).code
}

/** Requests a code, reads it from the outbox and logs in: the session token. */
export async function loginAs(app: App, email: string): Promise<string> {
  const requested = await requestCode(app, email)
  if (requested.status !== 200) throw new Error(`generate-code ${requested.status}`)
  const code = await outboxCode(app, email)
  const response = await postJson(app, '/socios-api/client/login', { email, code })
  if (response.status !== 200) throw new Error(`login ${response.status}`)
  return ((await response.json()) as { token: string }).token
}

export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

/** Row count of a table, to prove a request wrote nothing. */
export async function countRows(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table)
  return row?.count ?? 0
}

/**
 * Every table of the server's database watched for row changes (the fuzz suite's watcher), for
 * tests that prove a refused request wrote nothing: `during(request)` answers the request's
 * result and the net change of every table it touched, work after the response included.
 */
export async function watchWrites(server: TestServer) {
  const rows = await watchRowChanges(server.db)
  return {
    async during<T>(request: () => T | Promise<T>): Promise<{ result: T; changes: TableChange[] }> {
      // What earlier requests still had running (a code's delivery) is not this one's.
      await settle()
      await rows.take()
      const result = await request()
      await settle()
      return { result, changes: await rows.take() }
    },
  }
}

/** Each changed table with how many rows it gained and lost: what a test can state exactly. */
export const changeCounts = (changes: TableChange[]) =>
  changes.map(({ table, added, removed, truncated }) => ({
    table,
    added: added.length,
    removed: removed.length,
    truncated,
  }))

/** A registration save refused: of every table, only its idempotency key was added. */
export const refusalKeyOnly = [
  { table: 'idempotency_keys', added: 1, removed: 0, truncated: false },
]
