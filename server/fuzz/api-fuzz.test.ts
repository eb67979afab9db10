/**
 * Fuzzing every endpoint (issue 7): a sweep of wrong values through every field, then at least
 * 10,000 requests in all with the random and mutated ones (fast-check, fixed seed; FUZZ_SEED and
 * FUZZ_REQUESTS override both).
 * Every answer must be below 500, every 4xx a JSON `{ message }`, and a refused request must not
 * change a row, save the few refusals that write on purpose (refusalWrites). The server must
 * still answer afterwards.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract as contractSchema } from '../../contract/contracts'
import { webhookTarget } from '../adapters/webhooks/target'
import { webhookEndpoints } from '../db/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, bearer, createTestServer, postJson, settle, type TestServer } from '../testing'
import { endpointName, type FuzzFixtures, prepareFixtures } from './endpoints'
import { describeRequest, type FuzzRequest, randomRequests, toInit } from './requests'
import { type Row, type TableChange, watchRowChanges } from './row-changes'
import { withOwnSession } from './sessions'
import { sweepRequests } from './sweep'
import { externalMarkupProbes } from './values'

const seed = Number(process.env.FUZZ_SEED ?? 20_250_707)
/** Requests in all: the sweep, then random ones up to this number (at least 1,000 of them). */
const total = Number(process.env.FUZZ_REQUESTS ?? 10_000)

/** Rows equal but for `column`, which moved from `before` to `after` as `step` says. */
function onlyStepped(change: TableChange, column: string, step: (before: number) => number) {
  const rest = ({ [column]: _, ...others }: Row) => JSON.stringify(others)
  const removed = [...change.removed]
  return (
    change.added.every((row) => {
      const index = removed.findIndex(
        (old) => rest(old) === rest(row) && row[column] === step(Number(old[column])),
      )
      if (index >= 0) removed.splice(index, 1)
      return index >= 0 || (column === 'count' && row.count === 1)
    }) && removed.length === 0
  )
}

/**
 * The refusals that write on purpose, and exactly what they may write: the counter behind a
 * 429, a login try and a code's wrong try, a registration refusal kept for its Idempotency-Key's replay,
 * a declined card recorded by us and by the gateway.
 */
/** Rows equal but for `column`, one for one. */
function onlyChanged(change: TableChange, column: string) {
  const rest = ({ [column]: _, ...others }: Row) => JSON.stringify(others)
  return (
    change.added.length === change.removed.length &&
    change.added.every((row, index) => {
      const before = change.removed[index]
      return before !== undefined && rest(before) === rest(row)
    })
  )
}

/** Every integration route, by the path requested (its parameters filled in). */
const integrationRoute = /^[A-Z]+ \/socios-api\/integration\/v1\//

