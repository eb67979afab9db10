import type { ScreenCode } from '../contract/painted-page'

/** What scripts/build-sw.ts read from Vite's manifest for this build (a `define`). */
export type BuildInfo = {
  /** The entry script (/assets/index-….js): it names the build a card snapshot was drawn by. */
  entry: string
  /**
   * Files left out of the precache and cached when first used instead: the online-only payment
   * screens (docs/design.md §5) and the QR decoder /verificar loads when it opens.
   */
  onFirstUse: string[]
  /** Of those, what a screen needs offline once visited: kept when that path is opened. */
  keepOnVisit: Record<string, string[]>
  /** `VITE_API_BASE` of this build: the outbox keeps the saves sent under it. */
  apiBase: string
  /** Route chunks and styles /favorites needs beyond the entry, announced in its HTML. */
  favorites: ScreenCode
  /** The same for each path the worker paints from the device's copy (screenSnapshots.paths). */
  screens: Record<string, ScreenCode>
}

declare const __BUILD_INFO__: BuildInfo

export const buildInfo: BuildInfo = __BUILD_INFO__
