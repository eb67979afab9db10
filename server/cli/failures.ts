/**
 * How the provider's command line ends: sysexits.h codes (what BSD and GNU tools use), so a
 * script running it can tell a misuse from refused data from a setting to fix, and one sentence
 * in Portuguese for whoever reads the terminal. Everything a person can cause is said as such;
 * only a failure we did not foresee is "interno", with its details behind PORTAL_DEBUG=1.
 */
import { accessSync, constants, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError } from '../config'
import { DataDirError } from '../db/data-dir'
import { KeyInputError } from '../services/api-keys'

export const EX_OK = 0
export const EX_USAGE = 64
export const EX_DATAERR = 65
export const EX_NOINPUT = 66
export const EX_UNAVAILABLE = 69
export const EX_SOFTWARE = 70
export const EX_CANTCREAT = 73
export const EX_CONFIG = 78

/** The table the help prints and README repeats. */
export const exitCodeTable: readonly (readonly [number, string])[] = [
  [EX_OK, 'tudo certo'],
  [EX_USAGE, 'comando, opção ou argumento errado (a mensagem diz qual; veja --help)'],
  [
    EX_DATAERR,
    'dados recusados: linhas com erro na importação, chave inexistente, arquivo que não é cópia do banco',
  ],
  [EX_NOINPUT, 'arquivo de entrada inexistente ou ilegível, ou nenhum banco para copiar'],
  [
    EX_UNAVAILABLE,
    'banco de dados indisponível: pasta de dados em uso ou inutilizável, PostgreSQL inalcançável',
  ],
  [EX_SOFTWARE, 'erro interno: PORTAL_DEBUG=1 (ou --verbose) mostra os detalhes'],
  [EX_CANTCREAT, 'arquivo de saída não pôde ser criado (já existe, sem permissão, sem espaço)'],
  [EX_CONFIG, 'configuração inválida ou recusada (DATABASE_URL, DEMO, LOG_LEVEL…)'],
]

/** A failure said for the person running the command, with the code it exits with. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message)
  }
}

export class UsageError extends CommandError {
  constructor(message: string, help = 'npm run portal -- --help') {
    super(`${message}\nUse ${help} para ver os comandos e as opções.`, EX_USAGE)
  }
}

export class DataError extends CommandError {
  constructor(message: string) {
    super(message, EX_DATAERR)
  }
}

export class NoInputError extends CommandError {
  constructor(message: string) {
    super(message, EX_NOINPUT)
  }
}

export class UnavailableError extends CommandError {
  constructor(message: string) {
    super(message, EX_UNAVAILABLE)
  }
}

export class CantCreateError extends CommandError {
  constructor(message: string) {
    super(message, EX_CANTCREAT)
  }
}

export class SettingsError extends CommandError {
  constructor(message: string) {
    super(message, EX_CONFIG)
  }
}

/** The code and sentence for any error; `expected` false: a bug, whose stack is worth showing. */
export function explainFailure(error: unknown): {
  code: number
  message: string
  expected: boolean
} {
  if (error instanceof CommandError)
    return { code: error.exitCode, message: error.message, expected: true }
  if (error instanceof ConfigError)
    return { code: EX_CONFIG, message: `Configuração inválida: ${error.message}`, expected: true }
  // The folder of the embedded database: in use by a server, unwritable, full.
  if (error instanceof DataDirError)
    return { code: EX_UNAVAILABLE, message: error.message, expected: true }
  // An unknown scope: an option's value the command cannot take.
  if (error instanceof KeyInputError)
    return {
      code: EX_USAGE,
      message: `${error.message}\nUse npm run portal -- keys --help para ver os escopos.`,
      expected: true,
    }
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
  return {
    code: EX_SOFTWARE,
    message: `Erro interno: ${reason}\nPara ver os detalhes, rode de novo com PORTAL_DEBUG=1 (ou --verbose).`,
    expected: false,
  }
}

const fileReasons: Record<string, string> = {
  ENOENT: 'não existe',
  EACCES: 'sem permissão',
  EPERM: 'sem permissão',
  EISDIR: 'é uma pasta',
  ENOTDIR: 'parte do caminho não é uma pasta',
  ENOSPC: 'sem espaço em disco',
  EDQUOT: 'sem espaço em disco (cota)',
  EROFS: 'sistema de arquivos somente leitura',
  EEXIST: 'já existe',
}

/**
 * A file system error on a path the command was given, said as such: reading one of `inputs`
 * is EX_NOINPUT, anything else it touches is an output (EX_CANTCREAT). Undefined: not one.
 */
export function fileFailure(error: unknown, inputs: readonly string[]): CommandError | undefined {
  if (!(error instanceof Error)) return undefined
  const { code, path } = error as NodeJS.ErrnoException
  if (typeof code !== 'string' || typeof path !== 'string') return undefined
  const reason = fileReasons[code] ?? code
  if (inputs.some((input) => resolve(input) === resolve(path)))
    return new NoInputError(`Não foi possível ler ${path}: ${reason}.`)
  const where = code === 'ENOENT' ? 'a pasta não existe' : reason
  return new CantCreateError(`Não foi possível gravar ${path}: ${where}.`)
}

/** Each input a readable file, checked before the database opens: a typo is said at once. */
export function requireReadableFiles(files: readonly string[]) {
  for (const file of files) {
    const stats = statSync(file, { throwIfNoEntry: false })
    if (!stats) throw new NoInputError(`O arquivo ${file} não existe.`)
    if (stats.isDirectory()) throw new NoInputError(`${file} é uma pasta, não um arquivo.`)
    try {
      accessSync(file, constants.R_OK)
    } catch {
      throw new NoInputError(`Sem permissão para ler ${file}.`)
    }
  }
}
