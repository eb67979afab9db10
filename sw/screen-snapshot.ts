import {
  heldForFirstPaint,
  linkedStylesheets,
  type ScreenCode,
  withInlineStyles,
  withScreenLinks,
} from '../contract/painted-page'
import { isScreenSnapshot, type ScreenSnapshot, screenSnapshots } from '../contract/worker-messages'
import type { BuildInfo } from './build-info'
import { activeContent, type CssReader } from './card-snapshot'

/** A stored copy worth painting: drawn by this build, in a session not yet over, plain markup. */
export function usableScreenSnapshot(
  value: unknown,
  build: BuildInfo,
  now: number,
): ScreenSnapshot | null {
  if (
    !isScreenSnapshot(value) ||
    value.build !== build.entry ||
    value.expiresAt <= now ||
    activeContent.test(value.html)
  )
    return null
  return value
}

/** The shell as a painted page's is made, before its styles are inlined (they are read first). */
const withCode = (shell: string, code: ScreenCode) => withScreenLinks(shell, code, 'stylesheet')

/**
 * The page for a path the device has a copy of: the app shell with the copy inside #root (marked
 * as the device's), the screen's styles in the page and its code held for after the first paint,
 * exactly as the server makes a rendered page (contract/painted-page.ts): the entry then starts
 * the app beside it and swaps it in (src/boot.tsx). No script is added (CSP script-src 'self').
 */
export function paintScreen(
  shell: string,
  code: ScreenCode,
  snapshot: ScreenSnapshot,
  css: Record<string, string | null>,
): string {
  const linked = withCode(shell, code)
  const painted = linked.replace(
    '<div id="root"></div>',
    () => `<div id="root" ${screenSnapshots.paintedAttribute}="device">${snapshot.html}</div>`,
  )
  if (painted === linked) return shell
  return heldForFirstPaint(withInlineStyles(painted, css))
}

/** The answer to a navigation: the painted page when there is a usable copy, else the shell. */
export async function screenPage(
  shell: Response,
  url: URL,
  build: BuildInfo,
  readCss: CssReader,
): Promise<Response> {
  const code = build.screens[url.pathname]
  if (!code) return shell
  // caches.match with a cacheName does not create the cache (logout must leave none behind).
  const stored = await caches
    .match(screenSnapshots.url(`${url.pathname}${url.search}`), {
      cacheName: screenSnapshots.cache,
    })
    .then((response) => response?.json())
    .catch(() => null)
  const snapshot = usableScreenSnapshot(stored, build, Date.now())
  if (!snapshot) return shell
  const html = await shell.text()
  const css = await readCss(linkedStylesheets(withCode(html, code))).catch(() => ({}))
  const headers = new Headers(shell.headers)
  // The body changed: its length did, and the cached copy is stored decoded.
  headers.delete('Content-Length')
  headers.delete('Content-Encoding')
  return new Response(paintScreen(html, code, snapshot, css), {
    status: shell.status,
    statusText: shell.statusText,
    headers,
  })
}
