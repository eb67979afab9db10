/**
 * The built PWA (config.staticDir). Hashed files under /assets/ are cached forever; the entry
 * points (index.html, sw.js, the manifest) are revalidated on every load so updates reach users;
 * any other path without a file extension is a client route and gets index.html. The CSP and
 * the other security headers come from http/security-headers.ts, like on every answer.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, MiddlewareHandler, Next } from 'hono'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const SHORT = 'public, max-age=3600'

const entryPoints = new Set(['/', '/index.html', '/sw.js', '/manifest.webmanifest'])
/** Paths owned by the server; the SPA fallback never answers for them. */
const serverPrefixes = ['/socios-api', '/sandbox', '/dev']

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

/** index.html for client routes; read per request so a rebuild needs no restart. */
async function appShell(c: Context, staticDir: string) {
  const headers = { 'Cache-Control': REVALIDATE, Vary: 'Accept-Encoding' }
  const accepted = c.req.header('Accept-Encoding') ?? ''
  for (const [encoding, suffix] of precompressed) {
    if (!accepted.includes(encoding)) continue
    const body = await readFile(join(staticDir, `index.html${suffix}`)).catch(() => null)
    if (body)
      return c.body(new Uint8Array(body), 200, {
        ...headers,
        'Content-Type': 'text/html; charset=UTF-8',
        'Content-Encoding': encoding,
      })
  }
  let html: string
  try {
    html = await readFile(join(staticDir, 'index.html'), 'utf8')
  } catch {
    return c.text('Execute npm run build', 503, { 'Cache-Control': 'no-store' })
  }
  return c.html(html, 200, headers)
}

/** The copies scripts/build-compress.ts writes, best first. */
const precompressed: Array<[string, string]> = [
  ['br', '.br'],
  ['gzip', '.gz'],
]
