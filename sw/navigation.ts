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
 * The payment screens (decision 020): online only, and rendered by the server with their data,
 * so the worker asks the server first, as the browser would without it. From the shell the app
 * would fetch the link itself after booting: an installed phone opened a payment link more
 * slowly than one that had never seen the app.
 */
const fromServerFirst = /^\/(pagamento|success)\/?$/
/**
 * How long the server gets to answer before the shell goes instead (which, with no signal, says
 * so): on a slow network this only falls back to what every navigation got before.
 */
export const serverRenderWithinMs = 1_500

async function renderedByServer(url: URL): Promise<Response | null> {
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), serverRenderWithinMs)
  try {
    // A navigation request cannot be fetched again with options: its URL is asked instead.
    const answer = await fetch(url.href, {
      headers: { Accept: 'text/html' },
      credentials: 'same-origin',
      signal: timeout.signal,
    })
    const html = answer.headers.get('Content-Type')?.startsWith('text/html')
    // A redirected answer cannot stand for a navigation (its redirect mode is 'manual').
    return answer.ok && html && !answer.redirected ? answer : null
  } catch {
    return null
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Every navigation inside the app is answered by the precached index.html, online or not, except
 * the payment screens when the server renders them in time. `onVisit` runs for each path opened,
 * while the worker is kept alive for it.
 */
export function setupNavigation(build: BuildInfo, onVisit: (pathname: string) => Promise<void>) {
  const shell = createHandlerBoundToURL('/index.html')
  registerRoute(
    new NavigationRoute(
      async (options) => {
        options.event.waitUntil(onVisit(options.url.pathname))
        if (fromServerFirst.test(options.url.pathname)) {
          const rendered = await renderedByServer(options.url)
          if (rendered) return rendered
        }
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
