/**
 * The import's report, `<pasta>/<arquivo>.report.csv`: made for Brazilian Excel, which opens a
 * CSV by double-click as Windows-1252 with `;` unless the file starts with the UTF-8 BOM. So:
 * the BOM, `;` (which the import reads back), CRLF, a field quoted when it holds `;`, a quote or
 * a line break. A cell that Excel would run as a formula (starting with `=`, `+`, `-`, `@`, tab
 * or CR: OWASP's "CSV injection") is written with a `'` before it, so it shows as text.
 */
import { accessSync, constants, createWriteStream, mkdirSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { ImportFileError } from './csv'

const formulaStart = /^[=+\-@\t\r]/

export function reportCell(value: string): string {
  const formula = formulaStart.test(value)
  const text = formula ? `'${value}` : value
  return formula || /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const reportPath = (dir: string, file: string) =>
  join(dir, `${basename(file).replace(/\.csv$/i, '')}.report.csv`)

/**
 * The report's folder, made if missing and checked writable before anything is written to the
 * database: a run that committed must not then fail for want of a place to say so.
 */
export function prepareReportDir(dir: string) {
  try {
    mkdirSync(dir, { recursive: true })
    if (!statSync(dir).isDirectory()) throw new Error('não é uma pasta')
    accessSync(dir, constants.W_OK)
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new ImportFileError(
      `Não dá para gravar o relatório em ${resolve(dir)} (${reason}). Nada foi gravado: escolha outra pasta com --report.`,
    )
  }
}

/** Writes the report's lines, one array of cells each, and waits for them to be on disk. */
export async function writeReportFile(target: string, lines: AsyncIterable<string[]>) {
  const out = createWriteStream(target)
  const failed = new Promise<never>((_, reject) => out.once('error', reject))
  failed.catch(() => {})
  const write = (text: string) =>
    Promise.race([
      failed,
      new Promise<void>((done) => {
        if (out.write(text)) done()
        else out.once('drain', done)
      }),
    ])
  await write('\uFEFF')
  for await (const cells of lines) await write(`${cells.map(reportCell).join(';')}\r\n`)
  await Promise.race([failed, new Promise<void>((done) => out.end(done))])
}
