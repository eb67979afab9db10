/**
 * `npm run bench`: the budgets of docs/design.md §7, measured. Prints one table and writes
 * bench-results.json. `-- --only=size,lighthouse,pages,offline,connectivity,pix,api,sustained,import,webhooks` runs a subset (the file
 * then holds only those); the full run takes a few minutes plus the 60 s sustained load.
 */
import { existsSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { chromium } from 'playwright-core'
import { chromePath, chromiumArgs } from '../../tests/helpers/browser'
import { startServer } from '../../tests/helpers/server'
import {
  type ApiRun,
  apiLoadBench,
  type LoadFigures,
  sustainedLoadBench,
  type WireBytes,
} from './api-load'
import { connectivityBench } from './connectivity'
import { demoPaymentPath, demoSession } from './demo-session'
import { importBench, webhookBench } from './integration'
import { lighthousePage, lighthouseRuns, type PageResult } from './lighthouse'
import { offlineCardBench } from './offline-card'
import { pagesBench } from './pages'
import { pixPaidBench } from './pix-paid'
import { largestLazyChunk, precacheKiB, routeJsKiB } from './size'

if (!existsSync('dist/index.html')) {
  console.error('dist/ não existe: rode `npm run build` antes do benchmark.')
  process.exit(1)
}

const sections = [
  'size',
  'lighthouse',
  'pages',
  'offline',
  'connectivity',
  'pix',
  'api',
  'sustained',
  'import',
  'webhooks',
] as const
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
const selected = new Set(only ? only.split(',') : sections)
for (const name of selected)
  if (!sections.includes(name as (typeof sections)[number])) {
    console.error(`Seção desconhecida: ${name}. Use ${sections.join(', ')}.`)
    process.exit(1)
  }

/** Other work on the machine moves every timing here; the table says how busy it was. */
const loadAtStart = loadavg()
const results: Record<string, unknown> = {}
/** Measure, result, budget, and whether the budget holds (undefined: no budget). */
const rows: Array<[string, string, string, boolean | undefined]> = []

const pages = ['/login', '/home', '/favorites', demoPaymentPath]
/** The pages docs/design.md §7 holds to the Lighthouse budget; /pagamento is measured alongside. */

async function browserBenches() {
  const server = await startServer()
  try {
    const session = await demoSession(server.url)
    if (selected.has('size')) {
      const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs })
      try {
        const loggedIn = async (page: import('playwright-core').Page) => {
          await page.goto(`${server.url}/robots.txt`)
          await page.evaluate((entries) => {
            for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
          }, session.localStorage)
        }
        const routes: Record<string, { kib: number; files: number }> = {}
        for (const path of pages)
          routes[path] = await routeJsKiB(
            browser,
            `${server.url}${path}`,
            path === '/login' ? undefined : loggedIn,
          )
        const sizes = { routes, largestLazy: largestLazyChunk(), precache: precacheKiB() }
        results.size = sizes
        for (const path of pages) {
          const kib = routes[path]?.kib ?? Number.NaN
          // Issue 16's budget (npm test holds the figure reached so far, tests/size).
          const budget = path === '/login' ? 110 : undefined
          rows.push([
            `JS loaded for ${path.split('?')[0]} (gzip)`,
            `${kib.toFixed(1)} KiB`,
            budget ? `≤ ${budget} KiB` : '',
            budget ? kib <= budget : undefined,
          ])
        }
        rows.push(
          [
            `Largest lazy chunk (${sizes.largestLazy.name})`,
            `${sizes.largestLazy.kib.toFixed(1)} KiB`,
            '≤ 50 KiB',
            sizes.largestLazy.kib <= 50,
          ],
          [
            'Precache total (gzip)',
            `${sizes.precache.kib.toFixed(1)} KiB`,
            '≤ 300 KiB',
            sizes.precache.kib <= 300,
          ],
        )
      } finally {
        await browser.close()
      }
    }
    if (selected.has('lighthouse')) {
      const lighthouse: PageResult[] = []
      // /login sends a logged-in user home, so the login screen is measured logged out.
      for (const path of pages)
        lighthouse.push(
          await lighthousePage(server.url, path, path === '/login' ? {} : session.localStorage),
        )
      results.lighthouse = lighthouse
      for (const page of lighthouse) {
        const { median } = page
        // Issue 16: every first view, the payment page included.
        rows.push([
          `Lighthouse ${page.path.split('?')[0]} (mobile, median of ${lighthouseRuns})`,
          `perf ${median.performance} · a11y ${median.accessibility} · BP ${median.bestPractices} · ` +
            `LCP ${(median.lcpMs / 1000).toFixed(1)} s · TBT ${median.tbtMs.toFixed(0)} ms · ` +
            `CLS ${median.cls.toFixed(3)}`,
          'perf ≥ 95, a11y 100, BP 100, LCP ≤ 2.5 s',
          median.performance >= 95 &&
            median.accessibility === 100 &&
            median.bestPractices === 100 &&
            median.lcpMs <= 2500,
        ])
      }
    }
    if (selected.has('pages')) {
      const figures = await pagesBench(server, session)
      results.pages = figures
      const ms = (value: number) => `${value.toFixed(0)} ms`
      for (const { path, app, floor } of figures.cold) {
        const ratio = app.lcpMs / floor.lcpMs
        rows.push([
          `Cold ${path.split('?')[0]}: LCP · FCP · TBT · perf (floor: same HTML and CSS, no script)`,
          `${ms(app.lcpMs)} · ${ms(app.fcpMs)} · ${ms(app.tbtMs)} · ${app.performance} ` +
            `(floor ${ms(floor.lcpMs)} · ${ms(floor.fcpMs)} · ${ms(floor.tbtMs)} · ${floor.performance}) · ` +
            `LCP ${ratio.toFixed(2)}× floor`,
          'LCP ≤ 1.2× floor, TBT ≤ 150 ms, perf ≥ 95',
          ratio <= 1.2 && app.tbtMs <= 150 && app.performance >= 95,
        ])
      }
      const bare = figures.bareReact
      rows.push([
        'Main thread at start-up, bare React root (floor): all · script',
        `${ms(bare.mainThreadMs)} · ${ms(bare.scriptMs)}`,
        '',
        undefined,
      ])
      for (const { path, app } of figures.cold) {
        const ratio = app.mainThreadMs / bare.mainThreadMs
        rows.push([
          `Main thread at start-up, cold ${path.split('?')[0]}: all · script`,
          `${ms(app.mainThreadMs)} · ${ms(app.scriptMs)} · ${ratio.toFixed(2)}× floor`,
          '≤ 2× floor',
          ratio <= 2,
        ])
      }
      for (const { path, app, floor } of figures.warm) {
        const ratio = app.lcpMs / floor.lcpMs
        rows.push([
          `Warm ${path.split('?')[0]} (installed, 4× CPU, median of 5): LCP · FCP · TBT`,
          `${ms(app.lcpMs)} · ${ms(app.fcpMs)} · ${ms(app.tbtMs)} ` +
            `(floor ${ms(floor.lcpMs)} · ${ms(floor.fcpMs)} · ${ms(floor.tbtMs)}) · LCP ${ratio.toFixed(2)}× floor`,
          'LCP ≤ 1.2× floor, TBT ≤ 100 ms',
          ratio <= 1.2 && app.tbtMs <= 100,
        ])
      }
    }
  } finally {
    await server.close()
  }
}

