/**
 * The pages where people arrive, each next to a floor measured in the same run (issue 26,
 * docs/design.md §7), because these machines differ from day to day:
 * - cold /pagamento and /login: Lighthouse (mobile defaults) on the page and on its floor, the
 *   same HTML and CSS as the server sends, with no script;
 * - main-thread work at start-up: each cold page next to a bare React root built like the app;
 * - warm (installed app, from its service worker): /home, /favorites, /search and /pagamento at
 *   4× CPU, LCP, FCP and TBT observed in the page, next to a floor of the same screen's HTML and
 *   CSS precached by a minimal service worker.
 * The floors are served by a small server of the bench beside the app's, which passes every other
 * path (the styles, the fonts) on to the app's server.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { chromium, type Page } from 'playwright-core'
import { build } from 'vite'
import { chromePath, chromiumArgs } from '../../tests/helpers/browser'
import { freePort, type RunningServer } from '../../tests/helpers/server'
import { type DemoSession, demoPaymentPath } from './demo-session'
import { type LighthouseFigures, lighthousePage } from './lighthouse'

const root = resolve(import.meta.dirname, '../..')
const warmRuns = 5
const cpuSlowdown = 4

export interface ColdPage {
  path: string
  app: LighthouseFigures
  floor: LighthouseFigures
}
export interface WarmFigures {
  lcpMs: number
  fcpMs: number
  tbtMs: number
}
export interface WarmPage {
  path: string
  app: WarmFigures
  floor: WarmFigures
}
export interface PagesFigures {
  cold: ColdPage[]
  bareReact: LighthouseFigures
  warm: WarmPage[]
}

/** The server's HTML with nothing that runs: no module script, preload or page data. */
export const withoutScripts = (html: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
}

