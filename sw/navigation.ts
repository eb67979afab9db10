import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

/** Paths that are never the app: the API, the demo sandbox and the dev outbox. */
export const notAppPaths = [/^\/socios-api(\/|$)/, /^\/sandbox(\/|$)/, /^\/dev(\/|$)/]

/** Every navigation inside the app is answered by the precached index.html, online or not. */
export function setupNavigation() {
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: notAppPaths }),
  )
}
