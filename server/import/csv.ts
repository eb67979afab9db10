/**
 * Reading the spreadsheets Brazilian systems export (issue 25): CSV with `;`, `,` or tab, quoted
 * fields with doubled quotes and line breaks inside, lines ending in CRLF, LF or CR alone; a quote
 * that does not close, one in the middle of a field or text after a closing one refuses the file
 * with its line. Streamed: a file of any size is read a chunk at a time, one record handed on at
 * once, in the encoding encoding.ts decided.
 */
import { createReadStream } from 'node:fs'
import type { Encoding } from './encoding'

/** A file that cannot be read as it is: the message names the file and, when it can, the line. */
export class ImportFileError extends Error {}

/** Splits a line on `separator` outside quotes (enough to name the column of a bad byte). */
export function splitLine(text: string, separator: string) {
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
