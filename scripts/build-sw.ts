/**
 * Builds the service worker: bundles sw/sw.ts (TypeScript, workbox modules) into one classic
 * script, then injects the precache manifest of dist/ with workbox-build's injectManifest.
 * What it learns from Vite's manifest (sw/build-info.ts) goes in as a `define`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { build, loadEnv } from 'vite'
import { injectManifest } from 'workbox-build'
import { screenSnapshots } from '../contract/worker-messages'
import type { BuildInfo } from '../sw/build-info'
import { outDir } from './brand-build'
import {
  closure,
  entryKey,
  reachedOnlyThrough,
  readManifest,
  routeChunkKeys,
  routePreloads,
  startCss,
  startJs,
  startKeys,
} from './chunk-graph'

const root = resolve(import.meta.dirname, '..')
const dist = outDir
const manifest = readManifest(dist)
const entry = entryKey(manifest)

/**
 * Payments and the passkey list are online only (docs/design.md §5): offline, these screens say so
 * instead of loading.
 */
const onlineOnlyRoutes = [
  'src/routes/pagamento.tsx',
  'src/routes/success.tsx',
  'src/routes/_app/passkeys.tsx',
]
/**
 * Not precached, and kept the first time the path that uses them opens: /verificar is for staff
 * at the gate, not for the holders every install is for; its screen and the QR decoder (for
 * browsers without BarcodeDetector) are kept on the first visit, so it works offline afterwards.
 */
const keptOnVisit = [
  {
    path: '/verificar',
    modules: ['node_modules/jsqr/dist/jsQR.js'],
    routes: ['src/routes/verificar.tsx'],
  },
  // A payment link opened before the worker took the page over (a first visit: the server
  // renders it, decision 020) is kept as the worker activates, so it reopens with no signal to
  // say that paying needs one.
  { path: '/pagamento', modules: [], routes: ['src/routes/pagamento.tsx'] },
  { path: '/success', modules: [], routes: ['src/routes/success.tsx'] },
  // Privacy and the copy of one's data (issue 28): opened from /login or the menu, and the copy
  // is made by the server when asked; kept on the first visit, not installed with the app.
  { path: '/privacidade', modules: [], routes: ['src/routes/privacidade.tsx'] },
  // The code's screen is only reached by sending a code, online; a code typed with no signal
  // goes nowhere. Kept on the first visit (the precache reached 300.1 KiB of its 300).
  { path: '/verify-code', modules: [], routes: ['src/routes/verify-code.tsx'] },
  // The terms are reached right after a code login, online, and accepting them asks the server:
  // kept on the first visit (the card's allow-list, on the device for the gate, took the
  // precache to 300.6 KiB of its 300).
  { path: '/terms', modules: [], routes: ['src/routes/terms.tsx'] },
]
/**
 * Loaded on first use and kept, never precached: the WebAuthn ceremonies need the network
 * anyway (a passkey login asks the server for a challenge), and the offer of a passkey comes
 * right after a code login, online.
 */
const onlineOnlyModules = [
  'src/features/auth/passkeys/ceremony.ts',
  'src/features/auth/passkeys/passkey-offer.tsx',
  // Débito automático via Pix on Pagamentos (decision 025): every step of it asks the bank.
  'src/features/payments/components/pix-automatico-section.tsx',
]

// Package keys are relative to the root, through wherever node_modules really lives.
const moduleKey = (path: string) => {
  const key = Object.keys(manifest).find((candidate) => candidate.endsWith(path))
  if (!key) throw new Error(`${path} não está no manifest do Vite: atualize build-sw.ts`)
  return key
}
const visitRoots = ({ modules, routes }: (typeof keptOnVisit)[number]) => [
  ...modules.map(moduleKey),
  ...routes.flatMap((route) => routeChunkKeys(manifest, route)),
]
const onFirstUse = reachedOnlyThrough(manifest, [
  ...onlineOnlyRoutes
    .filter((route) => existsSync(resolve(root, route)))
    .flatMap((route) => routeChunkKeys(manifest, route)),
  ...keptOnVisit.flatMap((visit) => visitRoots(visit)),
  ...onlineOnlyModules.map(moduleKey),
])
/**
 * The web font (src/styles/fonts.css) is not precached either: ~47 KiB that compress no further
 * would take a fifth of the precache budget, and the text shows in the fallback font meanwhile
 * (font-display: swap). It is kept on first use, so it is there offline from the next start.
 */
const fonts = readdirSync(resolve(dist, 'assets'))
  .filter((file) => file.endsWith('.woff2'))
  .map((file) => `assets/${file}`)
