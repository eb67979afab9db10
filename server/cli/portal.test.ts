/**
 * `npm run portal -- keys …` and `import` (issue 25, decision 019), as a provider runs them outside demo mode:
 * on a database of its own (a PostgreSQL when the run has one, else the embedded database in a
 * folder), the key printed once and then usable, listed by its last 4, revoked. Outside demo
 * mode and with none of the payment settings the server needs: the commands touch no payment.
 * Then the command line's conventions, as a process: help, version, exit codes, no stack traces.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client'
import { prepareFolder } from '../db/data-dir'
import { lockDataDir } from '../db/data-dir-lock'
import { authenticateApiKey } from '../services/api-keys'
import { scratchPostgres } from '../testing'
import { DataError, runPortalCommand } from './portal'

const root = join(import.meta.dirname, '../..')

describe('npm run portal -- keys', () => {
  let env: NodeJS.ProcessEnv = {}
  let cleanup = async () => {}

  beforeAll(async () => {
    // No PUBLIC_URL, no PIX_*, no PAYMENTS=off: what only the server needs.
    const production = { DEMO: '0' }
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
    // Six openings of the embedded database, each migrating it: not a speed check.
  }, 120_000)

  it('as a command, outside demo mode without payment settings: keys work; a misuse or an unknown scope exits 64 saying which', () => {
    const created = portal(env, 'keys', 'create', '--name', 'Processo', '--scopes', 'members:read')
    expect(created.status, created.stderr).toBe(0)
    expect(created.stdout).toMatch(/^ptk_/m)
    const misuse = portal(env, 'keys')
    expect(misuse.status).toBe(64)
    expect(misuse.stderr).toMatch(
      /^Falta o que fazer: keys create.*\nUse npm run portal -- keys --help/,
    )
    const scope = portal(env, 'keys', 'create', '--name', 'x', '--scopes', 'members:read,tudo')
    expect(scope.status).toBe(64)
    expect(scope.stderr).toContain('Escopo desconhecido: tudo.')
    for (const run of [misuse, scope]) expect(run.stderr).not.toContain('    at ')
    // Three cold starts of tsx on a busy 2-core machine: not a speed check.
  }, 90_000)

  it('import as a command, outside demo mode without payment settings: loads; a missing file exits 66 naming it', () => {
    const reports = mkdtempSync(join(tmpdir(), 'pdt-cli-relatorios-'))
    try {
      const plans = join(root, 'docs/importacao/planos.csv')
      const loaded = portal(env, 'import', plans, '--dry-run', '--report', reports)
      expect(loaded.status, loaded.stderr).toBe(0)
      expect(loaded.stdout).toContain('planos:')
      const missing = portal(env, 'import', join(reports, 'nao-existe.csv'))
      expect(missing.status).toBe(66)
      expect(missing.stderr.trim()).toBe(`O arquivo ${join(reports, 'nao-existe.csv')} não existe.`)
    } finally {
      rmSync(reports, { recursive: true, force: true })
    }
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

/** The command as a process, with none of the run's own settings but those given. */
function portal(env: NodeJS.ProcessEnv, ...argv: string[]) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(PIX_|STRIPE_|PAYMENT|PUBLIC_URL$|DEMO$|DATABASE_URL$|DATA_DIR$)/.test(name),
    ),
  )
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/portal.ts', ...argv], {
    cwd: root,
    env: { ...inherited, ...env },
    encoding: 'utf8',
  })
}

describe('npm run portal: the conventions of a command line', () => {
  // No database is opened by any of these: an empty folder that would show if one were.
  const folder = mkdtempSync(join(tmpdir(), 'pdt-cli-conventions-'))
  const env = { DEMO: '0', DATA_DIR: join(folder, 'data') }
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it.each([
    [['--help'], 'Comandos:'],
    [['-h'], 'Comandos:'],
    [['help'], 'Comandos:'],
    [['help', 'import'], 'Uso: npm run portal -- import <arquivo.csv…>'],
    [['import', '--help'], 'Uso: npm run portal -- import <arquivo.csv…>'],
  ])(
    '%j prints the usage in Portuguese on stdout and exits 0',
    (argv, heading) => {
      const run = portal(env, ...argv)
      expect(run.status, run.stderr).toBe(0)
      expect(run.stderr).toBe('')
      expect(run.stdout).toContain(heading)
      for (const words of ['import', 'Códigos de saída:', 'Variáveis de ambiente', 'Exemplo'])
        expect(run.stdout).toContain(words)
      if (argv.length === 1)
        for (const command of ['keys', 'backup', 'restore']) expect(run.stdout).toContain(command)
    },
    60_000,
  )

  it('--version and -V print the version of package.json, exit 0', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    for (const flag of ['--version', '-V']) {
      const run = portal(env, flag)
      expect(run.status, run.stderr).toBe(0)
      expect(run.stdout.trim()).toBe(`portal-do-titular ${version}`)
    }
  }, 60_000)

  it.each([
    [['exportar'], 'Comando desconhecido: exportar.'],
    [['--forca'], 'Opção desconhecida: --forca.'],
    [['import', 'a.csv', '--partial=sim'], 'A opção --partial não aceita valor.'],
    [['help', 'exportar'], 'Comando desconhecido: exportar.'],
  ])(
    '%j exits 64 with one sentence in Portuguese and where the help is, no stack trace',
    (argv, sentence) => {
      const run = portal(env, ...argv)
      expect(run.status).toBe(64)
      expect(run.stdout).toBe('')
      const [said, hint, ...more] = run.stderr.trim().split('\n')
      expect(said).toContain(sentence)
      expect(hint).toMatch(/^Use npm run portal -- (import )?--help para ver/)
      expect(more).toEqual([])
      expect(run.stderr).not.toContain('    at ')
    },
    60_000,
  )

  it('a database that cannot be opened, or a bad setting, is one sentence and its code, no stack trace', async () => {
    const unreachable = portal(
      { DEMO: '0', DATABASE_URL: 'postgres://portal:segredo@127.0.0.1:1/portal' },
      'keys',
      'list',
    )
    expect(unreachable.status).toBe(69)
    expect(unreachable.stderr).toContain('127.0.0.1:1/portal')
    expect(unreachable.stderr).not.toContain('segredo')
    const setting = portal({ ...env, DEMO: 'talvez' }, 'keys', 'list')
    expect(setting.status).toBe(78)
    expect(setting.stderr).toContain('DEMO inválido')
    // A server holding the folder: the command waits for nobody and says who has it.
    const held = join(folder, 'em-uso')
    prepareFolder(held)
    const lock = await lockDataDir(held)
    try {
      const inUse = portal({ DEMO: '0', DATA_DIR: held }, 'keys', 'list')
      expect(inUse.status).toBe(69)
      expect(inUse.stderr).toContain('já está em uso')
      for (const run of [unreachable, setting, inUse]) {
        expect(run.stderr).not.toContain('    at ')
        expect(run.stderr.trim().split('\n')).toHaveLength(1)
      }
    } finally {
      lock.release()
    }
  }, 60_000)
})
