import * as v from 'valibot'
import { stripBearer } from '../../contract/session-token'
import { apiBase } from './base'
import { connectivity } from './connectivity'
import { session } from './session'

export { apiBase }

/** The phrase every "session is over" message of the server carries (spec §4, §8). */
export const sessionExpiredPhrase = 'faça o login novamente'

/** A failed call, with a message the UI can show as is. status 0 means no answer at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | null,
    /** A 429's `Retry-After`: seconds until the server takes one more try; null when absent. */
    readonly retryAfterSeconds: number | null = null,
    /** The answer's JSON, for a failure declared with more than its message (undefined if none). */
    readonly body: unknown = undefined,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** No answer from the server at all: no connection, or none in time. */
  get noConnection(): boolean {
    return this.status === 0
  }

  get sessionExpired(): boolean {
    return this.status === 401 || (this.serverMessage?.includes(sessionExpiredPhrase) ?? false)
  }
}

let onSessionExpired: (() => void) | null = null
/** The app shell decides what a dead session looks like (toast, then /login). */
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler
}
/** Tells the shell the session is over (a 401, or a token whose exp has passed). */
export function notifySessionExpired() {
  onSessionExpired?.()
}

declare const checkedBrand: unique symbol
/** A request body that passed its contract schema (call.ts makes it, after assertValid). */
export type CheckedBody = { readonly [checkedBrand]: true }

/**
 * Refuses here, with the contract's own Portuguese message, what the server would refuse: the
 * request never leaves. The error is a 400 like the server's, so screens say it the same way.
 */
export function assertValid<S extends v.GenericSchema>(schema: S, input: v.InferInput<S>): void {
  const result = v.safeParse(schema, input)
  if (result.success) return
  const message = result.issues[0].message
  throw new ApiError(400, message, message)
}

export type RequestOptions<S extends v.GenericSchema> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: CheckedBody
  schema: S
  signal?: AbortSignal
  headers?: Record<string, string>
  /** 'text' for answers that are not JSON (the term's HTML, the contract PDF in base64). */
  responseType?: 'json' | 'text'
  /** Gives up after this long with a message, instead of a button that spins for minutes. */
  timeoutMs?: number
}

/** What the person reads when our server could not be reached (status 0: no answer at all). */
export const noConnectionMessage = 'Não foi possível falar com o servidor. Verifique sua conexão.'
const noAnswerMessage = 'O servidor não respondeu a tempo. Verifique sua conexão e tente de novo.'
const serverFailureMessage = 'O servidor não conseguiu atender agora. Tente de novo em instantes.'
/** Long enough for the largest read (a contract with photos) on a slow phone connection. */
const defaultTimeoutMs = 30_000

/** The caller's signal, if any, plus a deadline (browsers before AbortSignal.any: the signal). */
function withDeadline(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  if (!signal) return AbortSignal.timeout(timeoutMs)
  return 'any' in AbortSignal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : signal
}

async function readFailure(response: Response): Promise<{ body: unknown; message: string | null }> {
  try {
    const body: unknown = await response.json()
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
      return { body, message: body.message }
    return { body, message: null }
  } catch {
    // Not JSON: there is no server message to show.
  }
  return { body: undefined, message: null }
}

/** `Retry-After` in seconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date). */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/** GETs started by the entry before the screen's code has loaded, waiting for their caller. */
const earlyGets = new Map<
  string,
  {
    token: string
    etag: string | undefined
    at: number
    response: Promise<Response>
    /** Told when the screen's request takes the answer (the page's own answers). */
    taken?: () => void
  }
>()
/** An early GET not taken within this time is stale: the caller fetches afresh. */
const earlyGetLifetime = 10_000

/**
 * Starts a GET the first screen is about to make (the contract on a cold start), in parallel
 * with downloading that screen's code; the first request for the same path, token and
 * `If-None-Match` takes the answer over instead of asking again.
 */
