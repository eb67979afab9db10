#!/usr/bin/env node
// Reads package.json and package-lock.json and says what would make `npm ci` refuse the lockfile
// on some machine: a dependency of package.json that the lockfile does not record, or a package the
// lockfile lists whose dependencies (above all the optional per-platform binaries of Biome, Rollup,
// esbuild and the like) have no entry. Node built-ins only: `.ci/run` runs it before `npm ci`, when
// nothing is installed yet. Versions against ranges are left to `npm ci --dry-run` (see its test).
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const manifestFields = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
]

/**
 * @param {Record<string, unknown>} manifest package.json
 * @param {{ lockfileVersion?: number, packages?: Record<string, Record<string, unknown>> }} lock
 * @returns {string[]} one line per problem, empty when `npm ci` can use the lockfile anywhere
 */
export function lockfileProblems(manifest, lock) {
  const packages = lock.packages
  if (!packages || (lock.lockfileVersion ?? 0) < 2) {
    return ['o package-lock.json não tem a seção "packages" (lockfileVersion 2 ou 3)']
  }
  const problems = []
  const root = packages[''] ?? {}
  for (const field of manifestFields) {
    const wanted = /** @type {Record<string, string>} */ (manifest[field] ?? {})
    const locked = /** @type {Record<string, string>} */ (root[field] ?? {})
    for (const name of new Set([...Object.keys(wanted), ...Object.keys(locked)])) {
      if (wanted[name] !== locked[name]) {
        problems.push(
          `${field}.${name}: package.json pede ${wanted[name] ?? '(nada)'}, o lockfile registra ${locked[name] ?? '(nada)'}`,
        )
      }
    }
  }
  for (const [path, entry] of Object.entries(packages)) {
    if (entry.link) continue
    const optionalPeers = /** @type {Record<string, { optional?: boolean }>} */ (
      entry.peerDependenciesMeta ?? {}
    )
    const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter(
      (name) => !optionalPeers[name]?.optional,
    )
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...requiredPeers,
    ]
    for (const name of new Set(names)) {
      if (!resolves(packages, path, name)) {
        problems.push(`${path || '(raiz)'} depende de ${name}, que não está no lockfile`)
      }
    }
  }
  return problems
}

/** Node's lookup: `a/node_modules/b` finds `c` in `a/node_modules/b/node_modules/c`, then upwards. */
function resolves(packages, from, name) {
  let dir = from
  for (;;) {
    if (`${dir ? `${dir}/` : ''}node_modules/${name}` in packages) return true
    if (!dir) return false
    const up = dir.lastIndexOf('/node_modules/')
    dir = up === -1 ? '' : dir.slice(0, up)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..')
  const read = (file) => JSON.parse(readFileSync(join(dir, file), 'utf8'))
  const problems = lockfileProblems(read('package.json'), read('package-lock.json'))
  if (problems.length > 0) {
    console.error(
      'O package-lock.json está desatualizado: rode `npm install`, confira a diferença e faça commit do lockfile.',
    )
    for (const problem of problems.slice(0, 20)) console.error(`  - ${problem}`)
    if (problems.length > 20) console.error(`  … e mais ${problems.length - 20}`)
    process.exit(1)
  }
}
