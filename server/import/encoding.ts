/**
 * The encoding of an import file, decided per file; a byte that is not valid in it refuses the
 * file with its line and column, never decoded into garbled text:
 * - a BOM decides: UTF-8, UTF-16 LE or UTF-16 BE;
 * - else `--encoding` when given (`utf-8`, or `windows-1252` and its aliases `latin1`,
 *   `iso-8859-1`, `cp1252`);
 * - else UTF-8 when every line is valid UTF-8; Windows-1252 (what Excel writes for "CSV") when no
 *   line is; a file with both (one Latin-1 row pasted into a UTF-8 file) is refused, since either
 *   reading would garble one of them.
 */
import { createReadStream } from 'node:fs'
import { ImportFileError, separatorOf, splitLine } from './csv'

export type Encoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be'

/** The names `--encoding` takes. */
export const encodingNames: Record<string, Encoding> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  latin1: 'windows-1252',
  'iso-8859-1': 'windows-1252',
}

const choose =
  'Salve o arquivo todo em UTF-8 (no Excel: "CSV UTF-8") ou, se ele todo estiver em Windows-1252, use --encoding windows-1252.'

/** Where a line's first byte that is not UTF-8 is: the column, and the cell read as Windows-1252. */
function badCell(line: Buffer, header: string[], separator: string) {
  const lossy = splitLine(new TextDecoder('utf-8').decode(line), separator)
  const index = lossy.findIndex((field) => field.includes('\uFFFD'))
  const cell = splitLine(new TextDecoder('windows-1252').decode(line), separator)[index] ?? ''
  return `coluna ${header[index] ?? index + 1}, "${cell.replace(/^"|"$/g, '').trim()}"`
}

/** Checks every line's bytes and decides the file's encoding (see the rule above). */
export async function detectEncoding(path: string, chosen?: Encoding): Promise<Encoding> {
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  let first = true
  let bom: Encoding | undefined
  let lineNumber = 1
  let afterCr = false
  let pending: Buffer[] = []
  let header: string[] | undefined
  let separator = ';'
  let firstUtf8: number | undefined
  let firstBad: { line: number; where: string } | undefined
  const endLine = () => {
    const line = Buffer.concat(pending)
    pending = []
    if (line.includes(0))
      throw new ImportFileError(
        `${path}, linha ${lineNumber}: o arquivo tem bytes nulos; parece UTF-16 sem a marca (BOM) ou não é texto. Salve-o como CSV UTF-8.`,
      )
    if (!header) {
      const text = new TextDecoder('windows-1252').decode(line)
      separator = separatorOf(text)
      header = splitLine(text, separator).map((name) => name.replace(/"/g, '').trim())
    }
    if (line.every((byte) => byte < 0x80)) return
    try {
      utf8.decode(line)
      firstUtf8 ??= lineNumber
    } catch {
      firstBad ??= { line: lineNumber, where: badCell(line, header, separator) }
    }
  }
  for await (const read of createReadStream(path)) {
    let chunk = read as Buffer
    if (first) {
      first = false
      if (chunk[0] === 0xff && chunk[1] === 0xfe) bom = 'utf-16le'
      else if (chunk[0] === 0xfe && chunk[1] === 0xff) bom = 'utf-16be'
      else if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        bom = 'utf-8'
        chunk = chunk.subarray(3)
      }
      if (bom && chosen && bom !== chosen)
        throw new ImportFileError(
          `${path}: o arquivo começa com a marca (BOM) de ${bom.toUpperCase()}, mas --encoding pede ${chosen}. Tire o --encoding.`,
        )
      if (bom?.startsWith('utf-16')) return checkUtf16(path, bom)
    }
    let start = 0
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index]
      if (byte !== 0x0a && byte !== 0x0d) continue
      pending.push(chunk.subarray(start, index))
      start = index + 1
      // CRLF is one line end; CR alone (old Mac) and LF alone are one each.
      if (byte === 0x0a && afterCr) {
        afterCr = false
        continue
      }
      endLine()
      lineNumber++
      afterCr = byte === 0x0d
    }
    if (start < chunk.length) afterCr = false
    pending.push(chunk.subarray(start))
  }
  endLine()
  const encoding = bom ?? chosen
  if (encoding === 'windows-1252') return encoding
  if (!firstBad) return 'utf-8'
  if (encoding === 'utf-8')
    throw new ImportFileError(
      `${path}, linha ${firstBad.line} (${firstBad.where}): bytes que não são UTF-8. Nada foi gravado. ${choose}`,
    )
  if (firstUtf8 === undefined) return 'windows-1252'
  throw new ImportFileError(
    `${path}, linha ${firstBad.line} (${firstBad.where}): bytes que não são UTF-8, num arquivo que é UTF-8 em outras linhas (a ${firstUtf8}, por exemplo). Ler o arquivo de um jeito ou de outro estragaria os acentos de uma das partes, então nada foi gravado. ${choose}`,
  )
}

/** A UTF-16 file (marked by its BOM) whose every unit decodes; else the line near the bad one. */
async function checkUtf16(path: string, encoding: Encoding): Promise<Encoding> {
  const decoder = new TextDecoder(encoding, { fatal: true })
  let lines = 1
  try {
    for await (const chunk of createReadStream(path))
      lines += decoder.decode(chunk as Buffer, { stream: true }).split(/\r\n|\r|\n/).length - 1
    decoder.decode()
  } catch {
    throw new ImportFileError(
      `${path}, perto da linha ${lines}: o arquivo diz ser ${encoding.toUpperCase()} (pela marca BOM), mas tem bytes que não são. Nada foi gravado. Salve-o de novo como CSV UTF-8.`,
    )
  }
  return encoding
}
