import { describe, expect, it } from 'vitest'
import type { BuildInfo } from './build-info'
import { paintFavorites, usableSnapshot } from './card-snapshot'

const build: BuildInfo = {
  entry: '/assets/index-A.js',
  onFirstUse: [],
  keepOnVisit: {},
  apiBase: '/socios-api',
  favorites: {
    modulepreload: ['/assets/favorites-B.js'],
    stylesheets: ['/assets/favorites-C.css'],
  },
  screens: {},
}
const shell =
  '<html><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-D.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-E.css"></head>' +
  '<body><div id="root"></div></body></html>'
const snapshot = { build: '/assets/index-A.js', contractId: 'c-1', html: '<h3>Ana</h3>' }

describe('the /favorites page the service worker answers with', () => {
  it('with a snapshot: the cards before #root, the scripts after them, the styles inlined', () => {
    const css = { '/assets/index-E.css': 'h3{color:red}', '/assets/favorites-C.css': '.c{}' }
    expect(paintFavorites(shell, build, snapshot, css)).toBe(
      '<html><head><style data-href="/assets/index-E.css">h3{color:red}</style>' +
        '<style data-href="/assets/favorites-C.css">.c{}</style></head><body>' +
        '<div id="card-snapshot" data-contract="c-1" inert><h3>Ana</h3></div><div id="root"></div>' +
        '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-D.js"></body></html>',
    )
  })

  it('a stylesheet the worker could not read, or that could close the element, stays a link', () => {
    const page = paintFavorites(shell, build, snapshot, {
      '/assets/favorites-C.css': '.c{content:"</style><script>"}',
    })
    expect(page).toContain(
      '<head><link rel="stylesheet" href="/assets/index-E.css"><link rel="stylesheet" href="/assets/favorites-C.css"></head>',
    )
    expect(page).not.toContain('<style')
  })

  it('without one: the card screen’s chunks and styles announced in the head', () => {
    const page = paintFavorites(shell, build, null)
    expect(page).toContain(
      '<link rel="stylesheet" href="/assets/favorites-C.css"><link rel="modulepreload" crossorigin href="/assets/favorites-B.js"></head>',
    )
    expect(page).toContain('<body><div id="root"></div></body>')
  })

  it('markup stays text: no $-patterns expanded, the contract id escaped', () => {
    const page = paintFavorites(shell, build, {
      ...snapshot,
      contractId: '"><b>',
      html: '<p>R$& 10,00 $1</p>',
    })
    expect(page).toContain('data-contract="&#34;&#62;&#60;b&#62;" inert><p>R$& 10,00 $1</p>')
  })

  it.each([
    ['another build', { ...snapshot, build: '/assets/index-OLD.js' }],
    ['a script', { ...snapshot, html: '<h3>Ana</h3><script src="/x.js"></script>' }],
    ['an event handler', { ...snapshot, html: '<img src="data:," onerror="x()">' }],
    ['a javascript: URL', { ...snapshot, html: '<a href="javascript:x()">Ana</a>' }],
    ['a missing field', { build: snapshot.build, html: snapshot.html }],
    ['nothing stored', null],
  ])('a snapshot with %s is not painted', (_, value) => {
    expect(usableSnapshot(value, build)).toBeNull()
  })

  it('a snapshot of this build with plain markup is painted', () => {
    expect(usableSnapshot(snapshot, build)).toEqual(snapshot)
  })
})
