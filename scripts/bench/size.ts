/**
 * Size of what the first view of a route loads: every JavaScript file the browser fetched for
 * it, gzip-compressed from dist/ (what the server would send), plus the whole precache.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'

const dist = join(import.meta.dirname, '../../dist')
const gzipKiB = (file: string) =>
  gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024

/** Loads `url` (with `setup` run first, e.g. to log in) and sums the gzip size of its JS. */
export async function routeJsKiB(
  browser: Browser,
  url: string,
  setup?: (page: import('playwright-core').Page) => Promise<void>,
) {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  if (setup) await setup(page)
  const scripts = new Set<string>()
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (path.endsWith('.js') && path !== '/sw.js') scripts.add(path)
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await context.close()
  const total = [...scripts].reduce((sum, path) => sum + gzipKiB(path.slice(1)), 0)
  return { kib: total, files: scripts.size }
}

/** The whole precache of the service worker, gzip, from the manifest injected into sw.js. */
export function precacheKiB() {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8')
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '')
  const total = urls.reduce((sum, url) => sum + gzipKiB(url.replace(/^\//, '')), 0)
  return { kib: total + gzipKiB('sw.js'), files: urls.length + 1 }
}

/**
 * The largest JavaScript chunk the first load does not pull in (not the entry nor one of its
 * modulepreloads in index.html): what one lazy route or feature costs when it is first opened.
 */
export function largestLazyChunk() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const eager = new Set(
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  )
  const lazy = readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js') && !eager.has(`assets/${name}`))
    .map((name) => ({ name, kib: gzipKiB(`assets/${name}`) }))
    .sort((a, b) => b.kib - a.kib)
  return { ...(lazy[0] ?? { name: '(nenhum)', kib: 0 }), lazyChunks: lazy.length }
}
