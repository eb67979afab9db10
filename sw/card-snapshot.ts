import { type CardSnapshot, cardSnapshot, isCardSnapshot } from '../contract/worker-messages'
import type { BuildInfo } from './build-info'

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`)

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

/**
 * The /favorites page: the app shell with the card screen's styles up front and, when the device
 * has a snapshot, the last card screen as static markup in front of #root, so the cards show
 * before any script has run; with none, the screen's chunks are announced up front instead, so
 * they load while the entry runs. No script is added (CSP script-src 'self'); the markup is inert
 * until the app replaces it. Replacements go through functions: `$&` in a name must stay text.
 */
export function paintFavorites(html: string, build: BuildInfo, snapshot: CardSnapshot | null) {
  const styles = build.favorites.stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`)
  if (!snapshot) {
    const preloads = build.favorites.modulepreload.map(
      (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
    )
    return html.replace('</head>', () => `${[...styles, ...preloads].join('')}</head>`)
  }
  // The painted list first, the app's scripts after it: fetching and compiling them does not
  // compete with the parser until the cards are in the document.
  const scripts = html.match(appScripts) ?? []
  const painted = `<div id="${cardSnapshot.elementId}" data-contract="${escapeAttribute(snapshot.contractId)}" inert>${snapshot.html}</div>`
  return html
    .replace(appScripts, '')
    .replace('</head>', () => `${styles.join('')}</head>`)
    .replace('<div id="root"></div>', () => `${painted}<div id="root"></div>${scripts.join('')}`)
}

export async function favoritesPage(shell: Response, build: BuildInfo): Promise<Response> {
  // caches.match with a cacheName does not create the cache (logout must leave none behind).
  const stored = await caches
    .match(cardSnapshot.url, { cacheName: cardSnapshot.cache })
    .then((response) => response?.json())
    .catch(() => null)
  const page = paintFavorites(await shell.text(), build, usableSnapshot(stored, build))
  const headers = new Headers(shell.headers)
  // The body changed: its length did, and the cached copy is stored decoded.
  headers.delete('Content-Length')
  headers.delete('Content-Encoding')
  return new Response(page, { status: shell.status, statusText: shell.statusText, headers })
}
