/**
 * Escaping for the member card's markup (card-layout.ts): most of what it interpolates is its own
 * style arithmetic, so each value from the database is escaped by hand, here. The terms document
 * (term-html.ts) is hono/html's template instead, which escapes every value unless told not to.
 */

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export const escapeHtml = (text: string | number) =>
  String(text).replace(/[&<>"']/g, (char) => entities[char] ?? char)
