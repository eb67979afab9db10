import { describe, expect, it } from 'vitest'
import type { BuildInfo } from './build-info'
import { paintScreen, usableScreenSnapshot } from './screen-snapshot'

const build: BuildInfo = {
  entry: '/assets/index-A.js',
  onFirstUse: [],
  keepOnVisit: {},
  apiBase: '/socios-api',
  favorites: { modulepreload: [], stylesheets: [] },
  screens: {
    '/home': { modulepreload: ['/assets/home-B.js'], stylesheets: ['/assets/home-C.css'] },
  },
}
const shell =
  '<html><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/boot-D.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-E.css"></head>' +
  '<body><div id="root"></div></body></html>'
const now = Date.parse('2026-11-27T12:00:00Z')
const snapshot = {
  build: '/assets/index-A.js',
  expiresAt: now + 60_000,
  contractId: 'c-1',
  html: '<main><h1>Perfil</h1><p>Ana</p></main>',
}

describe('the page the service worker paints from the device’s copy of a screen', () => {
  it('has the copy in #root, the styles inlined, the code held for after the first paint', () => {
    const css = { '/assets/index-E.css': 'h1{color:red}', '/assets/home-C.css': '.c{}' }
    expect(
      paintScreen(
        shell,
        build.screens['/home'] ?? { modulepreload: [], stylesheets: [] },
        snapshot,
        css,
      ),
    ).toBe(
      '<html><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<style data-href="/assets/index-E.css">h1{color:red}</style>' +
        '<style data-href="/assets/home-C.css">.c{}</style>' +
        '<template id="screen-code">' +
        '<link rel="modulepreload" crossorigin href="/assets/boot-D.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-E.css" disabled>' +
        '<link rel="stylesheet" crossorigin href="/assets/home-C.css" disabled>' +
        '<link rel="modulepreload" crossorigin href="/assets/home-B.js">' +
        '</template></head><body>' +
        '<div id="root" data-painted="device"><main><h1>Perfil</h1><p>Ana</p></main></div>' +
        '</body></html>',
    )
  })

  it('keeps a stylesheet it could not read as a link, and `$&` in the copy as text', () => {
    const code = { modulepreload: [], stylesheets: [] }
    const page = paintScreen(shell, code, { ...snapshot, html: '<p>R$&amp; 10</p>' }, {})
    expect(page).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-E.css"><template',
    )
    expect(page).toContain('<div id="root" data-painted="device"><p>R$&amp; 10</p></div>')
  })

  it('paints only a copy of this build, from a session not yet over, with no active content', () => {
    expect(usableScreenSnapshot(snapshot, build, now)).toEqual(snapshot)
    expect(usableScreenSnapshot({ ...snapshot, build: '/assets/index-Z.js' }, build, now)).toBe(
      null,
    )
    expect(usableScreenSnapshot({ ...snapshot, expiresAt: now }, build, now)).toBe(null)
    for (const html of [
      '<img src=x onerror="x()">',
      '<script>x()</script>',
      '<a href="javascript:x()">',
    ])
      expect(usableScreenSnapshot({ ...snapshot, html }, build, now)).toBe(null)
    expect(usableScreenSnapshot({ html: '<p>' }, build, now)).toBe(null)
    expect(usableScreenSnapshot(null, build, now)).toBe(null)
  })
})
