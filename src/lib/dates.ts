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

const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** 'Última sincronização' and similar: local date and time. */
export function formatDateTime(epochMs: number | null | undefined): string {
  return typeof epochMs === 'number' && Number.isFinite(epochMs)
    ? timeFormat.format(epochMs)
    : '---'
}
