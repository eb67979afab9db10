/**
 * String formats for checking answers. openapi-request-validator checks a request's formats with
 * ajv-formats; openapi-response-validator registers none, and AJV (not strict) then lets any
 * string pass as a date-time. These are the formats the two documents put in answers: bacen's
 * date-time, date and uri (Stripe's `unix-time` and `decimal` are no formats AJV knows: they stay
 * unchecked on both sides). Written to RFC 3339 and RFC 3986, no more lenient than ajv-formats.
 */

/** A calendar date that exists: 2024-02-30 does not. */
function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
}

/** RFC 3339 §5.6 date-time: the offset is required ("2020-11-11T10:15:00.358Z"). */
function isDateTime(text: string): boolean {
  const match = text.match(
    /^(\d{4}-\d{2}-\d{2})[Tt ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/,
  )
  return Boolean(match?.[1] && isDate(match[1]))
}

/** RFC 3986 URI: a scheme, a colon, and no blanks ("pix.example.com/qr" has no scheme). */
const isUri = (text: string) => /^[a-zA-Z][a-zA-Z\d+.-]*:\S*$/.test(text)

export const responseFormats = { date: isDate, 'date-time': isDateTime, uri: isUri }
