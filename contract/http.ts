/**
 * What every request and answer shares: how a body or query string is read, and the fields that
 * several resources use. The contract (this folder) is the one place where the browser, the
 * service worker and the server learn what goes over the wire; none imports the others.
 */
import * as v from 'valibot'
import { earliestDay, isDay, latestDay, parseTimestamp } from './rules'

/**
 * Object-level messages: an unexpected field is named; a missing field gets the message its own
 * schema gives for "nothing there" (e.g. 'Informe o e-mail.'), instead of valibot's English default.
 */
const objectMessage =
  (entries: v.ObjectEntries) =>
  (issue: v.ObjectIssue | v.StrictObjectIssue): string => {
    const key = issue.path?.[issue.path.length - 1]?.key
    if (key === undefined) return 'Corpo da requisição inválido: envie um objeto JSON.'
    if (issue.expected === 'never') return `Campo não permitido: ${String(key)}.`
    if (typeof key === 'string' && Object.hasOwn(entries, key)) {
      const missing = v.safeParse(entries[key] as v.GenericSchema, undefined)
      return missing.issues?.[0]?.message ?? `Informe o campo ${key}.`
    }
    return 'Corpo da requisição inválido: envie um objeto JSON.'
  }

/** Request bodies: unknown fields are rejected. */
export const requestObject = <T extends v.ObjectEntries>(entries: T) =>
  v.strictObject(entries, objectMessage(entries))

/** Query strings: unknown parameters (cache busters and the like) are ignored. */
export const queryObject = <T extends v.ObjectEntries>(entries: T) =>
  v.object(entries, objectMessage(entries))

// ---------------------------------------------------------------- shared fields

export const emailField = v.pipe(
  v.string('Informe o e-mail.'),
  v.trim(),
  v.nonEmpty('Informe o e-mail.'),
  v.maxLength(254, 'O e-mail deve ter no máximo 254 caracteres.'),
  v.email('Informe um e-mail válido.'),
  v.toLowerCase(),
)

export const otpCodeField = v.pipe(
  v.string('Informe o código.'),
  v.regex(/^\d{6}$/, 'O código deve ter 6 dígitos.'),
)

/** Ids are UUIDs; anything else can never name a row, so routes answer 404 for it. */
export const idField = v.pipe(v.string(), v.uuid())

/** Text a record may lack: absent and null both read as null. */
export const nullableString = v.nullish(v.string(), null)

export const messageResponse = v.object({ message: v.string() })
export type MessageResponse = v.InferOutput<typeof messageResponse>

/** A body that must be absent or an empty JSON object (an array is refused, not read as `{}`). */
export const emptyObjectRequest = v.pipe(
  v.custom<unknown>(
    (input) => !Array.isArray(input),
    'Corpo da requisição inválido: envie um objeto JSON.',
  ),
  requestObject({}),
)

/** Ids the server makes are UUIDs (any version, either case). */
export const isUuid = (value: string) => v.is(idField, value)

export const isPlainObject = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input)

/** A nested request object: strict, with a precise message when it is missing or no object. */
export const section = <T extends v.ObjectEntries>(message: string, entries: T) =>
  v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), requestObject(entries))

export const uuidOf = (field: string, message = `Identificador inválido: ${field}.`) =>
  v.pipe(v.string(message), v.uuid(message))
export const optionalUuidOf = (field: string) => v.nullish(uuidOf(field), null)
/** Optional text: trimmed and bounded; empty and null both become null. */
export const optionalText = (max: number, message: string) =>
  v.nullish(
    v.pipe(
      v.string(message),
      v.trim(),
      v.maxLength(max, message),
      v.transform((value) => value || null),
    ),
    null,
  )

/** Optional digits: blanks, dots, dashes, slashes, parentheses and '+' are formatting only. */
export const optionalDigits = (pattern: RegExp, message: string) =>
  v.nullish(
    v.pipe(
      v.string(message),
      v.transform((value) => value.replace(/[\s().+/-]/g, '')),
      v.check((value) => value === '' || pattern.test(value), message),
      v.transform((value) => value || null),
    ),
    null,
  )

const emailMessage = 'Informe um e-mail válido.'
export const optionalEmailField = v.nullish(
  v.pipe(
    v.string(emailMessage),
    v.trim(),
    v.toLowerCase(),
    v.maxLength(254, 'O e-mail deve ter no máximo 254 caracteres.'),
    v.check((value) => value === '' || v.EMAIL_REGEX.test(value), emailMessage),
    v.transform((value) => value || null),
  ),
  null,
)

const stateMessage = 'O Estado deve ser a sigla de 2 letras (ex.: SP).'
/** A Brazilian state as its two-letter code (SP), in any case; empty means not given. */
export const optionalStateField = v.nullish(
  v.pipe(
    v.string(stateMessage),
    v.trim(),
    v.toUpperCase(),
    v.check((value) => value === '' || /^[A-Z]{2}$/.test(value), stateMessage),
    v.transform((value) => value || null),
  ),
  null,
)

// ---------------------------------------------------------------- dates

const brazilianDay = (day: string) => day.split('-').reverse().join('/')
const dayRange = `de ${brazilianDay(earliestDay)} a ${brazilianDay(latestDay)}`

/**
 * A day (`AAAA-MM-DD`) that exists on the calendar, 1900 to 2100 (rules.ts: `isDay`); the message
 * names the field, e.g. `dayOf('dueDate', 'o vencimento')`.
 */
export const dayOf = (field: string, label: string) => {
  const message = `Informe ${label} (${field}) como uma data que exista, no formato AAAA-MM-DD, ${dayRange}.`
  // isoDate first: it tells the OpenAPI document the format; isDay is the rule.
  return v.pipe(v.string(message), v.isoDate(message), v.check(isDay, message))
}

/**
 * A moment with its offset (`2026-05-10T14:30:00-03:00` or `…Z`) on a day `dayOf` takes, read
 * strictly (rules.ts: `parseTimestamp`); the message names the field.
 */
export const timestampOf = (field: string, label: string) => {
  const message = `Informe ${label} (${field}) como data e hora ISO 8601 com fuso (2026-05-10T14:30:00-03:00), num dia que exista, ${dayRange}.`
  // isoTimestamp first: it tells the OpenAPI document the format; parseTimestamp is the rule.
  return v.pipe(
    v.string(message),
    v.isoTimestamp(message),
    v.check((value) => parseTimestamp(value) !== null, message),
  )
}