const loadText = (figures: LoadFigures, floor?: LoadFigures) =>
  `${figures.reqPerSec.toFixed(0)} req/s · p50 ${figures.p50Ms} ms · p99 ${figures.p99Ms} ms · ` +
  `${figures.errors} erros` +
  (floor ? ` · ${(figures.reqPerSec / floor.reqPerSec).toFixed(2)}× piso` : '') +
  (figures.serverCpuUs ? ` · CPU ${figures.serverCpuUs.toFixed(0)} µs/req` : '')

/** Issue 16's budgets for the contract read under 10 connections, per database. */
const contractBudget = {
  pglite: { reqPerSec: 2_500, p99Ms: 20 },
  postgres: { reqPerSec: 5_000, p99Ms: 10 },
}

function apiRows(run: ApiRun) {
  const db = run.database === 'pglite' ? 'PGlite' : 'PostgreSQL'
  const budget = contractBudget[run.database]
  rows.push(
    [`API floor GET /socios-api/health (${db})`, loadText(run.floor), '', undefined],
    [
      `API GET /client/contract/:id (${db}, ${run.connections} conn.)`,
      loadText(run.contract, run.floor),
      `≥ ${budget.reqPerSec} req/s, p99 ≤ ${budget.p99Ms} ms`,
      run.contract.reqPerSec >= budget.reqPerSec &&
        run.contract.p99Ms <= budget.p99Ms &&
        run.contract.errors === 0,
    ],
    [
      `API GET /client/contract/:id, Accept-Encoding: br (${db})`,
      loadText(run.contractBrotli, run.floor),
      '',
      undefined,
    ],
    [
      `API revalidation of an unchanged contract, 304 (${db})`,
      loadText(run.revalidation, run.floor),
      '≥ 0.40× piso',
      run.revalidation.reqPerSec >= 0.4 * run.floor.reqPerSec && run.revalidation.errors === 0,
    ],
    [
      `API GET /client/contract/payment-orders/:id (${db})`,
      loadText(run.paymentOrders, run.floor),
      '',
      undefined,
    ],
    [
      `API bytes per read, contract · payment orders (${db})`,
      `${wireText(run.wire.contract)} · ${wireText(run.wire.paymentOrders)}`,
      '',
      undefined,
    ],
  )
}

