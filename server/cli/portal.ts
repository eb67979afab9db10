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
 *   help [comando], --help, --version
 *
 * What it prints and how it ends (exit codes, one sentence, never a stack trace for what a
 * person can cause) follows usage.ts and failures.ts.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { SingleBar } from 'cli-progress'
import { loadDatabaseConfig } from '../config'
import { BackupError, checkCopy, holdsDatabase, restoreInto } from '../db/backup'
import { openDatabase } from '../db/client'
import { DataDirError, prepareFolder } from '../db/data-dir'
import { lockDataDir } from '../db/data-dir-lock'
import { encodingNames } from '../import/encoding'
import { ImportFileError, ImportInternalError, runImport, summaryLines } from '../import/run'
import { createLogger } from '../logger'
import { checkedScopes, createApiKey, listApiKeys, revokeApiKey } from '../services/api-keys'
import { openForCommand } from './database'
import {
  CantCreateError,
  CommandError,
  DataError,
  EX_SOFTWARE,
  explainFailure,
  fileFailure,
  NoInputError,
  requireReadableFiles,
  UnavailableError,
  UsageError,
} from './failures'
import { backupThroughServer } from './local-socket'
import { type CommandName, helpCommand, helpFor, isCommand, versionLine } from './usage'

export { DataError }

/** Options every command takes; the rest are each command's own. */
const generalOptions = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
  verbose: { type: 'boolean' },
} as const

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
          ...generalOptions,
          name: { type: 'string' },
          scopes: { type: 'string' },
          'dry-run': { type: 'boolean' },
          partial: { type: 'boolean' },
          report: { type: 'string' },
          encoding: { type: 'string' },
        },
      })
    } catch (error) {
      throw optionMistake(error, argv)
    }
  })()
  const { positionals, values } = parsed
  const [first, ...rest] = positionals
  if (values.version) return output.out(versionLine)
  if (first === 'help' || values.help) {
    const topic = first === 'help' ? rest[0] : first
    if (topic !== undefined && !isCommand(topic)) throw unknownCommand(topic)
    return output.out(helpFor(topic))
  }
  if (first === undefined) throw new UsageError('Falta o comando: keys, import, backup ou restore.')
  if (!isCommand(first)) throw unknownCommand(first)
  return runCommand(first, rest, values, output, env).catch((error) => {
    throw fileFailure(error, inputsOf(positionals)) ?? error
  })
}

/** The files a command reads: a failure on one is EX_NOINPUT, on any other path EX_CANTCREAT. */
const inputsOf = ([command, ...args]: string[]) =>
  command === 'import' || command === 'restore' ? args : []

async function runCommand(
  command: CommandName,
  args: string[],
  values: Parameters<typeof importFiles>[1] & { name?: string; scopes?: string },
  output: Output,
  env: NodeJS.ProcessEnv,
) {
  const help = helpCommand(command)
  if (command === 'import') {
    if (!args.length) throw new UsageError('Diga quais arquivos importar.', help)
    if (values.encoding !== undefined && !encodingNames[values.encoding.toLowerCase()])
      throw new UsageError(
        `Codificação desconhecida: ${values.encoding}. Use utf-8 ou windows-1252 (latin1).`,
        help,
      )
    return importFiles(args, values, output, env)
  }
  if (command === 'backup' || command === 'restore') {
    const [file, ...extra] = args
    if (!file) throw new UsageError(`Diga o arquivo da cópia: ${command} <arquivo.tar.gz>.`, help)
    if (extra.length) throw new UsageError(`Argumento a mais: ${extra.join(' ')}.`, help)
    return command === 'backup' ? backup(file, output, env) : restore(file, output, env)
  }
  return keysCommand(args, values, output, env)
}

