/**
 * A page whose screen is already in its HTML (decision 020): the server's rendered public screens
 * and the service worker's copies of the installed app's last screens. Both make it the same
 * way, from the built index.html, with these functions: the screen's styles in the page, its
 * code named in a `<template id="screen-code">` that the entry (src/main.tsx) moves into the
 * head once the screen is painted. Plain string work: no DOM, no Node, no worker globals.
 */

/**
 * On `#root` when the screen in it is the installed app's copy painted by its service worker
 * (sw/screen-snapshot.ts), not the server's answer of a moment ago.
 */
export const paintedAttribute = 'data-painted'

/**
 * On `#root` while the screen in it is the server's rendered answer (decision 020), until the
 * app has taken it over (src/boot.tsx replaces the element): tests and tools tell by it whether
 * what they see is already the live app.
 */
export const renderedAttribute = 'data-rendered'

/** A path's screen code, as scripts/build-sw.ts reads it from Vite's manifest. */
export interface ScreenCode {
  modulepreload: string[]
  stylesheets: string[]
}

export const attribute = (value: string) =>
  value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The screen's links in the head. `styles`: 'preload' for an empty shell (fetched now, applied
 * when the route's code asks for them: as stylesheets they would hold back a first paint that has
 * nothing to show yet); 'stylesheet' when the screen is in the HTML and must paint styled.
 */
export function withScreenLinks(
  html: string,
  code: ScreenCode,
  styles: 'preload' | 'stylesheet' = 'preload',
): string {
  const links = [
    ...code.stylesheets.map((href) =>
      styles === 'stylesheet'
        ? `<link rel="stylesheet" crossorigin href="${attribute(href)}">`
        : `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`,
    ),
    ...code.modulepreload.map(
      (href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`,
    ),
  ].join('')
  return html.includes('</head>') ? html.replace('</head>', () => `${links}</head>`) : html
}

const stylesheetLink = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g

/** The stylesheets a page links, in order. */
export const linkedStylesheets = (page: string): string[] =>
  [...page.matchAll(stylesheetLink)].map(([, href]) => href as string)

/** CSS text that can go inside a <style> element as it is. */
export const inlinable = (css: string | null | undefined): css is string =>
  typeof css === 'string' && !/<\/style/i.test(css)

/**
 * A rendered screen carries its styles in the page: the first paint waits for no stylesheet
 * request (each one a round trip on a phone's network). Each link stays, `disabled` (never
 * fetched, never applied), so the app's loader (Vite's, which adds a route's stylesheet unless
 * a `link[rel="stylesheet"]` with its href is there) does not ask for it again. A stylesheet
 * with no usable text in `css` stays a plain link.
 */
export function withInlineStyles(page: string, css: Record<string, string | null>): string {
  return page.replace(stylesheetLink, (link, href: string) => {
    const text = css[href]
    return inlinable(text)
      ? `<style data-href="${attribute(href)}">${text}</style>${link.replace('>', ' disabled>')}`
      : link
  })
}

/**
 * A rendered screen's code waits for its first paint: every `modulepreload` link (the app's and
 * the route's) and every disabled stylesheet link moves into a `<template id="screen-code">`
 * (inert), which the entry (src/main.tsx) moves into the head once the screen is painted. In the
 * head, the preload scanner fetched them all (even the disabled links) before the first paint,
 * sharing the phone's first round trips with the page and its font.
 */
export function heldForFirstPaint(page: string): string {
  const end = page.indexOf('</head>')
  if (end === -1) return page
  const held: string[] = []
  const head = page
    .slice(0, end)
    .replace(/<link rel="(modulepreload|stylesheet)"[^>]*>/g, (link, rel) => {
      if (rel === 'stylesheet' && !link.includes(' disabled>')) return link
      held.push(link)
      return ''
    })
  return `${head}<template id="screen-code">${held.join('')}</template>${page.slice(end)}`
}
