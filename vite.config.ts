import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`

export default defineConfig({
  plugins: [
    // Must come before the React plugin: it generates src/routeTree.gen.ts and splits each
    // route's component into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph the size budgets and the service worker build read.
    manifest: true,
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
})
