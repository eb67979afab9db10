/**
 * Issue 25's measures: the spreadsheet import (holders with 2 dependents and 12 instalments
 * each) on each database — time, rows per second, peak memory — and webhook delivery to a
 * receiver on this machine — events per second and the delay from the change to the delivery,
 * beside a floor: the same receiver fed plain signed POSTs with no database in between.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cpfWithCheckDigits } from '../../contract/rules'
import { sendWebhook } from '../../server/adapters/webhooks/send'
import { signMessage } from '../../server/adapters/webhooks/sign'
import { type DatabaseHandle, openDatabase } from '../../server/db/client'
import { scratchDatabase } from '../../server/db/scratch'
import { runImport } from '../../server/import/run'
import { silentLogger } from '../../server/logger'
import { DELIVERIES_CHANNEL, recordEvent } from '../../server/services/events'
import { createEndpoint } from '../../server/services/webhook-endpoints'
import { startWebhookDeliverer } from '../../server/services/webhooks'

export interface ImportFigures {
  database: 'pglite' | 'postgres'
  holders: number
  rows: number
  seconds: number
  rowsPerSecond: number
  peakRssMiB: number
  /** The JavaScript heap at its highest: the import's own memory (RSS also holds the database). */
  peakHeapMiB: number
  errors: number
  /** The same files again: every row UNCHANGED, nothing written. */
  againSeconds: number
  againUnchanged: boolean
}

/** A valid CPF for n (its check digits computed). */
const cpfFor = (n: number) => cpfWithCheckDigits(String(100_000_000 + n).slice(-9))

/** The five files of `holders` families, written to `dir`. */
function writeFiles(dir: string, holders: number): { files: string[]; rows: number } {
  const people = ['id_externo;nome;sobrenome;nascimento;cpf;email']
  const contracts = ['id_externo;plano;titular;status;dependentes_incluidos']
  const dependents = ['id_externo;contrato;pessoa;tipo;status']
  const instalments = ['id_externo;contrato;parcela;descricao;vencimento;valor;desconto;status']
  for (let h = 1; h <= holders; h++) {
    people.push(`t-${h};Titular;${h};01/01/1980;${cpfFor(h)};titular${h}@exemplo.com.br`)
    contracts.push(`c-${h};plano-bench;t-${h};ACTIVE;2`)
    for (const d of [1, 2]) {
      people.push(`d-${h}-${d};Dependente;${h}-${d};01/01/2012;;`)
      dependents.push(`dep-${h}-${d};c-${h};d-${h}-${d};Filho(a);ACTIVE`)
    }
    for (let i = 1; i <= 12; i++)
      instalments.push(
        `p-${h}-${i};c-${h};${i};Mensalidade ${i}/12;10/${String(i).padStart(2, '0')}/2027;189,90;0;A_PAGAR`,
      )
  }
  const files = {
    'planos.csv': ['id_externo;nome', 'plano-bench;Plano do bench'],
    'pessoas.csv': people,
    'contratos.csv': contracts,
    'dependentes.csv': dependents,
    'parcelas.csv': instalments,
  }
  let rows = 0
  for (const [name, lines] of Object.entries(files)) {
    writeFileSync(join(dir, name), `${lines.join('\n')}\n`)
    rows += lines.length - 1
  }
  return { files: Object.keys(files).map((name) => join(dir, name)), rows }
}

export async function importBench(holders: number, databaseUrl?: string): Promise<ImportFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-importacao-'))
  const figures: ImportFigures[] = []
  try {
    const { files, rows } = writeFiles(dir, holders)
    const targets: Array<{ database: 'pglite' | 'postgres'; url?: string }> = [
      { database: 'pglite' },
    ]
    const scratch = databaseUrl ? await scratchDatabase(databaseUrl, 'bench_importacao') : undefined
    if (scratch) targets.push({ database: 'postgres', url: scratch.url })
    for (const target of targets) {
      const handle = await openDatabase(target.url ? { databaseUrl: target.url } : { memory: true })
      try {
        await handle.migrate({ demo: false })
        global.gc?.()
        let peak = process.memoryUsage().rss
        let peakHeap = process.memoryUsage().heapUsed
        const sampler = setInterval(() => {
          const usage = process.memoryUsage()
          peak = Math.max(peak, usage.rss)
          peakHeap = Math.max(peakHeap, usage.heapUsed)
        }, 100)
        const load = () =>
          runImport(handle.db, {
            files,
            dryRun: false,
            partial: false,
            reportDir: dir,
            now: () => new Date(),
            logger: silentLogger(),
          })
        const started = performance.now()
        const result = await load()
        const seconds = (performance.now() - started) / 1000
        clearInterval(sampler)
        const againStarted = performance.now()
        const again = await load()
        const againSeconds = (performance.now() - againStarted) / 1000
        const againUnchanged = Object.values(again.counts).every(
          (count) => count.CREATED + count.UPDATED + count.ERROR + count.SKIPPED === 0,
        )
        figures.push({
          database: target.database,
          holders,
          rows,
          seconds,
          rowsPerSecond: rows / seconds,
          peakRssMiB: peak / 1024 / 1024,
          peakHeapMiB: peakHeap / 1024 / 1024,
          errors: result.errorRows,
          againSeconds,
          againUnchanged,
        })
      } finally {
        await handle.close()
      }
    }
    await scratch?.drop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return figures
}

