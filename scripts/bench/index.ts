/** `npm run bench`: runs the benchmarks, prints one table, writes bench-results.json. */
import { existsSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { chromePath, chromiumArgs } from '../../tests/helpers/browser'
import { latestMessage } from '../../tests/helpers/outbox'
import { startServer } from '../../tests/helpers/server'
import { offlineCardBench } from './offline-card'
import { precacheKiB, routeJsKiB } from './size'

if (!existsSync('dist/index.html')) {
  console.error('dist/ não existe: rode `npm run build` antes do benchmark.')
  process.exit(1)
}

const results: Record<string, unknown> = {}
const rows: Array<[string, string, string]> = []

async function sizeBench() {
  const server = await startServer()
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs })
  try {
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${server.url}/socios-api${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
    await post('/client/generate-code', { email: 'ana@exemplo.com.br', send_to: 'email' })
    const { code } = await latestMessage(server.url, 'ana@exemplo.com.br')
    const { token } = (await (
      await post('/client/login', { email: 'ana@exemplo.com.br', code })
    ).json()) as { token: string }
    const contracts = (await (
      await fetch(`${server.url}/socios-api/client/contracts`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as Array<{ id: string }>
    const loggedIn = async (page: import('playwright-core').Page) => {
      await page.goto(`${server.url}/robots.txt`)
      await page.evaluate(
        ([t, id]) => {
          localStorage.setItem('authToken', t ?? '')
          localStorage.setItem('contractId', id ?? '')
          localStorage.setItem('pwa-installed', 'true')
        },
        [token, contracts[0]?.id],
      )
    }
    return {
      login: await routeJsKiB(browser, `${server.url}/login`),
      home: await routeJsKiB(browser, `${server.url}/home`, loggedIn),
      favorites: await routeJsKiB(browser, `${server.url}/favorites`, loggedIn),
      precache: precacheKiB(),
    }
  } finally {
    await browser.close()
    await server.close()
  }
}

const sizes = await sizeBench()
results.size = sizes
rows.push(
  ['JS loaded for /login (gzip)', `${sizes.login.kib.toFixed(1)} KiB`, '≤ 130 KiB'],
  ['JS loaded for /home (gzip)', `${sizes.home.kib.toFixed(1)} KiB`, ''],
  ['JS loaded for /favorites (gzip)', `${sizes.favorites.kib.toFixed(1)} KiB`, ''],
  ['Precache total (gzip)', `${sizes.precache.kib.toFixed(1)} KiB`, '≤ 300 KiB'],
)

const card = await offlineCardBench()
results.offlineCard = card
rows.push(
  [
    'Offline cold start → card visible (app, median of 5, 4× CPU)',
    `${card.appMs.toFixed(0)} ms`,
    '≤ 1000 ms',
  ],
  ['Offline cold start → card visible (static floor)', `${card.floorMs.toFixed(0)} ms`, ''],
  ['Ratio app / floor', `${card.ratio.toFixed(2)}×`, '≤ 1.5×'],
)

const width = Math.max(...rows.map(([name]) => name.length))
console.log(`\n${'Measure'.padEnd(width)}  ${'Result'.padStart(10)}  Budget`)
for (const [name, value, budget] of rows)
  console.log(`${name.padEnd(width)}  ${value.padStart(10)}  ${budget}`)
writeFileSync(
  'bench-results.json',
  `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`,
)
console.log('\nbench-results.json escrito.')
