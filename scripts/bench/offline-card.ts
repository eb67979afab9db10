/**
 * Offline cold start to member card visible (docs/design.md §7, issue "member cards"): the installed app
 * opened in a fresh browser process with no network and 4× CPU slowdown, until the first card
 * shows; next to the floor, a static page with one card image precached by a minimal service
 * worker, measured the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'
import { chromePath, chromiumArgs } from '../../tests/helpers/browser'
import { latestMessage } from '../../tests/helpers/outbox'
import { freePort, startServer } from '../../tests/helpers/server'

const runs = 5
const cpuSlowdown = 4

/** In-page timestamp (ms since navigation start) of the first element matching `selector`. */
const watchScript = (selector: string, text: string) => `
  new MutationObserver((_, observer) => {
    for (const element of document.querySelectorAll(${JSON.stringify(selector)}))
      if (element.textContent?.includes(${JSON.stringify(text)}) && element.getBoundingClientRect().height > 0) {
        window.__visibleAt = performance.now(); observer.disconnect(); return
      }
  }).observe(document, { subtree: true, childList: true, characterData: true })`

async function coldStart(userDataDir: string, url: string, selector: string, text: string) {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromePath,
    headless: true,
    args: chromiumArgs,
    offline: true,
    viewport: { width: 390, height: 844 },
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    await page.addInitScript(watchScript(selector, text))
    await page.goto(url, { waitUntil: 'commit' })
    await page.waitForFunction(
      () => (window as { __visibleAt?: number }).__visibleAt !== undefined,
      undefined,
      { timeout: 30_000 },
    )
    return await page.evaluate(() => (window as unknown as { __visibleAt: number }).__visibleAt)
  } finally {
    await context.close()
  }
}

async function installOnline(
  userDataDir: string,
  prepare: (context: BrowserContext) => Promise<void>,
) {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromePath,
    headless: true,
    args: chromiumArgs,
  })
  try {
    await prepare(context)
  } finally {
    await context.close()
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

export async function measureAppColdStart() {
  const server = await startServer()
  const profile = mkdtempSync(join(tmpdir(), 'pdt-bench-app-'))
  try {
    await installOnline(profile, async (context) => {
      const page = await context.newPage()
      await page.goto(`${server.url}/login`)
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ana@exemplo.com.br')
      await page.getByRole('button', { name: 'Enviar Código' }).click()
      await page.waitForURL(/verify-code/)
      await page
        .getByLabel('Código de entrada')
        .fill((await latestMessage(server.url, 'ana@exemplo.com.br')).code)
      await page.waitForURL(/\/home$/)
      await page.goto(`${server.url}/favorites`)
      await page.getByRole('heading', { name: 'Ana Paula Souza' }).waitFor()
      await page.evaluate(() => navigator.serviceWorker.ready)
    })
    await server.stop()
    const times: number[] = []
    for (let i = 0; i < runs; i++)
      times.push(await coldStart(profile, `${server.url}/favorites`, 'h3', 'Ana Paula Souza'))
    return times
  } finally {
    await server.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

/** The floor: one static HTML page with one card image, precached by a 10-line service worker. */
const floorPage = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Carteirinha</title></head>
<body style="margin:0;font-family:system-ui"><h3>Ana Paula Souza</h3><img src="/card.svg" alt="Carteirinha" width="358" height="226">
<script src="/register.js"></script></body></html>`
const floorCard = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 358 226"><rect width="358" height="226" rx="16" fill="#0b4fa8"/><text x="24" y="120" fill="#fff" font-size="22" font-family="sans-serif">Ana Paula Souza</text></svg>`
const floorRegister = `navigator.serviceWorker.register('/sw.js')`
const floorWorker = `self.addEventListener('install', (e) => e.waitUntil(caches.open('floor').then((c) => c.addAll(['/floor.html', '/card.svg', '/register.js'])).then(() => self.skipWaiting())))
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()))
self.addEventListener('fetch', (e) => e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((r) => r || fetch(e.request))))`

export async function measureFloorColdStart() {
  const files: Record<string, [string, string]> = {
    '/floor.html': ['text/html', floorPage],
    '/card.svg': ['image/svg+xml', floorCard],
    '/register.js': ['text/javascript', floorRegister],
    '/sw.js': ['text/javascript', floorWorker],
  }
  const port = await freePort()
  const server: Server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname]
    if (!file) return response.writeHead(404).end()
    response.writeHead(200, { 'Content-Type': file[0], 'Cache-Control': 'no-cache' }).end(file[1])
  })
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
  const url = `http://127.0.0.1:${port}/floor.html`
  const profile = mkdtempSync(join(tmpdir(), 'pdt-bench-floor-'))
  try {
    await installOnline(profile, async (context) => {
      const page = await context.newPage()
      await page.goto(url)
      await page.evaluate(() => navigator.serviceWorker.ready)
    })
    await new Promise((done) => server.close(done))
    const times: number[] = []
    for (let i = 0; i < runs; i++)
      times.push(await coldStart(profile, url, 'h3', 'Ana Paula Souza'))
    return times
  } finally {
    server.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

export async function offlineCardBench() {
  const app = await measureAppColdStart()
  const floor = await measureFloorColdStart()
  return {
    runs,
    cpuSlowdown,
    appMs: median(app),
    floorMs: median(floor),
    ratio: median(app) / median(floor),
    appRunsMs: app,
    floorRunsMs: floor,
  }
}