const refusalWrites: {
  route: string | RegExp
  status: (status: number) => boolean
  table: string
  allows: (change: TableChange, status: number) => boolean
}[] = [
  {
    route: 'POST /socios-api/client/generate-code',
    status: (status) => status === 429,
    table: 'rate_limits',
    allows: (change) =>
      change.added.every((row) => String(row.key).startsWith('otp:')) &&
      onlyStepped(change, 'count', (count) => count + 1),
  },
  {
    // Every try at a code is counted before the code is checked (login-limits.ts).
    route: 'POST /socios-api/client/login',
    status: (status) => status === 400 || status === 429,
    table: 'rate_limits',
    allows: (change) =>
      change.added.every((row) => String(row.key).startsWith('login:')) &&
      onlyStepped(change, 'count', (count) => count + 1),
  },
  {
    route: 'POST /socios-api/client/login',
    status: (status) => status === 400,
    table: 'otp_codes',
    allows: (change) => onlyStepped(change, 'attempts', (attempts) => attempts + 1),
  },
  {
    // Passkey logins are counted like code logins, and asking for a challenge is counted too.
    route: 'POST /socios-api/client/passkey/login',
    status: (status) => status === 400 || status === 429,
    table: 'rate_limits',
    allows: (change) =>
      change.added.every((row) => String(row.key).startsWith('login:')) &&
      onlyStepped(change, 'count', (count) => count + 1),
  },
  {
    route: 'POST /socios-api/client/passkey/login-options',
    status: (status) => status === 429,
    table: 'rate_limits',
    allows: (change) =>
      change.added.every((row) => String(row.key).startsWith('passkey-options:')) &&
      onlyStepped(change, 'count', (count) => count + 1),
  },
  // A copy of one's data is counted when asked for, so the refused one past the limit is too.
  {
    route: /^GET \/socios-api\/client\/personal-data(\/pdf)?$/,
    status: (status) => status === 429,
    table: 'rate_limits',
    allows: (change) =>
      change.added.every((row) => String(row.key).startsWith('personal-data:')) &&
      onlyStepped(change, 'count', (count) => count + 1),
  },
  // A challenge is single-use: answered wrongly, it is gone all the same.
  ...['login', 'register'].map((step) => ({
    route: `POST /socios-api/client/passkey/${step}`,
    status: (status: number) => status === 400,
    table: 'passkey_challenges',
    allows: (change: TableChange) => change.added.length === 0,
  })),
  ...['photo-holder', 'add-dependent'].map((save) => ({
    route: `POST /socios-api/client/${save}`,
    status: (status: number) => status >= 400 && status < 500,
    table: 'idempotency_keys',
    allows: (change: TableChange, status: number) =>
      change.removed.length === 0 && change.added.every((row) => row.response_status === status),
  })),
  // An integration call with a live key is counted against its rate before it is read (and
  // may stamp the key's last use), whatever it then answers.
  {
    route: integrationRoute,
    status: (status) => status >= 400,
    table: 'rate_limits',
    allows: (change) =>
      change.added.every((row) => String(row.key).startsWith('integration-key:')) &&
      onlyStepped(change, 'count', (count) => count + 1),
  },
  {
    route: integrationRoute,
    status: (status) => status >= 400,
    table: 'api_keys',
    allows: (change) => onlyChanged(change, 'last_used_at'),
  },
  // A refusal under an Idempotency-Key is that key's answer, kept for its repeat (decision 019).
  {
    route: /^POST \/socios-api\/integration\/v1\//,
    status: (status) => status >= 400 && status < 500,
    table: 'integration_idempotency',
    allows: (change, status) =>
      change.removed.length === 0 && change.added.every((row) => row.response_status === status),
  },
  {
    route: 'POST /socios-api/checkout/payment-link',
    status: (status) => status === 402,
    table: 'payment_charges',
    allows: (change) =>
      change.removed.length === 0 && change.added.every((row) => row.status === 'DECLINED'),
  },
  // A refused card is an event for the provider (instalment.payment_failed), with its
  // deliveries to the endpoints, written with the refusal (decision 019).
  {
    route: 'POST /socios-api/checkout/payment-link',
    status: (status) => status === 402,
    table: 'integration_events',
    allows: (change) =>
      change.removed.length === 0 &&
      change.added.every((row) => row.type === 'instalment.payment_failed'),
  },
  {
    route: 'POST /socios-api/checkout/payment-link',
    status: (status) => status === 402,
    table: 'webhook_deliveries',
    allows: (change) =>
      change.removed.length === 0 && change.added.every((row) => row.status === 'PENDING'),
  },
  {
    route: 'POST /socios-api/checkout/payment-link',
    status: (status) => status === 402,
    table: 'sandbox_card_charges',
    allows: (change) =>
      change.removed.length === 0 && change.added.every((row) => row.approved === false),
  },
]

const routeOf = (request: FuzzRequest) =>
  `${request.method} ${new URL(request.target, 'http://localhost').pathname}`

