/**
 * `npm run portal -- keys …` (issue 25, decision 019), as a provider runs it outside demo mode:
 * on a database of its own (a PostgreSQL when the run has one, else the embedded database in a
 * folder), the key printed once and then usable, listed by its last 4, revoked.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client'
import { authenticateApiKey } from '../services/api-keys'
import { scratchPostgres } from '../testing'
import { runPortalCommand } from './portal'

const root = join(import.meta.dirname, '../..')

describe('npm run portal -- keys', () => {
  let env: NodeJS.ProcessEnv = {}
  let cleanup = async () => {}

  beforeAll(async () => {
    const production = { DEMO: '0', PUBLIC_URL: 'https://socios.exemplo.com.br', PAYMENTS: 'off' }
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await scratchPostgres('pdt_cli')
      env = { ...production, DATABASE_URL: scratch.url }
      cleanup = scratch.drop
    } else {
      const folder = mkdtempSync(join(tmpdir(), 'pdt-cli-'))
      env = { ...production, DATA_DIR: folder }
      cleanup = async () => rmSync(folder, { recursive: true, force: true })
    }
  })
  afterAll(() => cleanup())

  const run = async (...argv: string[]) => {
    const lines: string[] = []
    await runPortalCommand(argv, { out: (line) => lines.push(line) }, env)
    return lines
  }
  const check = async (key: string) => {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
    try {
      return await authenticateApiKey(handle.db, key)
    } finally {
      await handle.close()
    }
  }

  it('creates a key shown once, lists it by its last 4 characters, revokes it', async () => {
    const created = await run(
      'keys',
      'create',
      '--name',
      'ERP do clube',
      '--scopes',
      'members:read,members:write',
    )
    const key = created.at(-1) ?? ''
    expect(key).toMatch(/^ptk_[A-Za-z0-9_-]{43}$/)
    expect(created).toContain('Guarde-a agora: ela não será mostrada de novo.')
    expect(created).toContain('Escopos: members:read, members:write')
    const usable = await check(key)
    expect(usable?.scopes).toEqual(['members:read', 'members:write'])

    const listed = (await run('keys', 'list')).join('\n')
    expect(listed).toContain(`ERP do clube\t…${key.slice(-4)}\tmembers:read,members:write\tativa`)
    expect(listed).not.toContain(key)

    const revoked = await run('keys', 'revoke', usable?.id ?? '')
    expect(revoked[0]).toContain('revogada')
    expect(await check(key)).toBeNull()
    expect((await run('keys', 'list')).join('\n')).toContain('revogada em')
    await expect(run('keys', 'revoke', usable?.id ?? '')).rejects.toThrow(
      `Nenhuma chave ativa com o id ${usable?.id}.`,
    )
  })

  it('as a command: a misuse exits 64 with the usage, an unknown scope exits 1 naming it', () => {
    const portal = (...argv: string[]) =>
      spawnSync('npx', ['tsx', 'server/cli/portal.ts', ...argv], {
        cwd: root,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      })
    const misuse = portal('keys')
    expect(misuse.status).toBe(64)
    expect(misuse.stderr).toContain('Uso: npm run portal -- <comando>')
    const scope = portal('keys', 'create', '--name', 'x', '--scopes', 'members:read,tudo')
    expect(scope.status).toBe(1)
    expect(scope.stderr).toContain('Escopo desconhecido: tudo.')
  })
})
