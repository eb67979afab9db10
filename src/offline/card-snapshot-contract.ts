/**
 * The member-card snapshot, shared by the page (which writes it) and the service worker (which
 * paints it): the last card screen as static markup, so a cold start at the gate shows the
 * cards before the app's JavaScript has run (DESIGN §7: card visible offline within 1 s).
 * Personal data: logout deletes it with everything else.
 */
export const cardSnapshot = {
  /** Cache Storage: both the page and the worker can reach it, and logout deletes it whole. */
  cache: 'portal-titular-card-snapshot',
  url: '/card-snapshot.json',
  /** The element the worker puts before #root; the app removes it once its own list is up. */
  elementId: 'card-snapshot',
  /** The only route that gets it. */
  path: '/favorites',
  /** A photo is a data URL; two megabytes fit a dozen cards and refuse anything odd. */
  maxLength: 2_000_000,
} as const

export type CardSnapshot = {
  /** The entry script of the build that drew it: class names change from build to build. */
  build: string
  contractId: string
  /** Sanitized markup of the page (header, card list, navigation); no script, no handler. */
  html: string
}

export function isCardSnapshot(value: unknown): value is CardSnapshot {
  const record = value as Partial<CardSnapshot> | null
  return (
    typeof record?.build === 'string' &&
    typeof record.contractId === 'string' &&
    typeof record.html === 'string' &&
    record.html.length <= cardSnapshot.maxLength
  )
}
