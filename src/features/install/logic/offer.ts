/**
 * The browser's install offer (`beforeinstallprompt`), caught by the entry (src/main.tsx).
 * Chromium may fire it before the app has mounted: on a page the server rendered (decision 020)
 * the app starts after the first paint, so a listener in a component would miss it. The entry
 * keeps the latest offer on `window.caughtInstallOffer`; the install prompt reads it when it
 * mounts and at every later offer. The prompt imports only this file's types: a value imported
 * from here would pull the app's chunk into the entry (the bundler keeps a shared module with
 * the app).
 */

/** Chromium's install offer; not in the DOM typings. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/** `prompted`: the portal already opened the browser's dialog by itself for this offer (once). */
export type CaughtOffer = { event: BeforeInstallPromptEvent; at: number; prompted: boolean }

declare global {
  interface Window {
    caughtInstallOffer?: CaughtOffer
  }
}

/** Starts listening; called once by the entry, before the app loads. */
export function catchInstallOffers() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own mini-infobar away: the portal shows its banner (spec §4).
    event.preventDefault()
    window.caughtInstallOffer = {
      event: event as BeforeInstallPromptEvent,
      at: performance.now(),
      prompted: false,
    }
  })
}
