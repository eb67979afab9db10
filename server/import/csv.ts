/**
 * Reading the spreadsheets Brazilian systems export (issue 25): CSV with `,` or `;`, in UTF-8
 * (a BOM is dropped) or Windows-1252, quoted fields with doubled quotes and line breaks inside.
 * Streamed: a file of any size is read a chunk at a time, one record handed on at once.
 */
import { createReadStream } from 'node:fs'

export type Encoding = 'utf-8' | 'windows-1252'

/** UTF-8 when every byte decodes as such; otherwise the Windows code page Excel writes. */
export async function detectEncoding(path: string): Promise<Encoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  try {
    for await (const chunk of createReadStream(path))
      decoder.decode(chunk as Buffer, { stream: true })
    decoder.decode()
    return 'utf-8'
  } catch {
    return 'windows-1252'
  }
}

/** The separator of a file: the one its header line uses most (`;` on a tie, as Excel writes). */
export const separatorOf = (headerLine: string) =>
  (headerLine.match(/,/g)?.length ?? 0) > (headerLine.match(/;/g)?.length ?? 0) ? ',' : ';'

export interface CsvRecord {
  /** The line the record starts on; the header is line 1. */
  line: number
  fields: string[]
}

/** A CSV parser fed text in pieces: each call returns the records the piece completed. */
class CsvParser {
  private field = ''
  private fields: string[] = []
  private quoted = false
  /** A quote seen inside a quoted field: a doubled quote or the field's end, told by the next char. */
  private quoteSeen = false
  private line = 1
  private recordLine = 1

  constructor(private readonly separator: string) {}

  feed(text: string): CsvRecord[] {
    const records: CsvRecord[] = []
    for (const char of text) {
      if (this.quoteSeen) {
        this.quoteSeen = false
        if (char === '"') {
          this.field += '"'
          continue
        }
        this.quoted = false
      }
      if (this.quoted) {
        if (char === '"') this.quoteSeen = true
        else {
          if (char === '\n') this.line++
          this.field += char
        }
        continue
      }
      if (char === '"' && this.field === '') this.quoted = true
      else if (char === this.separator) this.endField()
      else if (char === '\n') {
        const record = this.endRecord()
        if (record) records.push(record)
        this.line++
        this.recordLine = this.line
      } else if (char !== '\r') this.field += char
    }
    return records
  }

  finish(): CsvRecord[] {
    this.quoteSeen = false
    this.quoted = false
    const record = this.endRecord()
    return record ? [record] : []
  }

  private endField() {
    this.fields.push(this.field)
    this.field = ''
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
  const decoder = new TextDecoder(encoding)
  let parser: CsvParser | undefined
  let head = ''
  for await (const chunk of createReadStream(path)) {
    let text = decoder.decode(chunk as Buffer, { stream: true })
    if (!parser) {
      head += text
      const end = head.indexOf('\n')
      if (end === -1) continue
      if (head.charCodeAt(0) === 0xfeff) head = head.slice(1)
      parser = new CsvParser(separatorOf(head.slice(0, head.indexOf('\n'))))
      text = head
    }
    yield* parser.feed(text)
  }
  const rest = decoder.decode()
  if (!parser) {
    head += rest
    if (head.charCodeAt(0) === 0xfeff) head = head.slice(1)
    parser = new CsvParser(separatorOf(head.split('\n')[0] ?? ''))
    yield* parser.feed(head)
  } else yield* parser.feed(rest)
  yield* parser.finish()
}
