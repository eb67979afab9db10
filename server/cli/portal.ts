/**
 * The provider's command line (issue 25, decision 019): `npm run portal -- <command>`. It opens
 * the same database as the server (DATABASE_URL, or the embedded one in DATA_DIR) and runs the
 * same services. The embedded database is one process's: with the server running on it, stop
 * the server first (or use PostgreSQL, which any number of processes share).
 *
 *   keys create --name <nome> --scopes <escopo,escopo…>   prints the key once
 *   keys list                                              id, name, last 4, scopes, last use
 *   keys revoke <id>
 *   import <arquivos…> [--dry-run] [--partial] [--report <pasta>] [--encoding <codificação>]
 *                                                          spreadsheets in (server/import/)
 *   backup <arquivo>                                       a copy of the embedded database,
 *                                                          through the server when it runs
 *   restore <arquivo>                                      puts a copy back (server stopped)
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { SingleBar } from 'cli-progress'
import { integrationScopes } from '../../contract/integration'
import { ConfigError, loadConfig } from '../config'
import { BackupError, checkCopy, holdsDatabase, restoreInto } from '../db/backup'
import { openDatabase } from '../db/client'
import { DataDirError, prepareFolder } from '../db/data-dir'
import { lockDataDir } from '../db/data-dir-lock'
import { encodingNames } from '../import/encoding'
import { ImportFileError, ImportInternalError, runImport, summaryLines } from '../import/run'
import { createLogger } from '../logger'
import {
  checkedScopes,
  createApiKey,
  KeyInputError,
  listApiKeys,
  revokeApiKey,
} from '../services/api-keys'
import { backupThroughServer } from './local-socket'

const usage = `Uso: npm run portal -- <comando>

  keys create --name <nome> --scopes <escopo,escopo…>
  keys list
  keys revoke <id>
  import <arquivos.csv…> [--dry-run] [--partial] [--report <pasta>]
         [--encoding utf-8|windows-1252]
  backup <arquivo.tar.gz>
  restore <arquivo.tar.gz>

Escopos: ${integrationScopes.join(', ')}.`

/**
 * Exit codes: 64 a command used wrongly (EX_USAGE), 65 data that cannot be loaded as it is
 * (EX_DATAERR: an import with rows in error), 70 an import stopped by a failure that is no
 * row's (EX_SOFTWARE; nothing written), 1 anything else that failed.
 */
class UsageError extends Error {}
export class DataError extends Error {}

type Output = {
  out: (line: string) => void
  /** Progress of a long command: a bar on a terminal, a count every so often otherwise. */
  progress?: (pass: string, done: number, total: number) => void
}

