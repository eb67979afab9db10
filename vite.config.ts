import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { brandPlugin, outDir } from './scripts/brand-build.ts'
import { shortClassNames } from './scripts/css-class-names.ts'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`

/**
 * Each operation's `summary` and `tag` (contract/api/) are the API document's, for the docs page
 * and providers: the app never reads them, so the browser build leaves them out (0.8 KiB gzip
 * of the precache). One written so that this misses it stops the build.
 */
const docsOnly = /^\s*(summary|tag):\s*'(?:[^'\\\n]|\\.)*',\n/gm
const withoutDocsText: Plugin = {
  name: 'operations-without-docs-text',
  // Before TypeScript is compiled away: the source as written, whatever the compiler prints.
  enforce: 'pre',
  transform: {
    filter: { id: /[\\/]contract[\\/]api[\\/][\w-]+\.ts$/ },
    handler(code, id) {
      const stripped = code.replace(docsOnly, '')
      if (/\b(summary|tag):/.test(stripped))
        this.error(`${id}: summary ou tag fora do formato 'texto', numa linha só.`)
      return stripped === code ? null : { code: stripped, map: null }
    },
  },
}

export default defineConfig(({ command }) => ({
  // Built class names are two or three letters (scripts/css-class-names.ts); the dev server keeps
  // readable ones. The server's rendering (scripts/build-ssr.ts) builds with this file too.
  css: {
    modules: {
      generateScopedName:
        command === 'build' ? shortClassNames(import.meta.dirname) : '[name]_[local]',
    },
  },
  plugins: [
    // Must come before the React plugin: it generates src/routeTree.gen.ts and splits each
    // route's component into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react(),
    withoutDocsText,
    // The provider's brand file: names, colours, manifest, logo (decision 023).
    brandPlugin(),
  ],
  build: {
    outDir,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph the size budgets and the service worker build read.
    manifest: true,
    rolldownOptions: {
      output: {
        // Seven hash characters, not eight (Rolldown's least for this many chunks): every chunk's name is in the app's list of preloads,
        // which /login's first view carries (~110 names). 64^7 names leave no room for a clash.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          groups: [
            // The API client and what every call reads (the operations' shared answers, the
            // contract's http helpers): one chunk, not four of a few hundred bytes each, which
            // the automatic split made of them once calls went through declared operations
            // (issue 24). /login's first view: 14 files and 120.4 KiB → 11 and 119.6 KiB.
            {
              name: 'client',
              test: /(src[\\/]api[\\/](client|call|revalidate)|contract[\\/](http|operation|api[\\/]answers))\.ts$/,
            },
            // The logo and the SVG base every icon draws with: one chunk, not two of a few hundred
            // bytes, both in /login's first view (one name fewer in every preload list).
            { name: 'logo', test: /src[\\/]ui[\\/](logo|svg)\.tsx$/ },
            // Vite's loader of dynamic imports, which the entry uses to import the app: a chunk of
            // its own, or it lands in the app's and the entry would load the whole app with it.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
            // The app proper (src/boot.tsx, loaded by the entry: decision 020), with the route
            // tree, the routes' definitions and React's renderer: one chunk, as when it was the
            // entry, not the two dozen a dynamically imported module is cut into otherwise.
            {
              name: 'boot',
              test: /(src[\\/](boot|app|router|routeTree\.gen)\.tsx?|src[\\/]routes[\\/][^?]+|node_modules[\\/](react-dom|scheduler)[\\/].+)$/,
            },
            // The screens' small shared parts (chips, avatars, dates and amounts…): one chunk of a
            // few KiB, not a dozen of a few hundred bytes, each with its own name in every preload
            // list and its own imports (issue 27: the precache had no room left under 300 KiB).
            // After 'boot', so what the app already holds (React) stays there.
            {
              name: 'kit',
              test: /src[\\/](ui[\\/](chip|avatar|spinner|skeleton|empty-state|pending-badge|tabs|dialog|deliver-file|support-contact)\.tsx?|lib[\\/](status|dates|money|files)\.ts)$/,
            },
          ],
        },
      },
    },
    // Keep the service worker's precache honest: no inlined data URLs for assets.
    assetsInlineLimit: 0,
    // Every browser the app supports preloads modules natively; the polyfill (~0.5 KiB gzip)
    // would only ride along in the entry.
    modulePreload: {
      polyfill: false,
      // "Entrar com passkey" rides beside /login: what it imports, /login has already loaded
      // but a small module, so no list of files to preload goes into /login's chunk.
      resolveDependencies: (file, deps) => (/passkey-login-/.test(file) ? [] : deps),
    },
  },
  server: {
    proxy: {
      '/socios-api': apiTarget,
      '/sandbox': apiTarget,
      '/dev': apiTarget,
    },
  },
}))
