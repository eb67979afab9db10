/**
 * API load (docs/design.md §7): autocannon against the real server (`tsx server/index.ts`, spawned as the
 * browser tests do), logged in as ana. Each authenticated read is measured next to a bare JSON
 * route of the same server in the same run (the floor: routing, headers, JSON, HTTP), so the
 * figures say what the session and the database cost on top of what any answer costs here.
 * autocannon shares the machine with the server: on 2 cores it takes most of one.
 */
import { request } from 'node:http'
import autocannon from 'autocannon'
import pg from 'pg'
import { holderSave, paths, postSave, readContract } from '../../server/testing/registration'
import { startServer } from '../../tests/helpers/server'
import { overHttp } from '../../tests/helpers/server-pair'
import { demoSession } from './demo-session'
import { cpuMs, pidListeningOn } from './process-cpu'

/** Client connections: enough to keep the server busy, few enough that latency means something. */
const connections = 10
const measureSeconds = 10
const warmSeconds = 3
/** docs/design.md §7 target for the contract read; the sustained run offers twice as much. */
const targetRate = 1_000
const sustainedSeconds = 60

export interface LoadFigures {
  path: string
  seconds: number
  /** Answers per second over the run (any status; errors are counted apart). */
  reqPerSec: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  requests: number
  /** Connection errors, timeouts and non-2xx answers together: any of them fails the budget. */
  errors: number
  non2xx: number
  timeouts: number
  /**
   * Server CPU per answer (µs), and the rate one core would give at that cost: figures that
   * hold when other work shares the machine, unlike req/s. Undefined where /proc is missing.
   */
  serverCpuUs?: number
  oneCoreReqPerSec?: number
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  overallRate?: number,
  /** A revalidation: 304 is the answer wanted, not an error. */
  notModified = false,
  clients = connections,
): Promise<LoadFigures> {
  const pid = pidListeningOn(Number(new URL(url).port))
  const cpuBefore = pid ? cpuMs(pid) : 0
  const result = await autocannon({
    url,
    headers,
    connections: clients,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
  })
  const serverCpuUs = pid ? ((cpuMs(pid) - cpuBefore) * 1000) / result.requests.total : undefined
  const non2xx = notModified ? result.non2xx - result['3xx'] : result.non2xx
  return {
    path: new URL(url).pathname,
    seconds,
    reqPerSec: result.requests.total / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + non2xx,
    non2xx,
    timeouts: result.timeouts,
    ...(serverCpuUs ? { serverCpuUs, oneCoreReqPerSec: 1e6 / serverCpuUs } : {}),
  }
}

/** A started server with ana logged in: the URLs to load and the headers to send. */
async function withLoggedInServer<T>(
  env: Record<string, string>,
  use: (target: {
    floorUrl: string
    contractUrl: string
    ordersUrl: string
    auth: Record<string, string>
    output: () => string
  }) => Promise<T>,
): Promise<T> {
  const server = await startServer(env)
  try {
    const { token, contractId } = await demoSession(server.url)
    const api = `${server.url}/socios-api`
    return await use({
      floorUrl: `${api}/health`,
      contractUrl: `${api}/client/contract/${contractId}`,
      ordersUrl: `${api}/client/contract/payment-orders/${contractId}`,
      auth: { authorization: `Bearer ${token}` },
      output: server.output,
    })
  } finally {
    await server.close()
  }
}

/** Bytes of one answer's body as sent, per Accept-Encoding (304: none, headers only). */
export interface WireBytes {
  identity: number
  gzip: number
  br: number
}

export interface ApiRun {
  database: 'pglite' | 'postgres'
  connections: number
  floor: LoadFigures
  contract: LoadFigures
  /** The contract read as a browser asks for it (brotli accepted). */
  contractBrotli: LoadFigures
  /** The contract read revalidated with its current ETag: 304, no body. */
  revalidation: LoadFigures
  paymentOrders: LoadFigures
  wire: { contract: WireBytes; paymentOrders: WireBytes }
}

async function wireBytes(url: string, auth: Record<string, string>): Promise<WireBytes> {
  const bytes = async (encoding: string) => {
    // Node's fetch would decode the body: count what came over the wire through a raw request.
    return new Promise<number>((done, fail) => {
      const ask = request(url, { headers: { ...auth, 'accept-encoding': encoding } }, (answer) => {
        let length = 0
        answer.on('data', (chunk: Buffer) => {
          length += chunk.length
        })
        answer.on('end', () => done(length))
        answer.on('error', fail)
      })
      ask.on('error', fail)
      ask.end()
    })
  }
  return { identity: await bytes('identity'), gzip: await bytes('gzip'), br: await bytes('br') }
}

async function currentTag(url: string, auth: Record<string, string>): Promise<string> {
  const answer = await fetch(url, { headers: auth })
  await answer.arrayBuffer()
  const tag = answer.headers.get('etag')
  if (!tag) throw new Error(`${url} sem ETag`)
  return tag
}

