import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { cardSnapshot } from '../contract/worker-messages'
import type { BuildInfo } from './build-info'
import { favoritesPage } from './card-snapshot'

/** Paths that are never the app: the API, the demo sandbox and the dev outbox. */
export const notAppPaths = [/^\/socios-api(\/|$)/, /^\/sandbox(\/|$)/, /^\/dev(\/|$)/]

/**
 * Every navigation inside the app is answered by the precached index.html, online or not.
 * `onVisit` runs for each path opened, while the worker is kept alive for it.
 */
export function setupNavigation(build: BuildInfo, onVisit: (pathname: string) => Promise<void>) {
  const shell = createHandlerBoundToURL('/index.html')
  registerRoute(
    new NavigationRoute(
      async (options) => {
        options.event.waitUntil(onVisit(options.url.pathname))
        const response = await shell(options)
        // The member card is the screen that must show fastest with no signal.
        if (options.url.pathname !== cardSnapshot.path || !response.ok) return response
        return favoritesPage(response, build)
      },
      { denylist: notAppPaths },
    ),
  )
}