const wireText = ({ identity, gzip, br }: WireBytes) =>
  `${identity} B sem compressão, gzip ${gzip} B, br ${br} B`

if (selected.has('size') || selected.has('lighthouse') || selected.has('pages'))
  await browserBenches()

if (selected.has('offline')) {
  const card = await offlineCardBench()
  results.offlineCard = card
  rows.push(
    [
      'Offline cold start → card visible (app, median of 5, 4× CPU)',
      `${card.appMs.toFixed(0)} ms`,
      '≤ 1000 ms',
      card.appMs <= 1000,
    ],
    [
      'Offline cold start → card visible (static floor)',
      `${card.floorMs.toFixed(0)} ms`,
      '',
      undefined,
    ],
    ['Ratio app / floor', `${card.ratio.toFixed(2)}×`, '≤ 1.3×', card.ratio <= 1.3],
  )
}

if (selected.has('connectivity')) {
  const figures = await connectivityBench()
  results.connectivity = figures
  const ms = (value: number) => `${value.toFixed(0)} ms`
  const of = `median of ${figures.runs}`
  rows.push(
    [
      `Lie-fi cold open → "Sem conexão" shown (${of})`,
      ms(figures.pillShownMs),
      '≤ 3000 ms',
      figures.pillShownMs <= 3000,
    ],
    [`Server back, page open → pill gone (${of})`, ms(figures.pillGoneMs), '', undefined],
    [
      `Server back, page open → 'pendente' cleared (${of})`,
      ms(figures.pendingClearedMs),
      '',
      undefined,
    ],
    [
      `No page: sync event → save on the server (${of})`,
      ms(figures.syncDeliveredMs),
      '',
      undefined,
    ],
    [
      `No page, delivered: next open → shown without 'pendente' (${of})`,
      ms(figures.nextOpenClearMs),
      '',
      undefined,
    ],
  )
}

if (selected.has('pix')) {
  const figures = await pixPaidBench()
  results.pix = figures
  rows.push(
    [
      `Pix paid at the bank → instalment PAID, no screen open (median of ${figures.runs})`,
      `${figures.noScreenMs.toFixed(0)} ms`,
      '≤ 5000 ms',
      figures.noScreenMs <= 5000,
    ],
    [
      `Pix paid at the bank → open screen on /success by itself (median of ${figures.runs})`,
      `${figures.openScreenMs.toFixed(0)} ms`,
      '',
      undefined,
    ],
  )
}

if (selected.has('api')) {
  const { runs, pair } = await apiLoadBench()
  results.api = runs
  for (const run of runs) apiRows(run)
  if (pair) {
    results.apiTwoProcesses = pair
    const single = runs.find((run) => run.database === 'postgres')?.contract.reqPerSec ?? 0
    const total = pair.a.reqPerSec + pair.b.reqPerSec
    rows.push(
      [
        'API GET /client/contract/:id, two processes on one PostgreSQL (5 + 5 conn.)',
        `${total.toFixed(0)} req/s (A ${pair.a.reqPerSec.toFixed(0)} + B ${pair.b.reqPerSec.toFixed(0)}; ` +
          `one process ${single.toFixed(0)}) · p99 ${Math.max(pair.a.p99Ms, pair.b.p99Ms)} ms · ` +
          `${pair.a.errors + pair.b.errors} erros`,
        '0 erros',
        pair.a.errors + pair.b.errors === 0,
      ],
      [
        'API after a save through process B, A answers the old ETag with',
        pair.staleAfterWrite ? 'a stale answer' : 'the saved contract (200, new ETag)',
        'never stale',
        !pair.staleAfterWrite,
      ],
    )
  }
}

