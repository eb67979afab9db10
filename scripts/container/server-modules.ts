/**
 * The packages the built server loads when it runs, and only those, copied from node_modules into
 * `<out>/node_modules` at the versions package-lock.json installed: what the container's runtime
 * stage gets (Dockerfile). `npm ci --omit=dev` would bring every "dependency", the app's among
 * them (React, TanStack, Workbox, Dexie…), which the build has already bundled into dist/.
 *
 * Which packages: the bare imports left in dist-server/index.mjs and dist-server/portal.mjs (the
 * command line: backups, imports, keys; both bundles keep their packages external, decision 017) and in dist/.ssr/entry-server.mjs (self-contained, so none),
 * read from esbuild's metafile; then everything those need, by package-lock.json (dependencies,
 * optional dependencies and peers that are not optional, resolved through nested node_modules as
 * Node resolves them). An optional package that is not installed (another platform's binary) is
 * left out.
 *
 *   tsx scripts/container/server-modules.ts <out>   (after `npm run build`)
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'

const root = resolve(import.meta.dirname, '../..')

type LockEntry = {
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  optional?: boolean
  link?: boolean
}

/** The packages the built files import by name ('pg', 'drizzle-orm', '@hono/node-server'…). */
export async function importedPackages(entryPoints: string[]): Promise<string[]> {
  const { metafile } = await build({
    entryPoints,
    bundle: true,
    write: false,
    outdir: join(root, '.tmp/server-modules'),
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
  })
  const builtins = new Set(builtinModules)
  const names = new Set<string>()
  for (const input of Object.values(metafile.inputs)) {
    for (const { path, external } of input.imports) {
      if (!external || path.startsWith('node:') || builtins.has(path.split('/')[0] ?? '')) continue
      const parts = path.split('/')
      names.add(path.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path))
    }
  }
  return [...names].sort()
}

/** Lock paths (node_modules/a, node_modules/a/node_modules/b…) of `names` and all they need. */
export function closure(lock: Record<string, LockEntry>, names: string[]): string[] {
  const resolveFrom = (from: string, name: string): string | undefined => {
    let base = from
    for (;;) {
      const candidate = `${base ? `${base}/` : ''}node_modules/${name}`
      if (lock[candidate]) return candidate
      if (!base) return undefined
      const parent = base.lastIndexOf('/node_modules/')
      base = parent === -1 ? '' : base.slice(0, parent)
    }
  }
  const found = new Set<string>()
  const visit = (from: string, name: string, optional: boolean) => {
    const path = resolveFrom(from, name)
    if (!path || !existsSync(join(root, path))) {
      if (optional) return
      throw new Error(`${name} (pedido por ${from || 'o servidor'}) não está instalado.`)
    }
    if (found.has(path)) return
    found.add(path)
    const entry = lock[path] ?? {}
    for (const dependency of Object.keys(entry.dependencies ?? {})) visit(path, dependency, false)
    for (const dependency of Object.keys(entry.optionalDependencies ?? {}))
      visit(path, dependency, true)
    // An optional peer is one the package uses only when the application brings it: if the
    // server does, it is among the imported packages already (drizzle-orm's pg and pglite).
    for (const dependency of Object.keys(entry.peerDependencies ?? {})) {
      if (!entry.peerDependenciesMeta?.[dependency]?.optional) visit(path, dependency, false)
    }
  }
  for (const name of names) visit('', name, false)
  return [...found].sort()
}

async function main(out: string) {
  const entryPoints = [
    'dist-server/index.mjs',
    'dist-server/portal.mjs',
    'dist/.ssr/entry-server.mjs',
  ].map((file) => join(root, file))
  for (const file of entryPoints) {
    if (!existsSync(file)) throw new Error(`${file} não existe: rode npm run build antes.`)
  }
  const names = await importedPackages(entryPoints)
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>
  }
  const paths = closure(lock.packages, names)
  rmSync(join(out, 'node_modules'), { recursive: true, force: true })
  mkdirSync(join(out, 'node_modules'), { recursive: true })
  for (const path of paths) {
    const from = join(root, path)
    // Its own files only: the packages nested under it are in the list when they are needed.
    cpSync(from, join(out, path), {
      recursive: true,
      filter: (source) => source !== join(from, 'node_modules'),
    })
  }
  console.log(
    `pacotes do servidor: ${names.length} importados (${names.join(', ')}), ${paths.length} com as dependências, em ${join(out, 'node_modules')}`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2]
  if (!out) {
    console.error('Uso: tsx scripts/container/server-modules.ts <pasta de saída>')
    process.exit(64)
  }
  await main(resolve(out))
}
