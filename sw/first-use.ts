import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import type { BuildInfo } from './build-info'
import { cachePrefix } from './precache'

export const firstUseCache = `${cachePrefix}-on-first-use-v1`

/**
 * Hashed files not worth precaching for everyone (the payment screens work online only; the QR
 * decoder matters to staff on /verificar only) are kept when first loaded, and a screen's own
 * (`keepOnVisit`) as soon as that screen opens, so it works with no signal afterwards. A new
 * build prunes what it no longer names. Returns what to do when a path is opened: the navigation
 * route calls it (a fetch listener of our own would never see a request the router answered).
 */
export function setupFirstUse(scope: ServiceWorkerGlobalScope, build: BuildInfo) {
  const wanted = new Set(build.onFirstUse)
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && wanted.has(url.pathname),
    new CacheFirst({ cacheName: firstUseCache }),
  )

  const keepFor = async (pathname: string) => {
    const files = build.keepOnVisit[pathname]
    if (!files) return
    const cache = await caches.open(firstUseCache)
    for (const file of files) if (!(await cache.match(file))) await cache.add(file)
  }
  // No signal now: the next visit with signal keeps them.
  const keepQuietly = (pathname: string) => keepFor(pathname).catch(() => undefined)

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        if (await caches.has(firstUseCache)) {
          const cache = await caches.open(firstUseCache)
          for (const request of await cache.keys())
            if (!wanted.has(new URL(request.url).pathname)) await cache.delete(request)
        }
        // The visit that installed this worker was not seen by it: keep what the page it is on
        // needs (a server-rendered payment link fetched none of its styles: decision 020), then
        // take it over, so the chunks it loads from now on are kept. Kept first: once the page
        // is controlled it may lose the signal at any moment. (An update activates on
        // 'Atualizar', which reloads the page anyway, or when no page is open.)
        const pages = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
        await Promise.all(pages.map((page) => keepQuietly(new URL(page.url).pathname)))
        await scope.clients.claim()
      })(),
    )
  })
  return keepQuietly
}
