/**
 * Cursors of the integration API's lists (decision 019): opaque to the provider (base64url of
 * the last id of the page before), stable while rows are added, and checked when read back.
 */
import { isUuid } from '../../contract/http'

export type Cursor = { after: string }

export function encodeCursor(after: string): string {
  return Buffer.from(JSON.stringify({ a: after })).toString('base64url')
}

/** The cursor's position, or null when it is not one this server gave. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (parsed && typeof parsed === 'object' && 'a' in parsed && typeof parsed.a === 'string')
      return isUuid(parsed.a) ? { after: parsed.a } : null
  } catch {
    // Not base64url JSON: not a cursor.
  }
  return null
}

/** A page of at most `limit` items from `limit + 1` read, and the cursor after it. */
export function pageOf<T>(items: T[], limit: number, idOf: (item: T) => string) {
  const data = items.slice(0, limit)
  const last = data.at(-1)
  return {
    data,
    nextCursor: items.length > limit && last ? encodeCursor(idOf(last)) : null,
  }
}
