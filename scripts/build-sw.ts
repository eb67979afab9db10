/**
 * Builds the service worker: bundles sw/sw.ts (TypeScript, workbox modules) into one classic
 * script, then injects the precache manifest of dist/ with workbox-build's injectManifest.
 */
import { resolve } from 'node:path'
import { build } from 'vite'
import { injectManifest } from 'workbox-build'

const root = resolve(import.meta.dirname, '..')
const dist = resolve(root, 'dist')

await build({
  configFile: false,
  logLevel: 'warn',
  root,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
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

const { count, size, warnings } = await injectManifest({
  swSrc: resolve(root, '.tmp/sw/sw.js'),
  swDest: resolve(dist, 'sw.js'),
  globDirectory: dist,
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,ico}'],
  globIgnores: ['sw.js', 'robots.txt'],
  // Hashed file names already change with their content: no cache-busting query needed.
  dontCacheBustURLsMatching: /^assets\//,
})
for (const warning of warnings) console.warn(`service worker: ${warning}`)
console.log(`service worker: ${count} arquivos pré-armazenados (${(size / 1024).toFixed(1)} KiB)`)