/** The floors' server: the pages given, a bare React build, a floor worker; the rest is the app's. */
async function floorServer(appUrl: string, bareDir: string) {
  const pages = new Map<string, string>()
  const worker = () => `const pages = ${JSON.stringify([...pages.keys()])}
self.addEventListener('install', (e) => e.waitUntil(caches.open('floor').then(async (cache) => {
  await cache.addAll(pages)
  const css = new Set()
  for (const page of pages) for (const m of (await (await cache.match(page)).text()).matchAll(/href="(\\/assets\\/[^"]+\\.css)"/g)) css.add(m[1])
  await cache.addAll([...css])
}).then(() => self.skipWaiting())))
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()))
self.addEventListener('fetch', (e) => e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((r) => r || fetch(e.request))))`
  const port = await freePort()
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const page = pages.get(path)
    if (page !== undefined)
      return response.writeHead(200, { 'Content-Type': types['.html'] as string }).end(page)
    if (path === '/floor-sw.js')
      return response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(worker())
    if (path.startsWith('/bare/')) {
      try {
        const file = readFileSync(join(bareDir, path.slice('/bare/'.length) || 'index.html'))
        const type = types[extname(path) || '.html'] ?? 'application/octet-stream'
        return response.writeHead(200, { 'Content-Type': type }).end(file)
      } catch {
        return response.writeHead(404).end()
      }
    }
    const passed = await fetch(`${appUrl}${request.url}`).catch(() => null)
    if (!passed) return response.writeHead(502).end()
    const body = Buffer.from(await passed.arrayBuffer())
    response
      .writeHead(passed.status, {
        'Content-Type': passed.headers.get('content-type') ?? 'application/octet-stream',
      })
      .end(body)
  })
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${port}`,
    add: (path: string, html: string) => pages.set(path, html),
    close: () => new Promise((done) => server.close(done)),
  }
}

/** React mounting one heading, built by Vite with the app's React plugin and target. */
async function buildBareReact(outDir: string) {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: resolve(root, 'scripts/bench/floor'),
    base: '/bare/',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  })
}

/** The median of the runs that measured something (a run without the entry is left out). */
const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** LCP, FCP and TBT as the page saw them (4× CPU), once the load has settled. */
async function observed(page: Page): Promise<WarmFigures> {
  await page.waitForLoadState('load')
  await page.waitForTimeout(2_000)
  // A string, not a function: the TypeScript loader would wrap named functions in a helper the
  // page does not have.
  return page.evaluate(observeScript) as Promise<WarmFigures>
}

const observeScript = `new Promise((resolve) => {
  // Buffered entries go to each observer's buffer as it starts observing, and only later to its
  // callback (a task): read them with takeRecords, not by waiting for the callback.
  const entries = (type) => {
    const found = []
    const observer = new PerformanceObserver((list) => found.push(...list.getEntries()))
    observer.observe({ type, buffered: true })
    return () => [...found, ...observer.takeRecords()]
  }
  const lcp = entries('largest-contentful-paint')
  const tasks = entries('longtask')
  setTimeout(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
    const tbt = tasks()
      .filter((task) => task.startTime >= fcp)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)
    resolve({ lcpMs: lcp().at(-1)?.startTime ?? Number.NaN, fcpMs: fcp, tbtMs: tbt })
  }, 0)
})`

async function persistent(profile: string) {
  return chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    headless: true,
    args: chromiumArgs,
    viewport: { width: 390, height: 844 },
  })
}

/** Opens `url` `warmRuns` times in a new browser process on `profile` (4× CPU); the medians. */
async function warmLoads(profile: string, url: string): Promise<WarmFigures> {
  const runs: WarmFigures[] = []
  for (let i = 0; i < warmRuns; i++) {
    const context = await persistent(profile)
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
      await page.goto(url)
      runs.push(await observed(page))
    } finally {
      await context.close()
    }
  }
  return {
    lcpMs: median(runs.map((run) => run.lcpMs)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
  }
}

/** The screen as the app has it on display, as a static page: its HTML and its styles. */
async function screenAsFloor(page: Page, shell: string) {
  const { screen, styles } = await page.evaluate(() => ({
    screen: document.getElementById('root')?.outerHTML ?? '',
    styles: [...document.querySelectorAll('link[rel="stylesheet"]')].map(
      (link) => new URL((link as HTMLLinkElement).href).pathname,
    ),
  }))
  const head = styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('')
  return withoutScripts(shell)
    .replace(/<link rel="stylesheet"[^>]*>/g, '')
    .replace('</head>', `${head}</head>`)
    .replace('<div id="root"></div>', screen)
}

/** What each warm page waits for before it counts as shown (its heading or its list). */
const warmPages: Array<{ path: string; shown: (page: Page) => Promise<void> }> = [
  { path: '/home', shown: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  {
    path: '/favorites',
    shown: (page) => page.getByRole('heading', { name: 'Ana Paula Souza' }).first().waitFor(),
  },
  {
    path: '/search',
    shown: (page) =>
      page
        .getByRole('button', { name: /^Pagar parcela/ })
        .first()
        .waitFor(),
  },
  {
    path: demoPaymentPath,
    shown: (page) => page.getByRole('heading', { name: 'Formas de pagamento' }).waitFor(),
  },
]

async function warmBench(
  server: RunningServer,
  floors: Awaited<ReturnType<typeof floorServer>>,
  session: DemoSession,
): Promise<WarmPage[]> {
  const appProfile = mkdtempSync(join(tmpdir(), 'pdt-bench-warm-app-'))
  const floorProfile = mkdtempSync(join(tmpdir(), 'pdt-bench-warm-floor-'))
  const shell = readFileSync(resolve(root, 'dist/index.html'), 'utf8')
  try {
    // Installed: logged in, the worker in control, each screen opened once (its data on the
    // device, the chunks kept on first use), and each screen's markup kept as its floor.
    const install = await persistent(appProfile)
    const floorPaths: string[] = []
    try {
      const page = install.pages()[0] ?? (await install.newPage())
      await page.goto(`${server.url}/robots.txt`)
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
      }, session.localStorage)
      await page.goto(`${server.url}/home`)
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
        if (!navigator.serviceWorker.controller)
          await new Promise((done) =>
            navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }),
          )
      })
      for (const [index, { path, shown }] of warmPages.entries()) {
        await page.goto(`${server.url}${path}`)
        await shown(page)
        await page.waitForLoadState('networkidle')
        const floorPath = `/floor/warm-${index}.html`
        floors.add(floorPath, await screenAsFloor(page, shell))
        floorPaths.push(floorPath)
      }
    } finally {
      await install.close()
    }
    const floorInstall = await persistent(floorProfile)
    try {
      const page = floorInstall.pages()[0] ?? (await floorInstall.newPage())
      await page.goto(`${floors.url}/floor/warm-0.html`)
      await page.evaluate(async () => {
        await navigator.serviceWorker.register('/floor-sw.js')
        await navigator.serviceWorker.ready
      })
    } finally {
      await floorInstall.close()
    }
    const results: WarmPage[] = []
    for (const [index, { path }] of warmPages.entries())
      results.push({
        path,
        app: await warmLoads(appProfile, `${server.url}${path}`),
        floor: await warmLoads(floorProfile, `${floors.url}${floorPaths[index]}`),
      })
    return results
  } finally {
    rmSync(appProfile, { recursive: true, force: true })
    rmSync(floorProfile, { recursive: true, force: true })
  }
}

export async function pagesBench(
  server: RunningServer,
  session: DemoSession,
): Promise<PagesFigures> {
  const bareDir = mkdtempSync(join(tmpdir(), 'pdt-bench-bare-react-'))
  await buildBareReact(bareDir)
  const floors = await floorServer(server.url, bareDir)
  try {
    const cold: ColdPage[] = []
    for (const [index, path] of ['/login', demoPaymentPath].entries()) {
      const html = await (await fetch(`${server.url}${path}`)).text()
      const floorPath = `/floor/cold-${index}.html`
      floors.add(floorPath, withoutScripts(html))
      cold.push({
        path,
        app: (await lighthousePage(server.url, path, {})).median,
        floor: (await lighthousePage(floors.url, floorPath, {})).median,
      })
    }
    const bareReact = (await lighthousePage(floors.url, '/bare/', {})).median
    const warm = await warmBench(server, floors, session)
    return { cold, bareReact, warm }
  } finally {
    await floors.close()
    rmSync(bareDir, { recursive: true, force: true })
  }
}