if (selected.has('sustained')) {
  const sustained = await sustainedLoadBench()
  results.sustained = sustained
  rows.push([
    `API contract read, ${sustained.seconds} s offered ${sustained.offeredRate} req/s (PGlite)`,
    loadText(sustained),
    `${sustained.offeredRate} req/s, 0 erros`,
    sustained.errors === 0 && sustained.reqPerSec >= sustained.offeredRate * 0.98,
  ])
}

if (selected.has('import')) {
  // Issue 25: 10,000 holders, 20,000 dependents, 120,000 instalments (BENCH_IMPORT_HOLDERS).
  const holders = Number(process.env.BENCH_IMPORT_HOLDERS ?? 10_000)
  const figures = await importBench(holders, process.env.TEST_DATABASE_URL)
  results.import = figures
  for (const run of figures)
    rows.push([
      `Import ${run.holders} holders (${run.rows} rows, ${run.database === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
      `${run.seconds.toFixed(1)} s · ${run.rowsPerSecond.toFixed(0)} rows/s · peak heap ${run.peakHeapMiB.toFixed(0)} MiB, RSS ${run.peakRssMiB.toFixed(0)} MiB · ${run.errors} erros`,
      run.database === 'pglite' ? '≤ 120 s' : '≤ 60 s',
      run.errors === 0 && run.seconds <= (run.database === 'pglite' ? 120 : 60),
    ])
  for (const run of figures)
    rows.push([
      `Import the same files again (${run.database === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
      `${run.againSeconds.toFixed(1)} s · ${run.againUnchanged ? 'all UNCHANGED' : 'CHANGED ROWS'}`,
      'all UNCHANGED',
      run.againUnchanged,
    ])
}

if (selected.has('webhooks')) {
  // Issue 25: commit → arrival at a receiver on this machine, on each database.
  const figures = await webhookBench(process.env.TEST_DATABASE_URL)
  results.webhooks = figures
  for (const run of figures) {
    const name = run.database === 'pglite' ? 'PGlite' : 'PostgreSQL'
    rows.push(
      [
        `Webhooks, a backlog of ${run.burstEvents} events → a local receiver (${name})`,
        `${run.burstPerSecond.toFixed(0)} events/s`,
        '≥ 200 events/s',
        run.burstPerSecond >= 200,
      ],
      [
        `Webhooks, ${run.offeredPerSecond} events/s offered for 8 s, commit → arrival (${name})`,
        `${run.steadyEvents} delivered · p50 ${run.p50Ms.toFixed(0)} ms · p99 ${run.p99Ms.toFixed(0)} ms`,
        'p99 ≤ 2000 ms',
        run.steadyEvents === run.offeredPerSecond * 8 && run.p99Ms <= 2000,
      ],
      [
        `Webhooks floor: signed POSTs to the same receiver, no database, 10 lanes (${name} run)`,
        `${run.floorPerSecond.toFixed(0)} POST/s`,
        '',
        undefined,
      ],
    )
  }
}

const verdict = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? 'ok' : 'FORA')
const widths = [0, 1, 2].map((column) =>
  Math.max(...rows.map((row) => String(row[column]).length), 7),
)
const line = (cells: string[]) =>
  cells
    .map((cell, column) => cell.padEnd(widths[column] ?? 0))
    .join('  ')
    .trimEnd()
console.log(`\n${line(['Measure', 'Result', 'Budget', ''])}`)
for (const [name, value, budget, ok] of rows) console.log(line([name, value, budget, verdict(ok)]))

const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' ')
results.machine = { cores: availableParallelism(), loadAtStart, loadAtEnd: loadavg() }
console.log(
  `\n${availableParallelism()} núcleos; carga média (1, 5, 15 min) ${load(loadAtStart)} no início, ` +
    `${load(loadavg())} no fim.`,
)

const failing = (results.lighthouse as PageResult[] | undefined)?.flatMap((page) =>
  page.failing.map((audit) => ({ page: page.path, ...audit })),
)
if (failing?.length) {
  console.log('\nLighthouse: audits abaixo de 100 (em alguma execução)')
  for (const audit of failing)
    console.log(
      `  ${audit.page} [${audit.category}] ${audit.id}: ${audit.title}` +
        `${audit.displayValue ? ` (${audit.displayValue})` : ''}` +
        `${audit.items.length ? `\n      ${audit.items.join('\n      ')}` : ''}`,
    )
}

writeFileSync(
  'bench-results.json',
  `${JSON.stringify({ at: new Date().toISOString(), sections: [...selected], ...results }, null, 2)}\n`,
)
console.log('\nbench-results.json escrito.')
