/**
 * `npm run portal -- import` on files as providers' systems and Excel write them: the encoding
 * decided per file and a byte not valid in it refused with its line, quotes that do not close,
 * the report's folder, the report as Excel opens it, and dates that do not exist. The command
 * runs as the provider runs it (spawned, for its exit code) or through runPortalCommand, on a
 * database of its own.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataError, runPortalCommand } from '../cli/portal'
import { openDatabase } from '../db/client'
import { persons } from '../db/schema'
import { scratchPostgres } from '../testing'

const root = join(import.meta.dirname, '../..')
const header =
  'id_externo;nome;sobrenome;nascimento;genero;email;cpf;rg;passaporte;certidao_nascimento;ddi;telefone;cep;uf;cidade;pais;rua;bairro;numero;complemento;banco_ispb;banco_agencia;banco_conta'

describe('npm run portal -- import, on files as they come', () => {
  let env: NodeJS.ProcessEnv = {}
  let dir: string
  let cleanup = async () => {}

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pdt-importacao-'))
    const production = { DEMO: '0', PUBLIC_URL: 'https://socios.exemplo.com.br', PAYMENTS: 'off' }
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await scratchPostgres('pdt_import_cli')
      env = { ...production, DATABASE_URL: scratch.url }
      cleanup = scratch.drop
    } else env = { ...production, DATA_DIR: join(dir, 'banco') }
  })
  afterAll(async () => {
    await cleanup()
    rmSync(dir, { recursive: true, force: true })
  })

  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name)
    writeFileSync(path, content)
    return path
  }
  const run = async (...argv: string[]) => {
    const lines: string[] = []
    await runPortalCommand(argv, { out: (line) => lines.push(line) }, env)
    return lines
  }
  /** The command as the provider runs it, for its exit code and what it prints. */
  const portal = (...argv: string[]) =>
    spawnSync('npx', ['tsx', 'server/cli/portal.ts', ...argv], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    })
  const withDb = async <T>(use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => T) => {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
    try {
      await handle.migrate({ demo: false })
      return await use(handle.db)
    } finally {
      await handle.close()
    }
  }
  const stored = (...ids: string[]) =>
    withDb((db) =>
      db
        .select({ id: persons.externalId, firstName: persons.firstName, city: persons.city })
        .from(persons)
        .where(inArray(persons.externalId, ids)),
    )
  const report = (name: string, folder = dir) => readFileSync(join(folder, `${name}.report.csv`))
  /** The report's rows as `linha`, `status`, `erros`. */
  const statuses = (name: string) =>
    report(name)
      .toString('utf8')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(';').slice(0, 4))
      .map(([line, status, , errors]) => [line, status, errors])

  it('refuses a UTF-8 file with one Latin-1 row, naming its line and column; an unclosed quote, its line (exit 65, nothing stored)', () => {
    const mixed = file(
      'misturado.csv',
      Buffer.concat([
        Buffer.from(`${header}\nmix-1;João;Araújo;01/01/1990\n`, 'utf8'),
        Buffer.from('mix-2;Conceição;Souza;01/01/1990\n', 'latin1'),
        Buffer.from('mix-3;Irene;Gonçalves;01/01/1990\n', 'utf8'),
      ]),
    )
    const refused = portal('import', mixed, '--report', dir)
    expect(refused.status).toBe(65)
    expect(refused.stderr).toContain('linha 3 (coluna nome, "Conceição")')
    expect(refused.stderr).toContain('--encoding windows-1252')
    expect(refused.stderr).not.toMatch(/\n\s+at /)

    const unclosed = file(
      'aspas.csv',
      `${header}\nq-1;Ana;Lima;01/01/1990\nq-2;"Bia;Lima;01/01/1990\nq-3;Caio;Lima;01/01/1990\n`,
    )
    const quote = portal('import', unclosed, '--report', dir)
    expect(quote.status).toBe(65)
    expect(quote.stderr).toContain(
      `${unclosed}, linha 3: as aspas abertas nesta linha não se fecham`,
    )
    // Two cold starts of tsx on a busy 2-core machine: not a speed check.
  }, 120_000)

  it('stores nothing of the refused files', async () => {
    expect(await stored('mix-1', 'mix-2', 'mix-3', 'q-1', 'q-2', 'q-3')).toEqual([])
  }, 60_000)

  it('imports a whole Windows-1252 file, and UTF-8 with BOM, UTF-16 LE and BE, with their accents, whatever the line ends', async () => {
    const rows = (prefix: string, end: string) =>
      [header, `${prefix}-1;Conceição;Araújo;05/06/1970;;;;;;;;;;;São Paulo`, ''].join(end)
    const le = Buffer.from(`\uFEFF${rows('u16le', '\r\n')}`, 'utf16le')
    const be = Buffer.from(`\uFEFF${rows('u16be', '\n')}`, 'utf16le').swap16()
    const files = [
      file('excel.csv', Buffer.from(rows('w1252', '\r\n'), 'latin1')),
      file('mac.csv', Buffer.from(rows('cr', '\r'), 'latin1')),
      file('bom.csv', Buffer.from(`\uFEFF${rows('bom', '\n')}`, 'utf8')),
      file('le.csv', le),
      file('be.csv', be),
    ]
    for (const path of files) await run('import', path, '--report', dir)
    const people = await stored('w1252-1', 'cr-1', 'bom-1', 'u16le-1', 'u16be-1')
    expect(people).toHaveLength(5)
    for (const person of people)
      expect(person).toMatchObject({ firstName: 'Conceição', city: 'São Paulo' })
    // Said to be UTF-8, a Windows-1252 file is refused with its line, not garbled.
    const said = file('dito-utf8.csv', Buffer.from(rows('dito', '\n'), 'latin1'))
    await expect(run('import', said, '--encoding', 'utf-8', '--report', dir)).rejects.toThrow(
      `${said}, linha 2 (coluna nome, "Conceição"): bytes que não são UTF-8`,
    )
    // Said to be Windows-1252, a file is read so, with no guess.
    const latin = file('dito-latin1.csv', Buffer.from(rows('latin', '\n'), 'latin1'))
    await run('import', latin, '--encoding', 'latin1', '--report', dir)
    expect(await stored('latin-1')).toMatchObject([{ firstName: 'Conceição' }])
  }, 60_000)

  it('refuses a stray quote or text after a closing one with its line; a row with another separator or too many cells is an error of its own', async () => {
    const stray = file('aspas-meio.csv', `${header}\ns-1;Ana "Aninha";Lima;01/01/1990\n`)
    await expect(run('import', stray, '--report', dir)).rejects.toThrow(
      `${stray}, linha 2: aspas no meio de um campo`,
    )
    const after = file('aspas-depois.csv', `${header}\ns-2;"Ana" Maria;Lima;01/01/1990\n`)
    await expect(run('import', after, '--report', dir)).rejects.toThrow(
      `${after}, linha 2: há texto depois das aspas`,
    )
    const nul = file('nulo.csv', Buffer.from(`\uFEFF${header}\nn-1;A\0na;Lima\n`, 'utf16le'))
    await expect(run('import', nul, '--report', dir)).rejects.toThrow(
      `${nul}, linha 2: caractere nulo`,
    )
    const cells = `;${';'.repeat(header.split(';').length)}`
    const mismatch = file(
      'separador.csv',
      `${header}\r\nsep-1;Ana;Lima;01/01/1990\r\nsep-2,Bia,Lima,01/01/1990\r\nsep-3;Caio;Lima;01/01/1990${cells}\r\n\r\n`,
    )
    await expect(run('import', mismatch, '--report', dir)).rejects.toBeInstanceOf(DataError)
    expect(statuses('separador')).toEqual([
      ['2', 'SKIPPED', ''],
      ['3', 'ERROR', 'COLUMNS:linha'],
      ['4', 'ERROR', 'COLUMNS:linha'],
    ])
  }, 60_000)

  it('--report into a folder that does not exist: made before the import, exit 0', () => {
    const folder = join(dir, 'relatorios', 'de', 'hoje')
    const ok = file('pasta-nova.csv', `${header}\npasta-1;Ana;Lima;01/01/1990\n`)
    const made = portal('import', ok, '--report', folder)
    expect(made.stderr).not.toMatch(/ENOENT|\n\s+at /)
    expect(made.status).toBe(0)
    expect(existsSync(join(folder, 'pasta-nova.report.csv'))).toBe(true)
  }, 60_000)

  it('--report where no folder can be: refused before anything is written', async () => {
    const inTheWay = file('um-arquivo', 'não é pasta')
    const ok = file('pasta-impossivel.csv', `${header}\nimpossivel-1;Ana;Lima;01/01/1990\n`)
    await expect(run('import', ok, '--report', join(inTheWay, 'sub'))).rejects.toThrow(
      /Não dá para gravar o relatório em .*um-arquivo\/sub \(ENOTDIR\)\. Nada foi gravado/,
    )
    expect(await stored('impossivel-1')).toEqual([])
    const missing = join(dir, 'nao-existe.csv')
    await expect(run('import', missing, '--report', dir)).rejects.toThrow(`${missing} não existe.`)
  }, 60_000)

  it('writes the report for Excel: UTF-8 BOM, `;`, and cells that would be formulas made text', async () => {
    const cells = ["=cmd|'/c calc'!A1", '+55 11 9999', '-2+3', '@SOMA(A1)', '\tTab', '\rCR']
    const quoted = cells.map((cell) => `"${cell}"`)
    const path = file(
      'formulas.csv',
      `${header}\nf-1;${quoted[0]};${quoted[1]};01/01/1990;${quoted[2]};${quoted[3]};;;;;;;;;${quoted[4]};;${quoted[5]};"Rua ""A""; 1"\n`,
    )
    await run('import', path, '--report', dir, '--dry-run').catch(() => {})
    const bytes = report('formulas')
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8')
    for (const cell of cells) expect(text).toContain(`"'${cell}"`)
    expect(text).toContain('"Rua ""A""; 1"')
    expect(text).not.toMatch(/;[=+\-@\t]|;\r(?!\n)/)
  }, 60_000)

  it('refuses year 0000 and 2026-02-30 per row, naming the column, with --dry-run and --partial too', async () => {
    const path = file(
      'datas.csv',
      [
        header,
        'd-1;Ana;Lima;0000-01-01',
        'd-2;Bia;Lima;2026-02-30',
        'd-3;Caio;Lima;31/04/2026',
        'd-4;Davi;Lima;01/01/1899',
        'd-5;Eva;Lima;29/02/2024',
      ].join('\n'),
    )
    const expected = [
      ['2', 'ERROR', 'INVALID:nascimento'],
      ['3', 'ERROR', 'INVALID:nascimento'],
      ['4', 'ERROR', 'INVALID:nascimento'],
      ['5', 'ERROR', 'INVALID:nascimento'],
    ]
    for (const mode of [[], ['--dry-run'], ['--dry-run', '--partial']]) {
      await expect(run('import', path, '--report', dir, ...mode)).rejects.toBeInstanceOf(DataError)
      expect(statuses('datas').slice(0, 4)).toEqual(expected)
    }
    expect(await stored('d-1', 'd-2', 'd-3', 'd-4', 'd-5')).toEqual([])
    const partial = portal('import', path, '--report', dir, '--partial')
    expect(partial.status).toBe(65)
    expect(partial.stderr).not.toMatch(/\n\s+at /)
    expect(statuses('datas')).toEqual([...expected, ['6', 'CREATED', '']])
    expect(await stored('d-1', 'd-2', 'd-3', 'd-4', 'd-5')).toMatchObject([{ id: 'd-5' }])
  }, 60_000)

  it('a failure that is no row’s stops with a message and nothing written, even with --partial (exit 70)', async () => {
    // The database refuses what the import could not foresee: a rule added behind its back.
    await withDb((db) =>
      db.execute(
        sql`alter table ${persons} add constraint recusa_teste check (first_name <> 'Recusada')`,
      ),
    )
    try {
      const path = file(
        'interno.csv',
        `${header}\ni-1;Aceita;Lima;01/01/1990\ni-2;Recusada;Lima;01/01/1990\n`,
      )
      await expect(run('import', path, '--report', dir, '--partial')).rejects.toThrow(
        /A importação parou num erro que não é de uma linha da planilha .*Nada foi gravado/,
      )
      await expect(run('import', path, '--report', dir, '--dry-run')).rejects.toMatchObject({
        exitCode: 70,
      })
      const command = portal('import', path, '--report', dir)
      expect(command.status).toBe(70)
      expect(command.stderr).toContain('Nada foi gravado: a transação foi desfeita.')
      expect(command.stderr).not.toMatch(/\n\s+at |params:/)
      expect(await stored('i-1', 'i-2')).toEqual([])
      expect(statuses('interno')).toEqual([
        ['2', 'SKIPPED', ''],
        ['3', 'SKIPPED', ''],
      ])
    } finally {
      await withDb((db) => db.execute(sql`alter table ${persons} drop constraint recusa_teste`))
    }
  }, 120_000)
})
