/** Escaping for server-rendered markup: every value from the database goes through here. */

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export const escapeHtml = (text: string | number) =>
  String(text).replace(/[&<>"']/g, (char) => entities[char] ?? char)
