import type { BrowserContext, Page } from 'playwright-core'
import type { RunningServer } from './server'

/**
 * "No signal" in a journey (docs/design.md §8). The server is always made unreachable (its port refuses
 * and drops connections, RunningServer.cutSignal): Chromium's offline emulation does not cover the service worker's requests, and whether a page
 * opened after `setOffline` sees `navigator.onLine === false` changes between Chromium versions.
 * So the app must work out "no connection" from its requests, and journeys run both ways:
 * - 'offline': the browser is also told (navigator.onLine turns false where Chromium applies it);
 * - 'lie-fi': the device says it is online and nothing answers (a Wi-Fi with no internet).
 */
export type NoSignal = 'offline' | 'lie-fi'
export const noSignalModes: NoSignal[] = ['offline', 'lie-fi']

export async function cutSignal(server: RunningServer, context: BrowserContext, mode: NoSignal) {
  await server.cutSignal()
  if (mode === 'offline') await context.setOffline(true)
}

/** The signal comes back: the server answers again on the same port. */
export async function restoreSignal(server: RunningServer, context: BrowserContext) {
  await server.restoreSignal()
  await context.setOffline(false)
}

/**
 * For afterEach: whatever a failed journey left behind (a stopped server, an offline context)
 * is undone, so the next journey starts from a working world.
 */
export async function resetSignal(server: RunningServer | undefined, context?: BrowserContext) {
  await server?.ensureRunning()
  await server?.restoreSignal()
  await context?.setOffline(false).catch(() => {
    // A context already closed has nothing to restore.
  })
}

/**
 * A slow network for one kind of request: the page's requests matching `url` are held until
 * `release()` is called, then go on to the server. Returns the function that lets them go.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((done) => {
    release = done
  })
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}