async function keysCommand(
  args: string[],
  values: { name?: string; scopes?: string },
  output: Output,
  env: NodeJS.ProcessEnv,
) {
  const help = helpCommand('keys')
  const [command, ...rest] = args
  if (!command || !['create', 'list', 'revoke'].includes(command))
    throw new UsageError(
      command
        ? `keys ${command} não existe: use create, list ou revoke.`
        : 'Falta o que fazer: keys create, keys list ou keys revoke <id>.',
      help,
    )
  if (command === 'create' && (!values.name || !values.scopes))
    throw new UsageError('keys create precisa de --name e --scopes.', help)
  if (command === 'revoke' && !rest[0])
    throw new UsageError('Diga o id da chave: keys revoke <id>.', help)
  const scopes = (values.scopes ?? '').split(',').map((scope) => scope.trim())
  // Before the database opens: a mistyped scope is said at once.
  if (command === 'create') checkedScopes(scopes)
  const { handle } = await openForCommand(env)
  try {
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
        throw new DataError(`Nenhuma chave ativa com o id ${id}.`)
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
  requireReadableFiles(files)
  const { handle, config } = await openForCommand(env)
  try {
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
    // A failure that is no row's: nothing was written, and the message says so.
    if (error instanceof ImportInternalError) throw new CommandError(error.message, EX_SOFTWARE)
    throw error
  } finally {
    await handle.close()
  }
}

/** The embedded database only: PostgreSQL has its own tools, which know more than we would. */
function embeddedDataDir(env: NodeJS.ProcessEnv, command: string): string {
  const config = loadDatabaseConfig(env)
  if (config.databaseUrl)
    throw new DataError(
      `DATABASE_URL está definido: com PostgreSQL, use pg_dump e pg_restore (README, "Backups"), não o ${command}.`,
    )
  return resolve(config.dataDir)
}

async function backup(file: string, output: Output, env: NodeJS.ProcessEnv) {
  const dataDir = embeddedDataDir(env, 'backup')
  const target = resolve(file)
  if (existsSync(target)) throw new CantCreateError(`${target} já existe: escolha outro nome.`)
  if (!holdsDatabase(dataDir)) throw new NoInputError(`Não há banco de dados em ${dataDir}.`)
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
  if (!existsSync(source)) throw new NoInputError(`${source} não existe.`)
  const copy = new Blob([readFileSync(source)])
  await checkCopy(copy, source).catch((error) => {
    throw error instanceof BackupError ? new DataError(error.message) : error
  })
  prepareFolder(dataDir)
  // Held while the copy goes in: a server on the folder refuses the restore, and none starts.
  const lock = await lockDataDir(dataDir).catch((error) => {
    if (!(error instanceof DataDirError)) throw error
    throw new UnavailableError(`Nada foi restaurado: ${error.message}`)
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

/** parseArgs' English, said in Portuguese: the option the person typed, and what is wrong. */
function optionMistake(error: unknown, argv: string[]) {
  const { code, message } = error as { code?: string; message?: string }
  const option = /'(-[^' ]+)/.exec(message ?? '')?.[1] ?? ''
  const command = argv.find((arg) => isCommand(arg))
  const help = helpCommand(command)
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new UsageError(`Opção desconhecida: ${option}.`, help)
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return new UsageError(
      message?.includes('argument missing')
        ? `A opção ${option} precisa de um valor.`
        : `A opção ${option} não aceita valor.`,
      help,
    )
  return new UsageError(`Opções inválidas: ${message}`, help)
}

const unknownCommand = (name: string) =>
  new UsageError(`Comando desconhecido: ${name}. Os comandos são keys, import, backup e restore.`)

/**
 * Output read by `head` or a closed pager: later lines have nowhere to go, and the command still
 * runs to its end (an import half done is the worse outcome), instead of dying on EPIPE.
 */
function quietOnClosedPipe(stream: NodeJS.WriteStream) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2)
  const fail = (error: unknown) => {
    const inputs = inputsOf(argv.filter((arg) => !arg.startsWith('-')))
    const failure = explainFailure(fileFailure(error, inputs) ?? error)
    console.error(failure.message)
    const debug =
      argv.includes('--verbose') || ['1', 'true'].includes(process.env.PORTAL_DEBUG ?? '')
    if (!failure.expected && debug) console.error(error)
    process.exit(failure.code)
  }
  // A failure outside the command's promise (a stream's 'error' event) ends the same way.
  process.on('uncaughtException', fail)
  process.on('unhandledRejection', fail)
  quietOnClosedPipe(process.stdout)
  quietOnClosedPipe(process.stderr)
  try {
    await runPortalCommand(argv, {
      out: (line) => console.log(line),
      progress: progressOutput(),
    })
  } catch (error) {
    fail(error)
  }
}