export async function runPortalCommand(
  argv: string[],
  output: Output,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const parsed = (() => {
    try {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          name: { type: 'string' },
          scopes: { type: 'string' },
          'dry-run': { type: 'boolean' },
          partial: { type: 'boolean' },
          report: { type: 'string' },
          encoding: { type: 'string' },
        },
      })
    } catch (error) {
      throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`)
    }
  })()
  const { positionals, values } = parsed
  if (positionals[0] === 'import') {
    const files = positionals.slice(1)
    if (!files.length) throw new UsageError(usage)
    if (values.encoding !== undefined && !encodingNames[values.encoding.toLowerCase()])
      throw new UsageError(
        `Codificação desconhecida: ${values.encoding}. Use utf-8 ou windows-1252 (latin1).\n\n${usage}`,
      )
    return importFiles(files, values, output, env)
  }
  if (positionals[0] === 'backup' || positionals[0] === 'restore') {
    const [command, file, ...extra] = positionals
    if (!file || extra.length) throw new UsageError(usage)
    return command === 'backup' ? backup(file, output, env) : restore(file, output, env)
  }
  const [group, command, ...rest] = positionals
  if (group !== 'keys' || !command || !['create', 'list', 'revoke'].includes(command))
    throw new UsageError(usage)
  if (command === 'create' && (!values.name || !values.scopes)) throw new UsageError(usage)
  if (command === 'revoke' && !rest[0]) throw new UsageError(usage)
  const scopes = (values.scopes ?? '').split(',').map((scope) => scope.trim())
  // Before the database opens: a mistyped scope is said at once.
  if (command === 'create') checkedScopes(scopes)
  const config = loadConfig(env)
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await handle.migrate({ demo: config.demo })
    if (command === 'create') {
      const { key, apiKey } = await createApiKey(handle.db, { name: values.name ?? '', scopes })
      output.out(`Chave criada: ${apiKey.name} (id ${apiKey.id})`)
      output.out(`Escopos: ${apiKey.scopes.join(', ')}`)
      output.out('Guarde-a agora: ela não será mostrada de novo.')
      output.out(key)
    } else if (command === 'list') {
      const keys = await listApiKeys(handle.db)
      if (!keys.length) output.out('Nenhuma chave.')
      for (const key of keys)
        output.out(
          [
            key.id,
            key.name,
            `…${key.last4}`,
            key.scopes.join(','),
            key.revokedAt ? `revogada em ${key.revokedAt.toISOString()}` : 'ativa',
            key.lastUsedAt ? `último uso ${key.lastUsedAt.toISOString()}` : 'nunca usada',
          ].join('\t'),
        )
    } else {
      const id = rest[0] ?? ''
      if (!(await revokeApiKey(handle.db, id).catch(() => false)))
        throw new KeyInputError(`Nenhuma chave ativa com o id ${id}.`)
      output.out(`Chave ${id} revogada: recusada a partir de agora, em todas as instâncias.`)
    }
  } finally {
    await handle.close()
  }
}

async function importFiles(
  files: string[],
  values: { 'dry-run'?: boolean; partial?: boolean; report?: string; encoding?: string },
  output: Output,
  env: NodeJS.ProcessEnv,
) {
  const config = loadConfig(env)
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await handle.migrate({ demo: config.demo })
    const options = {
      files,
      dryRun: values['dry-run'] === true,
      partial: values.partial === true,
      reportDir: values.report ?? '.',
      encoding: values.encoding ? encodingNames[values.encoding.toLowerCase()] : undefined,
      now: () => new Date(),
      logger: createLogger({ level: config.logLevel, demo: config.demo }),
      progress: (pass: string, done: number, total: number) => output.progress?.(pass, done, total),
    }
    const result = await runImport(handle.db, options)
    for (const line of summaryLines(result, options)) output.out(line)
    if (result.errorRows) throw new DataError(`${result.errorRows} linha(s) com erro.`)
  } catch (error) {
    if (error instanceof ImportFileError) throw new DataError(error.message)
    throw error
  } finally {
    await handle.close()
  }
}

/** The embedded database only: PostgreSQL has its own tools, which know more than we would. */
function embeddedDataDir(env: NodeJS.ProcessEnv, command: string): string {
  const config = loadConfig(env)
  if (config.databaseUrl)
    throw new DataError(
      `DATABASE_URL está definido: com PostgreSQL, use pg_dump e pg_restore (README, "Backups"), não o ${command}.`,
    )
  return resolve(config.dataDir)
}

async function backup(file: string, output: Output, env: NodeJS.ProcessEnv) {
  const dataDir = embeddedDataDir(env, 'backup')
  const target = resolve(file)
  if (existsSync(target)) throw new DataError(`${target} já existe: escolha outro nome.`)
  if (!holdsDatabase(dataDir)) throw new DataError(`Não há banco de dados em ${dataDir}.`)
  const started = performance.now()
  const through = await backupThroughServer(dataDir, target)
  let size = through
  if (size === undefined) {
    // No server on the folder: open it here, holding its lock (a server starting now waits).
    const handle = await openDatabase({ dataDir })
    try {
      const copy = await (handle.backup as () => Promise<Blob>)()
      writeFileSync(`${target}.parcial`, Buffer.from(await copy.arrayBuffer()), { flag: 'w' })
      renameSync(`${target}.parcial`, target)
      size = copy.size
    } finally {
      await handle.close()
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  output.out(
    `Cópia do banco de ${dataDir} em ${target} (${(size / 1024 / 1024).toFixed(1)} MiB, ${seconds} s${through === undefined ? '' : ', feita pelo servidor em execução'}).`,
  )
  output.out(`Para restaurar: npm run portal -- restore ${target}`)
}

async function restore(file: string, output: Output, env: NodeJS.ProcessEnv) {
  const dataDir = embeddedDataDir(env, 'restore')
  const source = resolve(file)
  if (!existsSync(source)) throw new DataError(`${source} não existe.`)
  const copy = new Blob([readFileSync(source)])
  await checkCopy(copy, source).catch((error) => {
    throw error instanceof BackupError ? new DataError(error.message) : error
  })
  prepareFolder(dataDir)
  // Held while the copy goes in: a server on the folder refuses the restore, and none starts.
  const lock = await lockDataDir(dataDir).catch((error) => {
    if (!(error instanceof DataDirError)) throw error
    throw new DataError(`Nada foi restaurado: ${error.message}`)
  })
  try {
    const { keptAt } = await restoreInto(dataDir, copy, new Date())
    output.out(`Banco restaurado em ${dataDir} a partir de ${source}.`)
    if (keptAt) output.out(`O banco que estava lá foi guardado em ${keptAt}.`)
  } finally {
    lock.release()
  }
}

/** A bar on a terminal (cli-progress); elsewhere a line every 10,000 rows. */
function progressOutput(): Output['progress'] {
  if (!process.stderr.isTTY)
    return (pass, done) => {
      if (done % 10_000 === 0) console.error(`${pass}: ${done} linhas`)
    }
  let bar: SingleBar | undefined
  let current = ''
  return (pass, done, total) => {
    if (pass !== current) {
      bar?.stop()
      current = pass
      bar = new SingleBar({
        format: total
          ? `${pass} {bar} {value}/{total} linhas ({eta_formatted})`
          : `${pass} {value} linhas`,
        stream: process.stderr,
        hideCursor: true,
        clearOnComplete: true,
      })
      bar.start(total, 0)
    }
    if (done % 200 === 0 || done === total) bar?.update(done)
    if (total && done === total) bar?.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await runPortalCommand(process.argv.slice(2), {
      out: (line) => console.log(line),
      progress: progressOutput(),
    })
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message)
      process.exit(64)
    }
    if (error instanceof DataError) {
      console.error(error.message)
      process.exit(65)
    }
    if (error instanceof ImportInternalError) {
      console.error(error.message)
      process.exit(70)
    }
    if (
      error instanceof KeyInputError ||
      error instanceof ConfigError ||
      error instanceof DataDirError
    ) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}
