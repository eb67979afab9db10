/**
 * The embedded database's folder (DATA_DIR): created and proven writable at start, so a folder
 * the server cannot use stops it with one sentence for the operator, not a stack trace. PGlite's
 * own failures are opaque ("PGlite failed to initialize properly", an emscripten errno), hence
 * the probe before it opens and again after it fails.
 */
import { closeSync, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** A problem with the data folder, said for the operator; the server prints it and exits 1. */
export class DataDirError extends Error {
  override name = 'DataDirError'
}

/** Creates `folder` if needed and writes a byte in it: a full disk fails here too. */
export function prepareFolder(folder: string) {
  try {
    mkdirSync(folder, { recursive: true })
    probeWrite(folder)
  } catch (error) {
    throw dataDirError(error, folder)
  }
}

/**
 * What a failed PGlite open means for the operator: the folder's own problem when a write in it
 * fails now (or PGlite's errno names it), else PGlite's message in one line.
 */
export function explainPgliteFailure(error: unknown, folder: string): DataDirError {
  return probeFolder(folder) ?? dataDirError(error, folder)
}

/** The folder's problem, when writing in it fails now with an error we can explain. */
export function probeFolder(folder: string): DataDirError | undefined {
  try {
    probeWrite(folder)
    return undefined
  } catch (error) {
    const problem = folderProblem(error, folder)
    return problem === undefined ? undefined : new DataDirError(problem)
  }
}

function probeWrite(folder: string) {
  const probe = join(folder, `.probe-${process.pid}`)
  const fd = openSync(probe, 'w')
  try {
    writeSync(fd, 'x')
  } finally {
    closeSync(fd)
    rmSync(probe, { force: true })
  }
}

export function dataDirError(error: unknown, folder: string): DataDirError {
  if (error instanceof DataDirError) return error
  const reason = error instanceof Error ? error.message || error.name : String(error)
  return new DataDirError(
    folderProblem(error, folder) ??
      `Não foi possível usar a pasta de dados ${folder}: ${reason.split('\n')[0]}.`,
  )
}

/** PGlite's file errors carry emscripten (WASI) errno numbers, not Node's codes. */
const wasiCodes: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  20: 'EEXIST',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown }
  if (typeof code === 'string') return code
  if (name === 'ErrnoError' && typeof errno === 'number') return wasiCodes[errno]
  return undefined
}

/** The sentence for a file system error on `folder`, when we know what to tell the operator. */
export function folderProblem(error: unknown, folder: string): string | undefined {
  switch (codeOf(error)) {
    case 'EACCES':
    case 'EPERM':
      return `Sem permissão para gravar na pasta de dados ${folder}. Dê permissão de escrita ao usuário do servidor ou use outro DATA_DIR.`
    case 'EROFS':
      return `A pasta de dados ${folder} está num sistema de arquivos somente leitura. Use um DATA_DIR gravável.`
    case 'ENOSPC':
    case 'EDQUOT':
      return `Não há espaço em disco para a pasta de dados ${folder}. Libere espaço ou use outro DATA_DIR.`
    case 'ENOTDIR':
    case 'EEXIST': {
      const file = fileInTheWay(folder)
      if (file === undefined) return undefined
      return file === folder
        ? `A pasta de dados ${folder} é um arquivo, não uma pasta. Aponte DATA_DIR para uma pasta.`
        : `A pasta de dados ${folder} não pode existir: ${file} é um arquivo. Aponte DATA_DIR para uma pasta.`
    }
    default:
      return undefined
  }
}

/** The first of `folder`'s parents (or itself) that exists and is not a folder. */
function fileInTheWay(folder: string): string | undefined {
  const paths: string[] = []
  for (let path = folder; ; path = dirname(path)) {
    paths.unshift(path)
    if (dirname(path) === path) break
  }
  for (const path of paths) {
    const stats = statSync(path, { throwIfNoEntry: false })
    if (!stats) return undefined
    if (!stats.isDirectory()) return path
  }
  return undefined
}
