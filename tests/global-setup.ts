/**
 * Once per run, before the workers start, for all the projects that run: the demo database every
 * API test and browser journey starts from (tests/helpers/database-templates.ts), and the server
 * bundle every test server runs (tests/helpers/server-command.ts), both built fresh.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildServer } from '../scripts/build-server'
import type { DatabaseTemplates } from './helpers/database-templates'

const root = resolve(import.meta.dirname, '..')

type Shared = { templates: DatabaseTemplates; bundle: string; users: number; folder: string }
// The projects' setups run in vitest's one process: they share the templates through it.
const shared = globalThis as typeof globalThis & { pdtDatabaseTemplates?: Promise<Shared> }

async function build(): Promise<Shared> {
  // Inside the repository: the bundle finds its packages in node_modules from there.
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const folder = mkdtempSync(join(root, '.tmp', 'test-run-'))
  // Readable by the unprivileged user data-dir-start.test.ts runs one server as (mkdtemp: 0700).
  chmodSync(folder, 0o755)
  const seededAt = new Date().toISOString()
  const run = (...args: string[]) =>
    execFileSync(
      join(root, 'node_modules/.bin/tsx'),
      ['tests/build-database-templates.ts', ...args],
      {
        cwd: root,
        stdio: 'inherit',
      },
    )
  const dataDir = join(folder, 'data')
  const dump = join(folder, 'demo.tar')
  run('data', dataDir)
  run('dump', dataDir, dump)
  const bundle = await buildServer(join(folder, 'server'))
  return { templates: { seededAt, dataDir, dump }, bundle, users: 0, folder }
}

export default async function setup(project: TestProject) {
  shared.pdtDatabaseTemplates ??= build()
  const own = await shared.pdtDatabaseTemplates
  own.users += 1
  project.provide('databaseTemplates', own.templates)
  project.provide('serverBundle', own.bundle)
  return () => {
    own.users -= 1
    if (own.users > 0) return
    rmSync(own.folder, { recursive: true, force: true })
    shared.pdtDatabaseTemplates = undefined
  }
}
