/**
 * Dates as the spec shows them: the date part only, dd/mm/aaaa. The server sends either a
 * date ('2026-11-22') or a timestamp; the calendar date is taken as written, never shifted
 * through the device's time zone (a due date must not move a day in another zone).
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '---'
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (match) return `${match[3]}/${match[2]}/${match[1]}`
  const br = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(value)
  return br ? `${br[1]}/${br[2]}/${br[3]}` : '---'
}

// Built on first use: a date-time formatter costs a phone tens of milliseconds to build (the
// locale's patterns), which a screen that shows no time should not pay at its start.
let timeFormat: Intl.DateTimeFormat | undefined

/** 'Última sincronização' and similar: local date and time. */
export function formatDateTime(epochMs: number | null | undefined): string {
  if (typeof epochMs !== 'number' || !Number.isFinite(epochMs)) return '---'
  timeFormat ??= new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
  return timeFormat.format(epochMs)
}
