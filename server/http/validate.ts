/**
 * Request validation with the shared valibot schemas (contract/). The first issue's
 * message is already Portuguese, so it goes to the user as is; a size check that failed answers
 * 413 with its own message instead.
 */
import type { Context } from 'hono'
import * as v from 'valibot'
import { isTooLargeIssue } from '../../contract/files'
import { idField } from '../../contract/http'
import { ApiError, messages } from './errors'

/** application/json and application/<something>+json, with or without parameters. */
const jsonContentType = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Text the database cannot keep as sent: PostgreSQL refuses NUL (the write would fail as a 500),
 * and a UTF-16 half without its pair would be stored as U+FFFD.
 */
const isUnstorable = (text: string) => text.includes('\u0000') || loneSurrogate.test(text)

/** Any string in the input (keys too) the database could not store; no recursion, any depth. */
export function hasUnstorableText(input: unknown): boolean {
  const pending = [input]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string') {
      if (isUnstorable(value)) return true
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item)
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorable(key)) return true
        pending.push(item)
      }
    }
  }
  return false
}

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  // Before the schema, which checks shapes and lengths but not the characters themselves.
  if (hasUnstorableText(input)) throw new ApiError(400, messages.invalidText)
  const result = v.safeParse(schema, input)
  if (!result.success) {
    const tooLarge = result.issues.find(isTooLargeIssue)
    if (tooLarge) throw new ApiError(413, tooLarge.message)
    throw new ApiError(400, result.issues[0]?.message ?? 'Dados inválidos.')
  }
  return result.output
}

/**
 * A JSON body's media type: application/json or application/<something>+json, whose charset, if
 * declared, can only be UTF-8 (RFC 8259 §8.1). Any other charset would be read as UTF-8 and
 * stored as U+FFFD, so it is refused (415) rather than guessed.
 */
function assertJsonType(header: string | undefined) {
  if (!jsonContentType.test(header ?? '')) throw new ApiError(415, messages.notJson)
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(header ?? '')?.[1]
  if (charset !== undefined && !/^utf-?8$/i.test(charset))
    throw new ApiError(415, messages.notUtf8Charset)
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The body's text: bytes that are not UTF-8 are refused (400), never kept as U+FFFD. */
function utf8Text(bytes: ArrayBuffer): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw new ApiError(400, messages.invalidUtf8)
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, messages.invalidJson)
  }
}

/** The JSON body as sent, before any schema (e.g. to hash it for idempotency). */
export async function readJsonBody(c: Context): Promise<unknown> {
  assertJsonType(c.req.header('content-type'))
  return parseJson(utf8Text(await c.req.arrayBuffer()))
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
const isBlank = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d

/**
 * A body the client may leave out: none (or only blanks) is `undefined`, whatever its
 * Content-Type; anything else is checked as `readJsonBody` checks it.
 */
export async function readOptionalJsonBody(c: Context): Promise<unknown> {
  const bytes = await c.req.arrayBuffer()
  if (new Uint8Array(bytes).every(isBlank)) return undefined
  assertJsonType(c.req.header('content-type'))
  return parseJson(utf8Text(bytes))
}

export async function readJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  return parseWith(schema, await readJsonBody(c))
}

/**
 * A body the client may leave out (spec: "empty body"): nothing at all counts as `{}`; anything
 * else must be JSON that the schema accepts.
 */
export async function readOptionalJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  const body = await readOptionalJsonBody(c)
  return parseWith(schema, body === undefined ? {} : body)
}

export const readQuery = <S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> =>
  parseWith(schema, c.req.query())

/** A path or query id: anything but a uuid can never name a row, so it answers 404 as well. */
export function idOrNotFound(value: string | undefined, message: string): string {
  if (!v.is(idField, value)) throw new ApiError(404, message)
  return value
}
