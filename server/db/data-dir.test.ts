/**
 * A data folder the server cannot use is one sentence naming it and what to do. Permissions,
 * read-only file systems and full disks are errors made up here: root, which runs some of our
 * test machines, writes anywhere (the start tests cover a real unwritable folder).
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirError, explainPgliteFailure, folderProblem, prepareFolder } from './data-dir'

const scratch = mkdtempSync(join(tmpdir(), 'pdt-data-dir-'))
const file = join(scratch, 'um-arquivo')
writeFileSync(file, '')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const nodeError = (code: string) => Object.assign(new Error(`${code}: falhou`), { code })
/** PGlite's file errors: emscripten's ErrnoError with a WASI errno, no message. */
const pgliteError = (errno: number) => Object.assign(new Error(), { name: 'ErrnoError', errno })

describe('folderProblem', () => {
  const folder = '/srv/portal/dados'
  const denied = `Sem permissão para gravar na pasta de dados ${folder}. Dê permissão de escrita ao usuário do servidor ou use outro DATA_DIR.`
  const readOnly = `A pasta de dados ${folder} está num sistema de arquivos somente leitura. Use um DATA_DIR gravável.`
  const full = `Não há espaço em disco para a pasta de dados ${folder}. Libere espaço ou use outro DATA_DIR.`
  it.each([
    ['EACCES', nodeError('EACCES'), denied],
    ['EPERM', nodeError('EPERM'), denied],
    ['EROFS', nodeError('EROFS'), readOnly],
    ['ENOSPC', nodeError('ENOSPC'), full],
    ['EDQUOT', nodeError('EDQUOT'), full],
    ['PGlite EACCES (2)', pgliteError(2), denied],
    ['PGlite ENOSPC (51)', pgliteError(51), full],
    ['PGlite EROFS (69)', pgliteError(69), readOnly],
    ['EIO', nodeError('EIO'), undefined],
    ['PGlite EIO (29)', pgliteError(29), undefined],
    ['no code', new Error('PGlite failed to initialize properly'), undefined],
  ])('%s', (_, error, sentence) => {
    expect(folderProblem(error, folder)).toBe(sentence)
  })

  it('names the file in the way: the folder itself, or one above it', () => {
    expect(folderProblem(nodeError('EEXIST'), file)).toBe(
      `A pasta de dados ${file} é um arquivo, não uma pasta. Aponte DATA_DIR para uma pasta.`,
    )
    expect(folderProblem(nodeError('ENOTDIR'), join(file, 'dados'))).toBe(
      `A pasta de dados ${join(file, 'dados')} não pode existir: ${file} é um arquivo. Aponte DATA_DIR para uma pasta.`,
    )
    expect(folderProblem(nodeError('ENOTDIR'), join(scratch, 'nova'))).toBeUndefined()
  })
})

describe('prepareFolder', () => {
  it('creates the folder and its parents, leaving no probe behind', () => {
    const folder = join(scratch, 'a', 'b')
    prepareFolder(folder)
    expect(statSync(folder).isDirectory()).toBe(true)
    expect(readdirSync(folder)).toEqual([])
  })

  it('throws the sentence for a file where the folder should be', () => {
    expect(() => prepareFolder(file)).toThrow(DataDirError)
    expect(() => prepareFolder(join(file, 'pglite'))).toThrow(`${file} é um arquivo`)
  })
})

describe('explainPgliteFailure', () => {
  it("says the folder's problem when PGlite's error names one, else PGlite's message", () => {
    const folder = join(scratch, 'pglite')
    prepareFolder(folder)
    expect(explainPgliteFailure(pgliteError(51), folder).message).toBe(
      `Não há espaço em disco para a pasta de dados ${folder}. Libere espaço ou use outro DATA_DIR.`,
    )
    expect(
      explainPgliteFailure(new Error('PGlite failed to initialize properly'), folder).message,
    ).toBe(
      `Não foi possível usar a pasta de dados ${folder}: PGlite failed to initialize properly.`,
    )
  })

  it('finds the problem by writing in the folder when PGlite says nothing useful', () => {
    expect(explainPgliteFailure(new Error('aborted'), join(file, 'pglite')).message).toBe(
      `A pasta de dados ${join(file, 'pglite')} não pode existir: ${file} é um arquivo. Aponte DATA_DIR para uma pasta.`,
    )
  })
})
