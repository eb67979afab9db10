import {
  heldForFirstPaint,
  linkedStylesheets,
  type ScreenCode,
  withInlineStyles,
  withScreenLinks,
} from '../contract/painted-page'
import { isScreenSnapshot, type ScreenSnapshot, screenSnapshots } from '../contract/worker-messages'
import type { BuildInfo } from './build-info'
import { type CssReader, storedCopy, usableSnapshot, withBody } from './card-snapshot'

/** A stored copy worth painting: the card snapshot's checks, and a session not yet over. */
export function usableScreenSnapshot(
  value: unknown,
  build: BuildInfo,
  now: number,
): ScreenSnapshot | null {
  return isScreenSnapshot(value) && usableSnapshot(value, build) && value.expiresAt > now
    ? value
    : null
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
  const stored = await storedCopy(screenSnapshots.url(`${url.pathname}${url.search}`))
  const snapshot = usableScreenSnapshot(stored, build, Date.now())
  if (!snapshot) return shell
  const html = await shell.text()
  const css = await readCss(linkedStylesheets(withCode(html, code))).catch(() => ({}))
  return withBody(shell, paintScreen(html, code, snapshot, css))
}
