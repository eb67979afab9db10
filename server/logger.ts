/**
 * Operational logs: one JSON line per event (pino), each tagged with the id of the request it
 * was written for, services and deliveries after the answer included (the id travels in
 * AsyncLocalStorage, so nothing has to pass a logger down).
 *
 * Outside demo mode no personal data reaches them. Our own lines never carry e-mails, phones,
 * CPFs, names, codes or tokens; as a safety net for text we do not write (an SMTP refusal names
 * its recipient, a failed query carries its parameters), e-mails, phones and CPFs in messages
 * and errors are masked and query parameters dropped. Demo mode logs them: the newcomer reads
 * the login code on the console.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import pino, { type DestinationStream, type LogFn, type Logger } from 'pino'
import type { LogLevel } from './config'
import { prettyLines } from './log-pretty'

export type { Logger }

const requestIds = new AsyncLocalStorage<string>()

/** Runs `work` (a request's handling) so that every line it logs carries `requestId`. */
export const runWithRequestId = <T>(requestId: string, work: () => T): T =>
  requestIds.run(requestId, work)

export interface LoggerOptions {
  level: LogLevel
  /** Demo mode: personal data may be logged, and a terminal gets short readable lines. */
  demo: boolean
  /** Where lines go; default stdout (tests pass a stream that keeps them). */
  destination?: DestinationStream
}

export function createLogger({ level, demo, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = requestIds.getStore()
        // A new object each time: pino merges the line's own fields into it.
        return requestId ? { requestId } : {}
      },
      serializers: { err: demo ? pino.stdSerializers.err : maskedError },
      ...(demo ? {} : { hooks: { logMethod: maskMessage } }),
    },
    destination ?? (demo && process.stdout.isTTY ? prettyLines(process.stdout) : undefined),
  )
}

/** A logger that drops everything (tests and tools that need one). */
export const silentLogger = (): Logger => pino({ level: 'silent' })

// ---------------------------------------------------------------- masking outside demo mode

const personalData: [RegExp, string][] = [
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[e-mail]'],
  // CPFs, written or bare, before phones: a bare CPF also has 11 digits.
  [/\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/g, '[cpf]'],
  [/\+\d{10,15}\b/g, '[telefone]'],
  [/\(\d{2}\)\s?\d{4,5}-?\d{4}\b/g, '[telefone]'],
  [/\b\d{11}\b/g, '[cpf ou telefone]'],
]

/** Text with e-mails, phone numbers and CPFs replaced by what they are. */
export function maskPersonalData(text: string): string {
  let masked = text
  for (const [pattern, label] of personalData) masked = masked.replace(pattern, label)
  return masked
}

/** Drizzle's failed-query message and stack end with the query's values. */
const queryParams = /\nparams: .*/g
/** Values a database error carries: the query's, or the row's ("Key (email)=(…)"). */
const valueFields = new Set(['params', 'parameters', 'detail'])

function maskedError(error: Error): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>
  const masked: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(serialized)) {
    if (valueFields.has(key)) continue
    masked[key] =
      typeof value === 'string'
        ? maskPersonalData(value.replace(queryParams, '\nparams: [omitidos]'))
        : value
  }
  return masked
}

function maskMessage(this: Logger, args: Parameters<LogFn>, method: LogFn) {
  const masked = args.map((arg) => (typeof arg === 'string' ? maskPersonalData(arg) : arg))
  method.apply(this, masked as Parameters<LogFn>)
}
