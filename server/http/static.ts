/**
 * The built PWA (config.staticDir). Hashed files under /assets/ are cached forever; the entry
 * points (index.html, sw.js, the manifest) are revalidated on every load so updates reach users;
 * any other path without a file extension is a client route and gets index.html. The CSP and
 * the other security headers come from http/security-headers.ts, like on every answer.
 */

import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, MiddlewareHandler, Next } from 'hono'
import { apiBase } from '../../contract/operation'
import {
  heldForFirstPaint,
  inlinable,
  linkedStylesheets,
  renderedAttribute,
  type ScreenCode,
  withInlineStyles,
  withScreenLinks,
} from '../../contract/painted-page'
import type { PageAnswer, RenderedScreen, ServerRender } from './server-render'

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

/** `render`: the public screens rendered into their HTML (server-render.ts); none in tests that want the bare shell. */
export function staticSite(staticDir: string, render?: ServerRender): MiddlewareHandler {
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
    return appShell(c, staticDir, render)
  }
}

/** A path's screen code, as scripts/build-sw.ts writes it (chunk-graph's RoutePreload). */
interface RoutePreload extends ScreenCode {
  pattern: string
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
  private readonly styles = new Map<string, string | null>()
  private html: string | null = null

  constructor(private readonly staticDir: string) {}

  async body(path: string, encoding: Encoding): Promise<Uint8Array<ArrayBuffer> | null> {
    const found = await this.route(path)
    if (!found) return null
    const key = `${found.route?.pattern ?? ''}\0${encoding}`
    let body = this.bodies.get(key)
    if (!body) {
      const { html, route } = found
      body = encode(route ? withScreenLinks(html, route) : html, encoding, brotliMax)
      this.bodies.set(key, body)
    }
    return body
  }

  /** The shell with a server-rendered screen in #root and its answers beside it. */
  async rendered(path: string, screen: RenderedScreen, encoding: Encoding) {
    const found = await this.route(path)
    if (!found) return null
    const { html, route } = found
    const page = withScreen(route ? withScreenLinks(html, route, 'stylesheet') : html, screen)
    // Made per request: a quick brotli, not the shell's best.
    return encode(heldForFirstPaint(await this.inlineStyles(page)), encoding, brotliQuick)
  }

  /** Its stylesheets' text in the page (contract/painted-page.ts). */
  private async inlineStyles(page: string): Promise<string> {
    const hrefs = linkedStylesheets(page)
    const texts = await Promise.all(hrefs.map((href) => this.css(href)))
    return withInlineStyles(
      page,
      Object.fromEntries(hrefs.map((href, i) => [href, texts[i] ?? null])),
    )
  }

  private async css(href: string): Promise<string | null> {
    let text = this.styles.get(href)
    if (text === undefined) {
      const read = await readFile(join(this.staticDir, href), 'utf8').catch(() => null)
      // Text that could close the element stays a link.
      text = inlinable(read) ? read : null
      this.styles.set(href, text)
    }
    return text
  }

  /** index.html as built, and the route `path` belongs to; null without a build. */
  private async route(path: string) {
    const shell = join(this.staticDir, 'index.html')
    const mtime = await stat(shell).then(
      (info) => info.mtimeMs,
      () => null,
    )
    if (mtime === null) return null
    if (mtime !== this.built) await this.reload(mtime)
    if (this.html === null) return null
    return { html: this.html, route: this.routes.find(({ match }) => match.test(path)) }
  }

  private async reload(mtime: number) {
    this.bodies.clear()
    this.styles.clear()
    this.html = await readFile(join(this.staticDir, 'index.html'), 'utf8').catch(() => null)
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

const brotliMax = 11
const brotliQuick = 5

function encode(text: string, encoding: Encoding, quality: number): Uint8Array<ArrayBuffer> {
  const plain = Buffer.from(text)
  const encoded =
    encoding === 'br'
      ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } })
      : encoding === 'gzip'
        ? gzipSync(plain)
        : plain
  return new Uint8Array(encoded)
}

/**
 * The screen inside #root, and the answers it was rendered with in a JSON script the browser
 * does not run (the CSP allows no inline script, and needs not: src/page-data.ts reads it).
 */
export function withScreen(html: string, { html: screen, answers }: RenderedScreen): string {
  const data = JSON.stringify({ answers } satisfies { answers: PageAnswer[] }).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
  return html.replace(
    '<div id="root"></div>',
    `<div id="root" ${renderedAttribute}="server">${screen}</div><script type="application/json" id="page-data">${data}</script>`,
  )
}

const shellsByDir = new Map<string, Shells>()

/**
 * index.html for client routes, with the route's preloads and, for the public screens people
 * arrive at, the screen itself (server-render.ts); a rebuild needs no restart.
 */
async function appShell(c: Context, staticDir: string, render?: ServerRender) {
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
  const screen = render ? await render(`${c.req.path}${new URL(c.req.url).search}`, c.env) : null
  const body = screen
    ? await shells.rendered(c.req.path, screen, encoding)
    : await shells.body(c.req.path, encoding)
  if (!body) return c.text('Execute npm run build', 503, { 'Cache-Control': 'no-store' })
  return c.body(body, 200, {
    // A screen rendered with answers (a payment link's holder and amounts) is nobody's to keep.
    'Cache-Control': screen?.answers.length ? 'no-store' : REVALIDATE,
    Vary: 'Accept-Encoding',
    'Content-Type': 'text/html; charset=UTF-8',
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
  })
}