function runAgainst(database: ApiRun['database'], env: Record<string, string>): Promise<ApiRun> {
  return withLoggedInServer(env, async ({ floorUrl, contractUrl, ordersUrl, auth, output }) => {
    // Warm the JIT, the database's plans and caches before anything is measured.
    for (const url of [floorUrl, contractUrl, ordersUrl]) await load(url, auth, warmSeconds)
    const run: ApiRun = {
      database,
      connections,
      floor: await load(floorUrl, {}, measureSeconds),
      contract: await load(contractUrl, auth, measureSeconds),
      contractBrotli: await load(contractUrl, { ...auth, 'accept-encoding': 'br' }, measureSeconds),
      revalidation: await load(
        contractUrl,
        { ...auth, 'if-none-match': await currentTag(contractUrl, auth) },
        measureSeconds,
        undefined,
        true,
      ),
      paymentOrders: await load(ordersUrl, auth, measureSeconds),
      wire: {
        contract: await wireBytes(contractUrl, auth),
        paymentOrders: await wireBytes(ordersUrl, auth),
      },
    }
    const measured = [run.floor, run.contract, run.contractBrotli, run.revalidation]
    if ([...measured, run.paymentOrders].some((figures) => figures.errors > 0))
      console.warn(`[bench] respostas com erro sob carga (${database}):\n${output()}`)
    return run
  })
}

/** A fresh database on the PostgreSQL of DATABASE_URL for one run, dropped afterwards. */
async function withFreshPostgres<T>(databaseUrl: string, use: (url: string) => Promise<T>) {
  const name = `pdt_bench_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
    const url = new URL(databaseUrl)
    url.pathname = `/${name}`
    try {
      return await use(url.toString())
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`)
    }
  } finally {
    await admin.end()
  }
}

/** The floor and both reads on the embedded database, then on PostgreSQL when DATABASE_URL is set. */
export async function apiLoadBench(): Promise<{ runs: ApiRun[]; pair?: PairRun }> {
  const runs = [await runAgainst('pglite', {})]
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) return { runs }
  // DEMO on, so the fresh database gets the demo people (it defaults off with PostgreSQL).
  runs.push(
    await withFreshPostgres(databaseUrl, (url) =>
      runAgainst('postgres', { DATABASE_URL: url, DEMO: '1' }),
    ),
  )
  const pair = await withFreshPostgres(databaseUrl, (url) =>
    pairRun({ DATABASE_URL: url, DEMO: '1' }),
  )
  return { runs, pair }
}

/** Two server processes on one PostgreSQL, loaded at once, then a write through one. */
export interface PairRun {
  /** The contract read, half the connections on each process, over the same seconds. */
  a: LoadFigures
  b: LoadFigures
  /** After a save through B, A's answer to the old ETag: 200 with the saved phone, or not. */
  staleAfterWrite: boolean
}

async function pairRun(env: Record<string, string>): Promise<PairRun> {
  const [a, b] = await Promise.all([startServer(env), startServer(env)])
  try {
    const { token, contractId } = await demoSession(a.url)
    const auth = { authorization: `Bearer ${token}` }
    const path = `/socios-api/client/contract/${contractId}`
    for (const server of [a, b]) await load(`${server.url}${path}`, auth, warmSeconds)
    const [onA, onB] = await Promise.all(
      [a, b].map((server) =>
        load(`${server.url}${path}`, auth, measureSeconds, undefined, false, connections / 2),
      ),
    )
    if (!onA || !onB) throw new Error('carga sem resultado')
    const oldTag = await currentTag(`${a.url}${path}`, auth)
    const throughB = overHttp(b)
    const phone = '11900001111'
    const save = await postSave(
      throughB,
      paths.holder,
      token,
      holderSave(await readContract(throughB, token, contractId), (person) => {
        person.phone = { number_ddi: '55', number: phone }
      }),
    )
    if (save.status !== 200) throw new Error(`a gravação pelo processo B falhou: ${save.status}`)
    const after = await fetch(`${a.url}${path}`, { headers: { ...auth, 'if-none-match': oldTag } })
    const answer =
      after.status === 200
        ? ((await after.json()) as { holder: { person: { phone?: { number?: string } } } })
        : undefined
    return { a: onA, b: onB, staleAfterWrite: answer?.holder.person.phone?.number !== phone }
  } finally {
    await Promise.all([a.close(), b.close()])
  }
}

/** The contract read offered twice the target rate for a minute, on the embedded database. */
export function sustainedLoadBench(): Promise<LoadFigures & { offeredRate: number }> {
  return withLoggedInServer({}, async ({ contractUrl, auth, output }) => {
    await load(contractUrl, auth, warmSeconds)
    const offeredRate = 2 * targetRate
    const figures = await load(contractUrl, auth, sustainedSeconds, offeredRate)
    if (figures.errors > 0) console.warn(`[bench] erros na carga sustentada:\n${output()}`)
    return { offeredRate, ...figures }
  })
}
