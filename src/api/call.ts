/**
 * The app calls the API through the operations declared in contract/api/ (issue 24): the
 * declaration gives the method, the path, what the request must be and what the answer is, so a
 * call's input and output are typed from it and a wrong pair does not compile. Each feature
 * imports only the operations it calls (one file per group), so a screen carries no other
 * operation's schemas.
 */
import * as v from 'valibot'
import {
  type Answer,
  type FileAnswer,
  fillPath,
  isEmptyAnswer,
  isFileAnswer,
  type Operation,
} from '../../contract/operation'
import { assertValid, type CheckedBody, readAnswer, send } from './client'
import { type Revalidated, revalidate } from './revalidate'

type ParamsInput<O> = O extends { params: infer P extends Record<string, v.GenericSchema> }
  ? { params: { [K in keyof P]: v.InferInput<P[K]> } }
  : { params?: undefined }
type QueryInput<O> = O extends { query: infer Q extends v.GenericSchema }
  ? { query: v.InferInput<Q> }
  : { query?: undefined }
type BodyInput<O> = O extends { body: infer B extends v.GenericSchema }
  ? O extends { bodyOptional: true }
    ? { body?: v.InferInput<B> }
    : { body: v.InferInput<B> }
  : { body?: undefined }

/** What a call of the operation sends: its path parameters, its query and its body. */
export type CallInput<O extends Operation> = ParamsInput<O> & QueryInput<O> & BodyInput<O>

/** The answer a call reads: the operation's 200, or its 201 when it creates. */
type SuccessAnswer<O extends Operation> = O['answers'] extends { 200: infer A }
  ? A
  : O['answers'] extends { 201: infer A }
    ? A
    : never

/** What the call resolves with: the answer's parsed JSON, a file's text, or nothing. */
export type CallOutput<O extends Operation> =
  SuccessAnswer<O> extends v.GenericSchema
    ? v.InferOutput<SuccessAnswer<O>>
    : SuccessAnswer<O> extends FileAnswer
      ? string
      : undefined

export type CallOptions = {
  signal?: AbortSignal
  /** Headers the operation reads beyond the session (e.g. Idempotency-Key). */
  headers?: Record<string, string>
  /** Gives up after this long with a message, instead of a button that spins for minutes. */
  timeoutMs?: number
}

/** An operation with nothing to send may be called with no input. */
type CallArguments<O extends Operation> =
  Record<never, never> extends CallInput<O>
    ? [input?: CallInput<O>, options?: CallOptions]
    : [input: CallInput<O>, options?: CallOptions]

/** The operation's path, its parameters and query filled in, relative to the API base. */
export function pathOf<O extends Operation>(declared: O, input?: CallInput<O>): string {
  const path = fillPath(declared.path, input?.params as Record<string, string> | undefined)
  const query = input?.query as Record<string, string | number | boolean> | undefined
  if (!query) return path
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  )
  return `${path}?${search}`
}

function successOf(declared: Operation): Answer {
  const answer = declared.answers[200] ?? declared.answers[201]
  if (!answer) throw new Error(`${declared.id} não declara resposta de sucesso.`)
  return answer
}

/** How the answer is read and checked: JSON against its schema, a file as text. */
function readerOf(declared: Operation) {
  const answer = successOf(declared)
  if (isFileAnswer(answer))
    return { schema: answer.text ?? v.string(), responseType: 'text' as const, empty: false }
  if (isEmptyAnswer(answer))
    return { schema: v.unknown(), responseType: 'text' as const, empty: true }
  return { schema: answer, responseType: 'json' as const, empty: false }
}

/**
 * The query and the body are checked against the declaration before anything leaves: what the
 * server would refuse is refused here, with the contract's own Portuguese message (a 400).
 */
function checkedRequest<O extends Operation>(declared: O, input?: CallInput<O>) {
  if (declared.query) assertValid(declared.query, input?.query)
  const body = input?.body
  if (declared.body && body !== undefined) assertValid(declared.body, body)
  return body as CheckedBody | undefined
}

/** Calls the operation: its input checked, its answer read and checked. */
export async function call<O extends Operation>(
  declared: O,
  ...[input, options = {}]: CallArguments<O>
): Promise<CallOutput<O>> {
  const body = checkedRequest(declared, input)
  const reader = readerOf(declared)
  const response = await send(pathOf(declared, input), {
    ...options,
    method: declared.method,
    body,
    schema: reader.schema,
    responseType: reader.responseType,
  })
  const answer = await readAnswer(response, reader)
  return (reader.empty ? undefined : answer) as CallOutput<O>
}

/**
 * A GET of a copy the device keeps, sent with that copy's ETag: a 304 says it still holds
 * (see revalidate.ts).
 */
export function callRevalidating<O extends Operation & { method: 'GET' }>(
  declared: O,
  input: CallInput<O>,
  options: CallOptions & { etag?: string },
): Promise<Revalidated<CallOutput<O>>> {
  const reader = readerOf(declared)
  return revalidate(pathOf(declared, input), { ...options, schema: reader.schema }) as Promise<
    Revalidated<CallOutput<O>>
  >
}