export function startEarlyGet(path: string, etag?: string) {
  const token = session.token()
  if (!token || earlyGets.has(path)) return
  const response = connectivity.watch(
    fetch(`${apiBase}${path}`, {
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${stripBearer(token)}`,
        ...(etag ? { 'If-None-Match': etag } : {}),
      },
    }),
  )
  // Never taken (the screen changed its mind): its failure is nobody's to report.
  response.catch(() => {})
  earlyGets.set(path, { token, etag, at: Date.now(), response })
}

/** An answer of the API as the server's rendering of the page received it (src/page-data.ts). */
export interface PageAnswer {
  /** The path after the API's base, query included, as `send` asks for it. */
  path: string
  status: number
  body: string
}

/**
 * Answers the server already gave for this page (it rendered the screen with them, and wrote
 * them into the HTML): the first request for each path takes its answer instead of asking again,
 * so the screen the script renders is the one already on screen. Resolves once each was taken.
 */
export function seedEarlyAnswers(answers: PageAnswer[]): Promise<void> {
  const token = session.token() ?? ''
  const taken: Array<Promise<void>> = []
  for (const { path, status, body } of answers) {
    let markTaken!: () => void
    taken.push(
      new Promise((resolve) => {
        markTaken = resolve
        // Never asked for (the screen changed its mind): stop waiting with the early answers.
        setTimeout(resolve, earlyGetLifetime)
      }),
    )
    const response = new Response(status === 204 || status === 304 ? null : body, {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
    earlyGets.set(path, {
      token,
      etag: undefined,
      at: Date.now(),
      response: Promise.resolve(response),
      taken: markTaken,
    })
  }
  return Promise.all(taken).then(() => undefined)
}

/**
 * How `send` reaches the API: the browser's fetch, or, while the server renders a page with the
 * same code (src/entry-server.tsx), the server's own routes in its process.
 */
let transport: typeof fetch = (input, init) => fetch(input, init)
export function setTransport(fetcher: typeof fetch) {
  transport = fetcher
}

function takeEarlyGet(
  path: string,
  token: string | null,
  etag: string | undefined,
): Promise<Response> | undefined {
  const early = earlyGets.get(path)
  if (!early) return undefined
  earlyGets.delete(path)
  early.taken?.()
  return early.token === (token ?? '') &&
    early.etag === etag &&
    Date.now() - early.at < earlyGetLifetime
    ? early.response
    : undefined
}

/**
 * One fetch for the whole app (features reach it through call.ts, by operation): base path,
 * Bearer token, JSON, the failure as an ApiError; `ifNoneMatch` when the caller names a copy
 * (see revalidate.ts).
 */
export async function send<S extends v.GenericSchema>(
  path: string,
  {
    method = 'GET',
    body,
    signal,
    headers = {},
    responseType = 'json',
    timeoutMs = defaultTimeoutMs,
    ifNoneMatch,
  }: RequestOptions<S> & { ifNoneMatch?: string },
): Promise<Response> {
  const token = session.token()
  const extraHeaders = Object.keys(headers).filter((name) => name !== 'If-None-Match')
  const early =
    method === 'GET' && body === undefined && responseType === 'json' && !extraHeaders.length
      ? takeEarlyGet(path, token, ifNoneMatch)
      : undefined
  let response: Response
  try {
    response = await (early ??
      connectivity.watch(
        transport(`${apiBase}${path}`, {
          method,
          signal: withDeadline(signal, timeoutMs),
          headers: {
            Accept: responseType === 'text' ? '*/*' : 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(token ? { Authorization: `Bearer ${stripBearer(token)}` } : {}),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ))
  } catch (cause) {
    if (signal?.aborted) throw cause
    const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError'
    throw new ApiError(0, timedOut ? noAnswerMessage : noConnectionMessage, null)
  }
  // A 304 answers only a request that named a version; anything else is a failure like others.
  if (response.status === 304 && ifNoneMatch) return response
  if (!response.ok) {
    const { body: failure, message: serverMessage } = await readFailure(response)
    const error = new ApiError(
      response.status,
      serverMessage ?? serverFailureMessage,
      serverMessage,
      retryAfterSeconds(response.headers.get('retry-after')),
      failure,
    )
    if (error.sessionExpired && token) notifySessionExpired()
    throw error
  }
  return response
}

export async function readAnswer<S extends v.GenericSchema>(
  response: Response,
  { schema, responseType = 'json' }: Pick<RequestOptions<S>, 'schema' | 'responseType'>,
): Promise<v.InferOutput<S>> {
  const payload =
    responseType === 'text' ? await response.text() : await response.json().catch(() => undefined)
  const result = v.safeParse(schema, payload)
  if (!result.success) throw new ApiError(response.status, 'Resposta inesperada do servidor.', null)
  return result.output
}
