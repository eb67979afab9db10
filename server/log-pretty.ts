/**
 * Demo mode on a terminal: the log's JSON lines as short lines a person reads at a glance
 * ("14:02:11 POST /socios-api/client/login 200 8.1 ms"). Anywhere else the JSON goes out as is,
 * for a log collector. Small enough not to need pino-pretty and its dependencies.
 */
import type { DestinationStream } from 'pino'

const levelNames: Record<string, string> = { warn: 'AVISO', error: 'ERRO', fatal: 'FATAL' }
/** Fields every line has, shown in the line's own layout rather than as key=value. */
const layoutFields = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'requestId', 'err'])
const requestFields = new Set(['method', 'route', 'status', 'durationMs'])

export function prettyLine(json: string): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(json) as Record<string, unknown>
  } catch {
    return json
  }
  const clock = new Date(String(entry.time)).toLocaleTimeString('pt-BR', { hour12: false })
  const level = levelNames[String(entry.level)]
  const isRequest = typeof entry.durationMs === 'number'
  const text = isRequest
    ? `${entry.method} ${entry.route} ${entry.status} ${entry.durationMs} ms`
    : String(entry.msg ?? '')
  const extras = Object.entries(entry)
    .filter(([key]) => !layoutFields.has(key) && !(isRequest && requestFields.has(key)))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
  const err = entry.err as { stack?: string; message?: string } | undefined
  const trace = err ? `\n    ${(err.stack ?? err.message ?? '').replaceAll('\n', '\n    ')}` : ''
  return `${[clock, level, text, ...extras].filter(Boolean).join(' ')}${trace}\n`
}

/** A pino destination that writes each line, made readable, to `out`. */
export function prettyLines(out: { write(text: string): unknown }): DestinationStream {
  return { write: (json: string) => void out.write(prettyLine(json)) }
}
