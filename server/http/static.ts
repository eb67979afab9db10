/**
 * The built PWA (config.staticDir). Hashed files under /assets/ are cached forever; the entry
 * points (index.html, sw.js, the manifest) are revalidated on every load so updates reach users;
 * any other path without a file extension is a client route and gets index.html. The CSP and
 * the other security headers come from http/security-headers.ts, like on every answer.
 */

import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, MiddlewareHandler, Next } from 'hono'
import { apiBase } from '../../contract/operation'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const SHORT = 'public, max-age=3600'

const entryPoints = new Set(['/', '/index.html', '/sw.js', '/manifest.webmanifest'])
/** Paths owned by the server; the SPA fallback never answers for them. */
const serverPrefixes = [apiBase, '/sandbox', '/dev']

export function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE
  return entryPoints.has(path) ? REVALIDATE : SHORT
}

const isServerPath = (path: string) =>
  serverPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

const looksLikeFile = (path: string) => /\.[^/]+$/.test(path)

export function staticSite(staticDir: string): MiddlewareHandler {
  // Created once the directory exists: the app may be built after the server started.
  let serveFile: MiddlewareHandler | undefined
  return async (c: Context, next: Next) => {
    if (isServerPath(c.req.path)) return next()
    // Build metadata (Vite's manifest) is for the build scripts, not for the public.
    if (c.req.path.startsWith('/.')) return next()
    if (!serveFile && existsSync(staticDir))
      serveFile = serveStatic({ root: staticDir, precompressed: true })
    let missing = !serveFile
    const response = await serveFile?.(c, async () => {
      missing = true
    })
    if (response && !missing) {
      response.headers.set('Cache-Control', cacheControlFor(c.req.path))
      return response
    }
    if (looksLikeFile(c.req.path)) return next()
    return appShell(c, staticDir)
  }
}

/** A path's screen code, as scripts/build-sw.ts writes it (chunk-graph's RoutePreload). */
interface RoutePreload {
  pattern: string
  modulepreload: string[]
  stylesheets: string[]
}

type Encoding = 'br' | 'gzip' | 'identity'

/**
 * The shell for each path, with its screen's `modulepreload` and style preload links in the head:
 * the browser fetches the route's chunks (and the layout's, Dexie included) alongside the entry,
 * instead of learning of them only once the entry has run. Built once per build (index.html's
 * mtime) and route, per encoding.
 */
class Shells {
  private built = -1
  private routes: Array<RoutePreload & { match: RegExp }> = []
  private readonly bodies = new Map<string, Uint8Array<ArrayBuffer>>()

  constructor(private readonly staticDir: string) {}

  async body(path: string, encoding: Encoding): Promise<Uint8Array<ArrayBuffer> | null> {
    const shell = join(this.staticDir, 'index.html')
    const mtime = await stat(shell).then(
      (info) => info.mtimeMs,
      () => null,
    )
    if (mtime === null) return null
    if (mtime !== this.built) await this.reload(mtime)
    const route = this.routes.find(({ match }) => match.test(path))
    const key = `${route?.pattern ?? ''}\0${encoding}`
    let body = this.bodies.get(key)
    if (!body) {
      const html = await readFile(shell, 'utf8').catch(() => null)
      if (html === null) return null
      const plain = Buffer.from(route ? withPreloads(html, route) : html)
      const encoded =
        encoding === 'br'
          ? brotliCompressSync(plain)
          : encoding === 'gzip'
            ? gzipSync(plain)
            : plain
      body = new Uint8Array(encoded)
      this.bodies.set(key, body)
    }
    return body
  }

  private async reload(mtime: number) {
    this.bodies.clear()
    const file = join(this.staticDir, '.vite', 'route-preloads.json')
    const listed: RoutePreload[] = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text),
      // A build without the list (or none yet): plain shells.
      () => [],
    )
    this.routes = listed.map((route) => ({ ...route, match: new RegExp(route.pattern) }))
    this.built = mtime
  }
}

const attribute = (value: string) => value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`)

function withPreloads(html: string, route: RoutePreload): string {
  const links = [
    // Fetched now, applied when the route's code asks for them (Vite's loader adds the
    // stylesheet and waits for it): as stylesheets here they would hold the first paint back.
    ...route.stylesheets.map((href) => `<link rel="preload" as="style" href="${attribute(href)}">`),
    ...route.modulepreload.map(
      (href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`,
    ),
  ].join('')
  return html.includes('</head>') ? html.replace('</head>', `${links}</head>`) : html
}

const shellsByDir = new Map<string, Shells>()

/** index.html for client routes, with the route's preloads; a rebuild needs no restart. */
async function appShell(c: Context, staticDir: string) {
  let shells = shellsByDir.get(staticDir)
  if (!shells) {
    shells = new Shells(staticDir)
    shellsByDir.set(staticDir, shells)
  }
  const accepted = c.req.header('Accept-Encoding') ?? ''
  const encoding: Encoding = accepted.includes('br')
    ? 'br'
    : accepted.includes('gzip')
      ? 'gzip'
      : 'identity'
  const body = await shells.body(c.req.path, encoding)
  if (!body) return c.text('Execute npm run build', 503, { 'Cache-Control': 'no-store' })
  return c.body(body, 200, {
    'Cache-Control': REVALIDATE,
    Vary: 'Accept-Encoding',
    'Content-Type': 'text/html; charset=UTF-8',
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
  })
}