export interface WebhookFigures {
  database: 'pglite' | 'postgres'
  /** A backlog of events already recorded, drained: events delivered per second. */
  burstEvents: number
  burstPerSecond: number
  /** Events offered at a steady rate: the delay from each commit to its arrival. */
  offeredPerSecond: number
  steadyEvents: number
  p50Ms: number
  p99Ms: number
  /** The same receiver, plain signed POSTs one after another in 10 lanes: no database. */
  floorPerSecond: number
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

export async function webhookBench(databaseUrl?: string): Promise<WebhookFigures[]> {
  const figures: WebhookFigures[] = []
  const arrived = new Map<string, number>()
  const receiver = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      arrived.set(String(request.headers['webhook-id']), performance.now())
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/eventos`
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl, 'bench_webhooks') : undefined
  try {
    for (const database of ['pglite', 'postgres'] as const) {
      if (database === 'postgres' && !scratch) continue
      const handle = await openDatabase(
        database === 'postgres' ? { databaseUrl: scratch?.url } : { memory: true },
      )
      try {
        await handle.migrate({ demo: false })
        figures.push({ database, ...(await webhookRun(handle, url, arrived)) })
      } finally {
        await handle.close()
      }
    }
  } finally {
    await scratch?.drop()
    receiver.close()
  }
  return figures
}

async function webhookRun(
  handle: DatabaseHandle,
  url: string,
  arrived: Map<string, number>,
): Promise<Omit<WebhookFigures, 'database'>> {
  const db = handle.db
  const { secret } = await createEndpoint(
    db,
    { url, description: null, eventTypes: null, contactEmail: null, enabled: true },
    true,
    new Date(),
  )

  // The floor: signed POSTs to the same receiver, 10 at a time.
  const floorCount = 1_000
  const floorStart = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < floorCount) {
        const id = `floor_${next++}`
        const body = JSON.stringify({ type: 'webhook.ping', timestamp: '', data: {} })
        await sendWebhook(url, { ...signMessage(id, new Date(), body, [secret]) }, body, true)
      }
    }),
  )
  const floorPerSecond = floorCount / ((performance.now() - floorStart) / 1000)

  arrived.clear()
  const record = (n: number) =>
    db.transaction((tx) => recordEvent(tx, 'webhook.ping', { endpointId: 'bench', n }, new Date()))
  const waitFor = async (count: number) => {
    const started = performance.now()
    while (arrived.size < count && performance.now() - started < 120_000)
      await new Promise((resolve) => setTimeout(resolve, 10))
  }
  // A backlog (a receiver back after an outage, a replay): recorded first, then drained.
  const burstEvents = 2_000
  for (let n = 0; n < burstEvents; n++) await record(n)
  const burstStart = performance.now()
  const deliverer = startWebhookDeliverer(
    {
      db,
      logger: silentLogger(),
      mail: { send: async () => {} },
      now: () => new Date(),
      portal: 'Portal do Titular',
      allowPrivate: true,
      timeoutMs: 15_000,
    },
    1_000,
    (onNotice) => handle.listen(DELIVERIES_CHANNEL, onNotice),
  )
  try {
    await waitFor(burstEvents)
    const burstPerSecond = arrived.size / ((Math.max(...arrived.values()) - burstStart) / 1000)

    // Steady: events offered at 250/s for 8 s; each one's delay from its commit to its arrival.
    arrived.clear()
    const offeredPerSecond = 250
    const steadyEvents = offeredPerSecond * 8
    const recorded = new Map<string, number>()
    const steadyStart = performance.now()
    for (let n = 0; n < steadyEvents; n++) {
      const due = steadyStart + (n * 1000) / offeredPerSecond
      const wait = due - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      const id = await record(n)
      recorded.set(id, performance.now())
    }
    await waitFor(steadyEvents)
    const delays = [...recorded].flatMap(([id, at]) => {
      const got = arrived.get(id)
      return got === undefined ? [] : [got - at]
    })
    return {
      burstEvents,
      burstPerSecond,
      offeredPerSecond,
      steadyEvents: delays.length,
      p50Ms: percentile(delays, 50),
      p99Ms: percentile(delays, 99),
      floorPerSecond,
    }
  } finally {
    await deliverer.stop()
  }
}
