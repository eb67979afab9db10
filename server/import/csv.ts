/**
 * Reading the spreadsheets Brazilian systems export (issue 25): CSV with `;`, `,` or tab, quoted
 * fields with doubled quotes and line breaks inside, lines ending in CRLF, LF or CR alone.
 * Streamed: a file of any size is read a chunk at a time, one record handed on at once.
 *
 * The encoding is decided per file, and a byte that is not valid in it refuses the file with its
 * line, never decoded into garbled text:
 * - a BOM decides: UTF-8, UTF-16 LE or UTF-16 BE;
 * - else `--encoding` when given (`utf-8`, or `windows-1252` and its aliases `latin1`,
 *   `iso-8859-1`, `cp1252`);
 * - else UTF-8 when every line is valid UTF-8; Windows-1252 (what Excel writes for "CSV") when no
 *   line is; a file with both (one Latin-1 row pasted into a UTF-8 file) is refused, since either
 *   reading would garble one of them.
 */
import { createReadStream } from 'node:fs'

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

/** A file that cannot be read as it is: the message names the file and, when it can, the line. */
export class ImportFileError extends Error {}

const choose =
  'Salve o arquivo todo em UTF-8 (no Excel: "CSV UTF-8") ou, se ele todo estiver em Windows-1252, use --encoding windows-1252.'

/** Splits a line on `separator` outside quotes (enough to name the column of a bad byte). */
function splitLine(text: string, separator: string) {
  const fields = ['']
  let quoted = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    if (char === separator && !quoted) fields.push('')
    else fields[fields.length - 1] += char
  }
  return fields
}

/** The separator of a file: the one its header line uses most (`;` on a tie, as Excel writes). */
export function separatorOf(headerLine: string) {
  const count = (separator: string) => headerLine.split(separator).length - 1
  return [';', ',', '\t'].reduce((best, separator) =>
    count(separator) > count(best) ? separator : best,
  )
}

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

export interface CsvRecord {
  /** The line the record starts on; the header is line 1. */
  line: number
  fields: string[]
}

/** A CSV parser fed text in pieces: each call returns the records the piece completed. */
class CsvParser {
  private field = ''
  private fields: string[] = []
  /** Some character of the current field was read (a quote only opens a field). */
  private started = false
  private quoted = false
  /** A quote seen inside a quoted field: a doubled quote or the field's end, told by the next char. */
  private quoteSeen = false
  /** The field's closing quote was read: only a separator or a line end may follow. */
  private closed = false
  private afterCr = false
  private line = 1
  private recordLine = 1
  private quoteLine = 1

  constructor(
    private readonly path: string,
    private readonly separator: string,
  ) {}

  private refuse(line: number, what: string): never {
    throw new ImportFileError(
      `${this.path}, linha ${line}: ${what} Um campo entre aspas começa e termina com elas, e as aspas dentro dele são dobradas ("Maria ""Mara"" Silva"). Nada foi gravado.`,
    )
  }

  feed(text: string): CsvRecord[] {
    const records: CsvRecord[] = []
    for (const char of text) {
      // PostgreSQL's text cannot hold it (a UTF-16 file can carry one past detectEncoding).
      if (char === '\0')
        throw new ImportFileError(
          `${this.path}, linha ${this.line}: caractere nulo no texto. Salve o arquivo como CSV UTF-8. Nada foi gravado.`,
        )
      const lineEnd = char === '\n' || char === '\r'
      // The LF of a CRLF: the line was already counted (and the record ended) at its CR.
      const crlf = char === '\n' && this.afterCr
      this.afterCr = char === '\r'
      if (this.quoteSeen) {
        this.quoteSeen = false
        if (char === '"') {
          this.field += '"'
          continue
        }
        this.quoted = false
        this.closed = true
      }
      if (this.quoted) {
        if (char === '"') this.quoteSeen = true
        else {
          if (lineEnd && !crlf) this.line++
          this.field += char
        }
        continue
      }
      if (crlf) continue
      if (char === this.separator) this.endField()
      else if (lineEnd) {
        const record = this.endRecord()
        if (record) records.push(record)
        this.line++
        this.recordLine = this.line
      } else if (this.closed)
        this.refuse(this.line, 'há texto depois das aspas que fecham um campo.')
      else if (char === '"') {
        if (this.started)
          this.refuse(this.line, 'aspas no meio de um campo que não começa com elas.')
        this.quoted = true
        this.started = true
        this.quoteLine = this.line
      } else {
        this.field += char
        this.started = true
      }
    }
    return records
  }

  finish(): CsvRecord[] {
    if (this.quoted && !this.quoteSeen)
      this.refuse(
        this.quoteLine,
        'as aspas abertas nesta linha não se fecham até o fim do arquivo (as linhas seguintes seriam lidas como um só campo).',
      )
    this.quoteSeen = false
    this.quoted = false
    const record = this.endRecord()
    return record ? [record] : []
  }

  private endField() {
    this.fields.push(this.field)
    this.field = ''
    this.started = false
    this.closed = false
  }

  private endRecord(): CsvRecord | undefined {
    this.endField()
    const fields = this.fields
    this.fields = []
    // A blank line is no record.
    return fields.some((value) => value.trim() !== '')
      ? { line: this.recordLine, fields }
      : undefined
  }
}

/** Each record of the file, the header first, read as `encoding` with its own separator. */
export async function* readRecords(path: string, encoding: Encoding): AsyncGenerator<CsvRecord> {
  // Fatal: detectEncoding has checked the bytes, so a failure here is a file changed meanwhile.
  const decoder = new TextDecoder(encoding, { fatal: true })
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode()
    } catch {
      throw new ImportFileError(`${path}: o arquivo mudou durante a importação. Nada foi gravado.`)
    }
  }
  let parser: CsvParser | undefined
  let head = ''
  // The separator is the header line's: the text is held until that line is whole.
  const begin = () => {
    head = head.replace(/^\uFEFF/, '')
    return new CsvParser(path, separatorOf(head.split(/\r|\n/)[0] ?? ''))
  }
  for await (const chunk of createReadStream(path)) {
    const text = decode(chunk as Buffer)
    if (parser) yield* parser.feed(text)
    else {
      head += text
      if (/[\r\n]/.test(head)) {
        parser = begin()
        yield* parser.feed(head)
      }
    }
  }
  const rest = decode()
  if (parser) yield* parser.feed(rest)
  else {
    head += rest
    parser = begin()
    yield* parser.feed(head)
  }
  yield* parser.finish()
}
