/**
 * `npm run portal -- keys …` and `import` (issue 25, decision 019), as a provider runs them outside demo mode:
 * on a database of its own (a PostgreSQL when the run has one, else the embedded database in a
 * folder), the key printed once and then usable, listed by its last 4, revoked.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client'
import { authenticateApiKey } from '../services/api-keys'
import { scratchPostgres } from '../testing'
import { DataError, runPortalCommand } from './portal'

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
    // Two cold starts of tsx on a busy 2-core machine: not a speed check.
  }, 90_000)

  it('import, outside demo mode: the templates load and a re-run changes nothing; refused rows are a data error (exit 65)', async () => {
    const templates = join(root, 'docs/importacao')
    const files = ['planos.csv', 'pessoas.csv', 'contratos.csv', 'dependentes.csv'].map((name) =>
      join(templates, name),
    )
    const reports = mkdtempSync(join(tmpdir(), 'pdt-cli-relatorios-'))
    try {
      const first = await run('import', ...files, '--report', reports)
      expect(first).toContain(
        'pessoas: 3 linha(s) — 3 criada(s), 0 atualizada(s), 0 sem mudança, 0 com erro, 0 não gravada(s)',
      )
      const again = await run('import', ...files, '--report', reports)
      expect(again).toContain(
        'contratos: 2 linha(s) — 0 criada(s), 0 atualizada(s), 2 sem mudança, 0 com erro, 0 não gravada(s)',
      )
      // The instalments without their contract file name contracts that exist now; cards
      // naming a person of another contract are refused.
      const bad = join(reports, 'carteirinhas-erradas.csv')
      writeFileSync(
        bad,
        'id_externo;contrato;pessoa;codigo;status;validade\ncart-x;ct-9999;socio-1001;X1;ACTIVE;\n',
      )
      await expect(run('import', bad, '--report', reports)).rejects.toBeInstanceOf(DataError)
    } finally {
      rmSync(reports, { recursive: true, force: true })
    }
    // Three runs, each opening and migrating the embedded database: not a speed check.
  }, 120_000)
})
