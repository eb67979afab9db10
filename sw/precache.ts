import { setCacheNameDetails } from 'workbox-core'
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching'

/** App-prefixed cache names, so nothing here collides with another app on the same origin. */
export const cachePrefix = 'portal-titular'

export function setupPrecache(manifest: Array<PrecacheEntry | string>) {
  setCacheNameDetails({ prefix: cachePrefix, suffix: 'v1' })
  // The shell and every route chunk: the app opens with no network after one visit.
  precacheAndRoute(manifest)
  cleanupOutdatedCaches()
}
