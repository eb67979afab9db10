import { attribute, inlinable } from '../contract/painted-page'
import { type CardSnapshot, cardSnapshot, isCardSnapshot } from '../contract/worker-messages'
import type { BuildInfo } from './build-info'

/** Active content has no business in a card list; the page sanitized it, this is a last check. */
const activeContent =
  /<\s*(script|iframe|object|embed|style|link|meta|base)\b|\son[a-z]+\s*=|javascript:/i

/** The entry script and the chunks Vite preloads with it, as they appear in index.html. */
const appScripts = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g

/** A stored value worth painting: drawn by this build, and plain markup. */
export function usableSnapshot(value: unknown, build: BuildInfo): CardSnapshot | null {
  if (!isCardSnapshot(value) || value.build !== build.entry || activeContent.test(value.html))
    return null
  return value
}

/** The shell's own stylesheet links (the entry's CSS). */
const stylesheetLinks = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g

/** The stylesheets the painted /favorites page needs: the shell's and the card screen's. */
export const favoritesStylesheets = (html: string, build: BuildInfo) => [
  ...new Set([
    ...[...html.matchAll(stylesheetLinks)].map((match) => match[1] ?? ''),
    ...build.favorites.stylesheets,
  ]),
]

/**
 * The /favorites page: the app shell with the card screen's styles up front and, when the device
 * has a snapshot, the last card screen as static markup in front of #root, so the cards show
 * before any script has run; with none, the screen's chunks are announced up front instead, so
 * they load while the entry runs. With a snapshot the styles are inlined (`css`, read from the
 * precache by the worker): the first paint waits for no stylesheet request at all. No script is
 * added (CSP script-src 'self'; style-src allows inline styles); the markup is inert until the
 * app replaces it. Replacements go through functions: `$&` in a name must stay text.
 */
export function paintFavorites(
  html: string,
  build: BuildInfo,
  snapshot: CardSnapshot | null,
  css: Record<string, string> = {},
) {
  if (!snapshot) {
    const styles = build.favorites.stylesheets.map(
      (href) => `<link rel="stylesheet" href="${href}">`,
    )
    const preloads = build.favorites.modulepreload.map(
      (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
    )
    return html.replace('</head>', () => `${[...styles, ...preloads].join('')}</head>`)
  }
  const styles = favoritesStylesheets(html, build).map((href) => {
    const text = css[href]
    return inlinable(text)
      ? `<style data-href="${attribute(href)}">${text}</style>`
      : `<link rel="stylesheet" href="${href}">`
  })
  // The painted list first, the app's scripts after it: fetching and compiling them does not
  // compete with the parser until the cards are in the document.
  const scripts = html.match(appScripts) ?? []
  const painted = `<div id="${cardSnapshot.elementId}" data-contract="${attribute(snapshot.contractId)}" inert>${snapshot.html}</div>`
  return html
    .replace(appScripts, '')
    .replace(stylesheetLinks, '')
    .replace('</head>', () => `${styles.join('')}</head>`)
    .replace('<div id="root"></div>', () => `${painted}<div id="root"></div>${scripts.join('')}`)
}

/** Reads stylesheets' text (the precache, in the worker); one it cannot read stays a link. */
export type CssReader = (hrefs: string[]) => Promise<Record<string, string>>

export async function favoritesPage(
  shell: Response,
  build: BuildInfo,
  readCss: CssReader,
): Promise<Response> {
  const stored = await storedCopy(cardSnapshot.url)
  const html = await shell.text()
  const snapshot = usableSnapshot(stored, build)
  const css = snapshot ? await readCss(favoritesStylesheets(html, build)).catch(() => ({})) : {}
  return withBody(shell, paintFavorites(html, build, snapshot, css))
}

/** A copy the page left in the snapshots' cache (contract/worker-messages.ts), parsed; or null. */
export const storedCopy = (url: string): Promise<unknown> =>
  // caches.match with a cacheName does not create the cache (logout must leave none behind).
  caches
    .match(url, { cacheName: cardSnapshot.cache })
    .then((response) => response?.json())
    .catch(() => null)

/** `shell` with another body: its length changed, and the cached copy is stored decoded. */
export function withBody(shell: Response, body: string): Response {
  const headers = new Headers(shell.headers)
  headers.delete('Content-Length')
  headers.delete('Content-Encoding')
  return new Response(body, { status: shell.status, statusText: shell.statusText, headers })
}
