import { createHandlerBoundToURL, matchPrecache } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { cardSnapshot } from '../contract/worker-messages'
import type { BuildInfo } from './build-info'
import { type CssReader, favoritesPage } from './card-snapshot'
import { screenPage } from './screen-snapshot'

/** Paths that are never the app: the API, the demo sandbox and the dev outbox. */
export const notAppPaths = [/^\/socios-api(\/|$)/, /^\/sandbox(\/|$)/, /^\/dev(\/|$)/]

/** Stylesheets' text from the precache, for the painted /favorites page to inline. */
const precachedCss: CssReader = async (hrefs) => {
  const texts = await Promise.all(hrefs.map(async (href) => (await matchPrecache(href))?.text()))
  return Object.fromEntries(
    hrefs.flatMap((href, index) => (texts[index] === undefined ? [] : [[href, texts[index]]])),
  )
}

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
        if (!response.ok) return response
        // The member card is the screen that must show fastest with no signal.
        if (options.url.pathname === cardSnapshot.path)
          return favoritesPage(response, build, precachedCss)
        return screenPage(response, options.url, build, precachedCss)
      },
      { denylist: notAppPaths },
    ),
  )
}
