import { describe, expect, it } from 'vitest'
import {
  firstViewJs,
  lazyJs,
  type Manifest,
  precacheUrls,
  reachedOnlyThrough,
  routePreloads,
  startJs,
} from './chunk-graph'

// A small build: the entry, which only imports the app (src/boot.tsx), a shared vendor chunk,
// /login, /pagamento with a library only it uses, and /verificar whose decoder is loaded on
// first use.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    dynamicImports: ['src/boot.tsx'],
    css: ['assets/index.css'],
  },
  'src/boot.tsx': {
    file: 'assets/boot.js',
    imports: ['_react.js'],
    dynamicImports: [
      'src/routes/login.tsx?tsr-split=component',
      'src/routes/pagamento.tsx?tsr-split=component',
      'src/routes/verificar.tsx?tsr-split=component',
    ],
  },
  '_react.js': { file: 'assets/react.js' },
  '_schemas.js': { file: 'assets/schemas.js' },
  '_mask.js': { file: 'assets/mask.js' },
  'src/routes/login.tsx?tsr-split=component': {
    file: 'assets/login.js',
    imports: ['index.html', '_react.js', '_schemas.js'],
  },
  'src/routes/pagamento.tsx?tsr-split=component': {
    file: 'assets/pagamento.js',
    imports: ['index.html', '_schemas.js', '_mask.js'],
    css: ['assets/pagamento.css'],
  },
  'src/routes/verificar.tsx?tsr-split=component': {
    file: 'assets/verificar.js',
    imports: ['index.html'],
    dynamicImports: ['node_modules/jsqr/dist/jsQR.js'],
  },
  'node_modules/jsqr/dist/jsQR.js': { file: 'assets/jsQR.js' },
}

describe('chunk graph', () => {
  it('refuses a build whose entry imports the app statically (a module shared with it)', () => {
    const shared: Manifest = {
      ...manifest,
      'index.html': { ...manifest['index.html'], imports: ['src/boot.tsx'] } as Manifest[string],
    }
    expect(() => startJs(shared)).toThrow(/A entrada importa assets\/boot\.js de forma estática/)
    expect(startJs(manifest)).toContain('assets/boot.js')
  })

  it('the first view of a route is the entry, the app, the route chunk and their static imports', () => {
    expect(firstViewJs(manifest, 'src/routes/login.tsx').sort()).toEqual([
      'assets/boot.js',
      'assets/index.js',
      'assets/login.js',
      'assets/react.js',
      'assets/schemas.js',
    ])
  })

  it('every page starts with the entry and the app: their links go into index.html', () => {
    expect(startJs(manifest).sort()).toEqual(['assets/boot.js', 'assets/react.js'])
  })

  it('lazy chunks are everything the entry and the app do not load up front', () => {
    expect(lazyJs(manifest).sort()).toEqual([
      'assets/jsQR.js',
      'assets/login.js',
      'assets/mask.js',
      'assets/pagamento.js',
      'assets/schemas.js',
      'assets/verificar.js',
    ])
  })

  it('what only online-only roots reach can stay out of the precache; shared chunks stay in', () => {
    expect(
      reachedOnlyThrough(manifest, [
        'src/routes/pagamento.tsx?tsr-split=component',
        'node_modules/jsqr/dist/jsQR.js',
      ]),
    ).toEqual(['assets/jsQR.js', 'assets/mask.js', 'assets/pagamento.css', 'assets/pagamento.js'])
  })

  it('reads the precache manifest workbox injected into the service worker', () => {
    const sw = 'x([{"revision":null,"url":"assets/index.js"},{"revision":"ab","url":"index.html"}])'
    expect(precacheUrls(sw)).toEqual(['assets/index.js', 'index.html'])
  })
})

describe('route preloads', () => {
  const routes: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/boot.tsx'] },
    'src/boot.tsx': { file: 'assets/boot.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    '_db.js': { file: 'assets/db.js' },
    'src/routes/_app.tsx?tsr-split=component---loader': {
      file: 'assets/_app.js',
      imports: ['index.html', '_db.js'],
      css: ['assets/app.css'],
    },
    'src/routes/_app.tsx?tsr-split=errorComponent---pendingComponent': { file: 'assets/_app-e.js' },
    'src/routes/_app/home.tsx?tsr-split=component': {
      file: 'assets/home.js',
      imports: ['index.html', '_react.js', '_db.js'],
    },
    'src/routes/_app/dependent/$id.tsx?tsr-split=component': { file: 'assets/id.js' },
    'src/routes/_app/dependent/new.tsx?tsr-split=component': { file: 'assets/new.js' },
    'src/routes/login.tsx?tsr-split=component': {
      file: 'assets/login.js',
      imports: ['index.html'],
    },
    'src/routes/index.tsx?tsr-split=component': { file: 'assets/root-index.js' },
  }
  const preloads = routePreloads(routes)
  const forPath = (path: string) => preloads.find(({ pattern }) => new RegExp(pattern).test(path))

  it("a screen under a layout preloads its chunk, the layout's and their imports, not the entry's", () => {
    expect(forPath('/home')).toEqual({
      pattern: '^/home/?$',
      modulepreload: ['/assets/_app.js', '/assets/db.js', '/assets/home.js'],
      stylesheets: ['/assets/app.css'],
    })
    expect(forPath('/login')?.modulepreload).toEqual(['/assets/login.js'])
    expect(forPath('/')?.modulepreload).toEqual(['/assets/root-index.js'])
  })

  it('a static path wins over a parameter; unknown paths get nothing', () => {
    expect(forPath('/dependent/new')?.modulepreload).toContain('/assets/new.js')
    expect(forPath('/dependent/3f1c')?.modulepreload).toContain('/assets/id.js')
    expect(forPath('/nada/aqui')).toBeUndefined()
  })
})
