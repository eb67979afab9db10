/**
 * Builds the server's rendering of the public screens (src/entry-server.tsx, decision 020) with
 * the app's own Vite configuration, so components, CSS module class names and route splits are
 * the browser build's: into dist/.ssr/, which the static server never serves (paths under "/.").
 * The packages it uses are bundled in, React's production build among them.
 */
import { resolve } from 'node:path'
import { build } from 'vite'
import { outDir } from './brand-build'

const root = resolve(import.meta.dirname, '..')

await build({
  root,
  logLevel: 'warn',
  // One self-contained module with React's production build: the server needs no NODE_ENV.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: resolve(root, 'src/entry-server.tsx'),
    outDir: resolve(outDir, '.ssr'),
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.mjs' } },
  },
})