onFirstUse.push(...fonts)
/**
 * The install icons: the browser reads them from the manifest when it installs the app, online;
 * no screen shows them (the page's icon is the SVG), so they need no room in the precache.
 */
const installIcons = readdirSync(resolve(dist, 'icons'))
  .filter((file) => file.endsWith('.png'))
  .map((file) => `icons/${file}`)
onFirstUse.push(...installIcons)
// Everything a visited path's screen loads that the precache leaves out: its own files and the
// ones it shares with other online-only screens (not what it reaches back through the app).
const notPrecached = new Set(onFirstUse)
const start = new Set(startKeys(manifest))
const keepOnVisit: Record<string, string[]> = {}
for (const visit of keptOnVisit)
  keepOnVisit[visit.path] = [
    ...closure(manifest, visitRoots(visit), { dynamic: true, stopAt: start }),
  ]
    .flatMap((key) => [manifest[key]?.file ?? '', ...(manifest[key]?.css ?? [])])
    .filter((file, index, files) => notPrecached.has(file) && files.indexOf(file) === index)
    .map((file) => `/${file}`)

// Every page starts with the entry and what src/boot.tsx imports at once (decision 020): their
// links go into index.html, so they load with the entry instead of after it has run.
const shellFile = resolve(dist, 'index.html')
const shell = readFileSync(shellFile, 'utf8')
const startLinks = [
  ...startCss(manifest).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ...startJs(manifest).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
].filter((link) => !shell.includes(link.slice(link.indexOf('href='))))
if (!shell.includes('</head>')) throw new Error('dist/index.html sem </head>')
writeFileSync(
  shellFile,
  shell.replace('</head>', () => `  ${startLinks.join('\n    ')}\n  </head>`),
)

// What each path's screen needs beyond the entry: the server names it in the path's HTML, and
// the worker in the /favorites page it paints.
const preloads = routePreloads(manifest)
const favorites = preloads.find(({ pattern }) => new RegExp(pattern).test('/favorites'))
if (!favorites) throw new Error('A rota /favorites não está no manifest do Vite')
const screens = Object.fromEntries(
  screenSnapshots.paths.map((path) => {
    const found = preloads.find(({ pattern }) => new RegExp(pattern).test(path))
    if (!found) throw new Error(`A rota ${path} não está no manifest do Vite`)
    return [path, { modulepreload: found.modulepreload, stylesheets: found.stylesheets }]
  }),
)

const buildInfo: BuildInfo = {
  entry: `/${manifest[entry]?.file}`,
  onFirstUse: onFirstUse.map((file) => `/${file}`),
  keepOnVisit,
  // The same value Vite gave the app (environment or .env files), so page and worker agree.
  apiBase: loadEnv('production', root, 'VITE_').VITE_API_BASE || '/socios-api',
  favorites: { modulepreload: favorites.modulepreload, stylesheets: favorites.stylesheets },
  screens,
}

await build({
  configFile: false,
  logLevel: 'warn',
  root,
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    __BUILD_INFO__: JSON.stringify(buildInfo),
  },
  build: {
    outDir: resolve(root, '.tmp/sw'),
    emptyOutDir: true,
    minify: true,
    target: 'es2020',
    lib: {
      entry: resolve(root, 'sw/sw.ts'),
      formats: ['iife'],
      name: 'sw',
      fileName: () => 'sw.js',
    },
  },
})

// The server names each path's screen code in its HTML (server/http/static.ts), so it loads
// alongside the entry instead of after it. Under .vite/: build metadata, never served.
writeFileSync(resolve(dist, '.vite/route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`)

const skipped = new Set(onFirstUse)
const { count, size, warnings } = await injectManifest({
  swSrc: resolve(root, '.tmp/sw/sw.js'),
  swDest: resolve(dist, 'sw.js'),
  globDirectory: dist,
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,ico}'],
  globIgnores: ['sw.js', 'robots.txt'],
  manifestTransforms: [
    async (entries) => ({ manifest: entries.filter((item) => !skipped.has(item.url)) }),
  ],
  // Hashed file names already change with their content: no cache-busting query needed.
  dontCacheBustURLsMatching: /^assets\//,
})
for (const warning of warnings) console.warn(`service worker: ${warning}`)
console.log(`service worker: ${count} arquivos pré-armazenados (${(size / 1024).toFixed(1)} KiB)`)
console.log(
  `service worker: ${onFirstUse.length} guardados no primeiro uso (${onFirstUse.join(', ')})`,
)
