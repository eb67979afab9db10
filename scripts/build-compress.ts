/**
 * Writes a Brotli (.br) and a gzip (.gz) copy of every text file in dist/, once at build time,
 * so the server sends compressed files without compressing on each request (serveStatic's
 * `precompressed`). Runs last: the service worker file is compressed too.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { outDir } from './brand-build'

const dist = outDir
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/
/** Below this a compressed copy saves less than the extra header costs. */
const minimumBytes = 1024

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    // Build data the server reads and never sends (.vite/, the renderer in .ssr/).
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(path)
    } else yield path
  }
}

let count = 0
let before = 0
let after = 0
for (const path of files(dist)) {
  if (!compressible.test(path) || statSync(path).size < minimumBytes) continue
  const content = readFileSync(path)
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  })
  writeFileSync(`${path}.br`, brotli)
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }))
  count += 1
  before += content.length
  after += brotli.length
}
console.log(
  `compressão: ${count} arquivos, ${(before / 1024).toFixed(1)} KiB → ${(after / 1024).toFixed(1)} KiB (brotli)`,
)