async function messageProblem(response: Response, text: string): Promise<string | undefined> {
  // JSON, or a JSON type such as application/problem+json (the sandbox PSP's errors).
  const type = response.headers.get('content-type') ?? ''
  if (!/application\/([\w.-]+\+)?json/.test(type)) {
    return `content-type ${type}`
  }
  try {
    const body = JSON.parse(text) as { message?: unknown; detail?: unknown; title?: unknown }
    const said = (text: unknown) => typeof text === 'string' && text.trim() !== ''
    // The integration API's refusals are problem details (RFC 9457): a title and a detail.
    const problem = type.startsWith('application/problem+json') && said(body?.title)
    if (!said(body?.message) && !(problem && said(body?.detail))) return 'no message'
  } catch {
    return 'body is not JSON'
  }
  return undefined
}

describe.each(backends)('fuzzing every endpoint (%s)', (backend) => {
  let server: TestServer
  let fixtures: FuzzFixtures
  let rows: Awaited<ReturnType<typeof watchRowChanges>>
  let dist: string
  beforeAll(async () => {
    // A built app, as in production: paths outside the API get the app shell.
    dist = mkdtempSync(join(tmpdir(), 'pdt-fuzz-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal do Titular</title>')
    server = await createTestServer(backend, {
      staticDir: dist,
      metricsToken: 'token-das-metricas-do-fuzz',
      // Thousands of calls a minute with one key: the limit would answer most of them.
      integrationRateLimit: 1_000_000,
      // Endpoint addresses are checked as in production, so the URL forms of this machine and
      // of private networks the fuzz sends are refused (no delivery runs during the fuzz).
      webhooks: { allowPrivate: false, timeoutMs: 1_000, everyMs: 1_000 },
    })
    fixtures = await prepareFixtures(server)
    await settle()
    rows = await watchRowChanges(server.db)
  })
  afterAll(async () => {
    await server.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('knows every route of the server', () => {
    const routes = new Set(
      server.app.routes
        .filter((route) => route.method !== 'ALL' && !route.path.endsWith('*'))
        .map(endpointName),
    )
    expect(new Set(fixtures.endpoints.map(endpointName))).toEqual(routes)
  })

  it('sees the rows a request writes, and none for a refused one', async () => {
    expect(rows.tables).toContain('persons')
    await rows.take()
    expect(await rows.take()).toEqual([])
    const refused = await postJson(server.app, '/socios-api/client/login', { email: 1 })
    expect(refused.status).toBe(400)
    expect(await rows.take()).toEqual([])
    const asked = await postJson(server.app, '/socios-api/client/generate-code', {
      email: demoEmails.elisa,
      send_to: 'email',
    })
    expect(asked.status).toBe(200)
    await settle()
    const written = (await rows.take()).map((change) => change.table).sort()
    expect(written).toEqual(['dev_outbox', 'otp_codes', 'rate_limits'])
    // A change left in place is seen, with the row before and after.
    const elisa = demoIds.elisa.person
    await server.db.execute(
      sql.raw(`update persons set first_name = first_name || 'x' where id = '${elisa}'`),
    )
    const [renamed] = await rows.take()
    expect(renamed?.table).toBe('persons')
    expect(renamed?.added).toHaveLength(1)
    expect(renamed?.removed).toHaveLength(1)
    await server.db.execute(
      sql.raw(`update persons set first_name = left(first_name, -1) where id = '${elisa}'`),
    )
    await rows.take()
  })

  it(`answers ${total} requests without a 5xx, with {message} on each 4xx, refusals writing nothing`, async () => {
    const sweep = sweepRequests(fixtures)
    const runs = Math.max(total - sweep.length, 1_000)
    const random = fc.sample(randomRequests(fixtures), { seed, numRuns: runs })
    const requests = [...sweep, ...random]
    const failures: string[] = []
    const statuses = new Map<number, number>()
    const refusalsThatWrote = new Map<string, number>()
    const started = performance.now()
    for (const [index, generated] of requests.entries()) {
      // "Sair" would end the sessions every later request uses: it ends a session of its own.
      const request = await withOwnSession(generated, fixtures, server)
      await rows.take()
      const fail = (problem: string) => {
        failures.push(`#${index} ${problem}\n    ${describeRequest(request)}`)
      }
      let response: Response
      try {
        response = await server.app.request(`http://localhost${request.target}`, toInit(request))
      } catch (error) {
        fail(`could not be sent: ${String(error)}`)
        continue
      }
      const text = await response.text()
      await settle()
      const changes = await rows.take()
      const { status } = response
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (status >= 500) fail(`${status} ${text.slice(0, 300)}`)
      if (status >= 400 && status < 500 && request.method !== 'HEAD') {
        const problem = await messageProblem(response, text)
        if (problem) fail(`${status} without {message}: ${problem}: ${text.slice(0, 200)}`)
      }
      // A card layout that fetches, stored by any answer: the gate would leak who opened a card.
      const written = changes.length > 0 ? JSON.stringify(changes.map((c) => c.added)) : ''
      const leaked = externalMarkupProbes.find((probe) => written.includes(probe))
      if (leaked) fail(`${status} stored markup that fetches (${leaked.slice(0, 40)})`)
      if (response.headers.get('x-content-type-options') !== 'nosniff') {
        fail(`${status} without the security headers`)
      }
      if (status >= 400 && changes.length > 0) {
        const route = routeOf(request)
        const unexplained = changes.filter(
          (change) =>
            !refusalWrites.some(
              (rule) =>
                (typeof rule.route === 'string' ? rule.route === route : rule.route.test(route)) &&
                rule.table === change.table &&
                rule.status(status) &&
                rule.allows(change, status),
            ),
        )
        if (unexplained.length > 0) {
          fail(`${status} changed rows: ${JSON.stringify(unexplained).slice(0, 600)}`)
        } else {
          const kind = `${route} ${status} → ${changes.map((change) => change.table).join('+')}`
          refusalsThatWrote.set(kind, (refusalsThatWrote.get(kind) ?? 0) + 1)
        }
      }
    }
    const seconds = (performance.now() - started) / 1000
    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ')
    console.info(
      `[fuzz ${backend}] seed ${seed}: ${requests.length} requests (${sweep.length} sweep + ${random.length} random) in ${seconds.toFixed(1)} s; ${histogram}; ${failures.length} failures. Refusals that wrote what they may: ${[...refusalsThatWrote].map(([kind, count]) => `${kind} ×${count}`).join('; ')}. Replay: FUZZ_SEED=${seed} FUZZ_REQUESTS=${total}`,
    )
    expect(failures.slice(0, 25).join('\n')).toBe('')
    expect(requests.length).toBeGreaterThanOrEqual(Math.min(total, 10_000))
  }, 360_000)

  it('saved no webhook endpoint on this machine or a private network, however it was written', async () => {
    const saved = await server.db.select({ url: webhookEndpoints.url }).from(webhookEndpoints)
    expect(saved.length).toBeGreaterThan(0)
    const noDns = async () => {
      throw Object.assign(new Error('sem DNS no fuzz'), { code: 'ENOTFOUND' })
    }
    const inside: string[] = []
    for (const { url } of saved) {
      const target = await webhookTarget(url, false, noDns)
      if ('refused' in target && target.refused !== 'unresolvable') inside.push(url)
    }
    expect(inside).toEqual([])
  })

  it('still answers afterwards: health and a real contract read', async () => {
    const health = await server.app.request('/socios-api/health')
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    const read = await server.app.request(
      `/socios-api/client/contract/${demoIds.ana.contract}`,
      bearer(fixtures.sessions.ana),
    )
    expect(read.status).toBe(200)
    expect(v.parse(contractSchema, await read.json()).id).toBe(demoIds.ana.contract)
  })
})
