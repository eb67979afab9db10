import { execFile } from 'node:child_process'
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { lockfileProblems } from './check-lockfile.mjs'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..')
const projectFiles = ['package.json', 'package-lock.json', '.npmrc']
// `npm test` hands its own config down (npm_config_local_prefix names this folder, not the copy).
const outsideNpm = () =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)))
const readJson = async (file: string) => JSON.parse(await readFile(join(root, file), 'utf8'))

// A tool with per-platform binaries, as Biome, Rollup and esbuild publish them.
const manifest = { dependencies: { tool: '^1.0.0' } }
const lockWith = (platforms: string[]) => ({
  lockfileVersion: 3,
  packages: {
    '': { dependencies: { tool: '^1.0.0' } },
    'node_modules/tool': {
      version: '1.0.0',
      optionalDependencies: { '@tool/linux-x64': '1.0.0', '@tool/darwin-arm64': '1.0.0' },
    },
    ...Object.fromEntries(platforms.map((p) => [`node_modules/@tool/${p}`, { version: '1.0.0' }])),
  },
})

describe('lockfileProblems', () => {
  it('accepts a lockfile that lists every platform package', () => {
    expect(lockfileProblems(manifest, lockWith(['linux-x64', 'darwin-arm64']))).toEqual([])
  })

  it('names the platform package a lockfile made on one machine left out', () => {
    expect(lockfileProblems(manifest, lockWith(['linux-x64']))).toEqual([
      'node_modules/tool depende de @tool/darwin-arm64, que não está no lockfile',
    ])
  })

  it('names a dependency package.json gained or changed since the lockfile was written', () => {
    const changed = { dependencies: { tool: '^2.0.0' }, devDependencies: { extra: '^1.0.0' } }
    expect(lockfileProblems(changed, lockWith(['linux-x64', 'darwin-arm64']))).toEqual([
      'dependencies.tool: package.json pede ^2.0.0, o lockfile registra ^1.0.0',
      'devDependencies.extra: package.json pede ^1.0.0, o lockfile registra (nada)',
    ])
  })

  it('finds a dependency the way Node does: nested first, then each folder up', () => {
    const lock = {
      lockfileVersion: 3,
      packages: {
        '': {},
        'node_modules/a': { dependencies: { b: '1', c: '1' } },
        'node_modules/a/node_modules/b': { dependencies: { c: '1', d: '1' } },
        'node_modules/c': {},
      },
    }
    expect(lockfileProblems({}, lock)).toEqual([
      'node_modules/a/node_modules/b depende de d, que não está no lockfile',
    ])
  })

  it('does not ask for an optional peer', () => {
    const lock = lockWith(['linux-x64', 'darwin-arm64'])
    lock.packages['node_modules/tool'] = {
      ...lock.packages['node_modules/tool'],
      peerDependencies: { typescript: '*' },
      peerDependenciesMeta: { typescript: { optional: true } },
    } as (typeof lock.packages)['node_modules/tool']
    expect(lockfileProblems(manifest, lock)).toEqual([])
  })
})

describe("this project's package-lock.json", () => {
  it('records package.json and every platform package its dependencies declare', async () => {
    expect(
      lockfileProblems(await readJson('package.json'), await readJson('package-lock.json')),
    ).toEqual([])
  })

  // npm's own verdict, in a copy so nothing here is touched. It asks the registry for package
  // documents, as `npm ci` does.
  it('is taken by `npm ci` as it is, and `npm install` leaves it byte for byte', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lockfile-'))
    try {
      for (const file of projectFiles) await copyFile(join(root, file), join(dir, file))
      const npm = (...args: string[]) =>
        run('npm', [...args, '--ignore-scripts', '--no-audit', '--no-fund'], {
          cwd: dir,
          env: { ...outsideNpm(), npm_config_update_notifier: 'false' },
        })
      await npm('ci', '--dry-run')
      await npm('install', '--package-lock-only')
      expect(await readFile(join(dir, 'package-lock.json'), 'utf8')).toBe(
        await readFile(join(root, 'package-lock.json'), 'utf8'),
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
