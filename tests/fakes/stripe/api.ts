/**
 * What every API call goes through, in Stripe's order: the key, the API version (access.ts), the
 * idempotency key (idempotency.ts), then the endpoint, whose refusal comes out in Stripe's error
 * shape. Each exchange is logged for the tests, card numbers and CVCs masked as Stripe's own
 * request logs show them.
 */
import type { Context } from 'hono'
import { type Access, apiVersion, authenticate, checkVersion, type Keys } from './access'
import { StripeApiError } from './errors'
import { decodeForm, type FormParams } from './form'
import { type KeptAnswers, keptAnswer } from './idempotency'
import { randomToken } from './store'

export type { Access }

export interface ApiCall {
  /** The form body of a POST, the query of a GET, without `key`. */
  params: FormParams
  /** The route's path parameters (`:intent`…). */
  path: Record<string, string>
  key: Access
  request: { id: string; idempotencyKey: string | undefined }
}

export interface LoggedRequest {
  id: string
  method: string
  path: string
  query: FormParams
  body: FormParams
  idempotencyKey?: string
  /** Which key called: the secret one (the server) or the publishable one (Stripe.js). */
  key: Access | undefined
  status: number
  /** The JSON answer, as sent. */
  response: unknown
  /** Answered from the idempotency key's first answer (Idempotent-Replayed: true). */
  replayed: boolean
}

export interface ApiContext {
  keys: Keys
  log: LoggedRequest[]
  kept: KeptAnswers
}

type Answer = { status: number; text: string; headers: Record<string, string>; replayed: boolean }

const hideAllButLast4 = (value: FormParams[string]) =>
  typeof value === 'string'
    ? `${'*'.repeat(Math.max(value.length - 4, 0))}${value.slice(-4)}`
    : value

function masked(params: FormParams): FormParams {
  const card = params.card
  if (!card || typeof card !== 'object' || Array.isArray(card)) return params
  const hidden: FormParams = { ...card }
  if (card.number !== undefined) hidden.number = hideAllButLast4(card.number)
  if (card.cvc !== undefined) hidden.cvc = '***'
  return { ...params, card: hidden }
}

function errorText(error: StripeApiError, requestId: string): string {
  const log = `https://dashboard.stripe.com/test/logs/${requestId}`
  return JSON.stringify({ error: { ...error.body, request_log_url: log } }, null, 2)
}

/** The endpoint's answer, or its refusal; kept under the idempotency key when Stripe keeps it. */
function run(endpoint: (call: ApiCall) => unknown, call: ApiCall) {
  try {
    return { status: 200, text: JSON.stringify(endpoint(call), null, 2), keep: true }
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error
    return { status: error.status, text: errorText(error, call.request.id), keep: error.kept }
  }
}

/** A Hono handler running `endpoint` behind keys, version and idempotency. */
export function apiRoute(
  context: ApiContext,
  access: Access,
  endpoint: (call: ApiCall) => unknown,
): (c: Context) => Promise<Response> {
  return async (c) => {
    const id = `req_${randomToken(14)}`
    const method = c.req.method
    const url = new URL(c.req.url)
    const idempotencyKey = method === 'POST' ? c.req.header('idempotency-key') : undefined
    const exchange = {
      query: {} as FormParams,
      body: {} as FormParams,
      key: undefined as Access | undefined,
    }

    const answer = async (): Promise<Answer> => {
      exchange.query = decodeForm(url.search.slice(1))
      exchange.body = method === 'POST' ? decodeForm(await c.req.text()) : {}
      const { key: _key, ...params } = method === 'POST' ? exchange.body : exchange.query
      exchange.key = authenticate(
        c,
        method === 'POST' ? exchange.body : exchange.query,
        context.keys,
        access,
      )
      checkVersion(c)
      const name = `${method} ${url.pathname}`
      const fingerprint = JSON.stringify(params)
      const echo: Record<string, string> = idempotencyKey
        ? { 'idempotency-key': idempotencyKey }
        : {}
      const first = keptAnswer(context.kept, idempotencyKey, name, fingerprint)
      if (first)
        return {
          status: first.status,
          text: first.body,
          headers: { ...echo, 'idempotent-replayed': 'true', 'original-request': first.requestId },
          replayed: true,
        }
      const call = {
        params,
        path: c.req.param(),
        key: exchange.key,
        request: { id, idempotencyKey },
      }
      const { status, text, keep } = run(endpoint, call)
      if (idempotencyKey && keep)
        context.kept.set(idempotencyKey, {
          endpoint: name,
          fingerprint,
          status,
          body: text,
          requestId: id,
        })
      return { status, text, headers: echo, replayed: false }
    }

    const { status, text, headers, replayed } = await answer().catch((error: unknown) => {
      const known = error instanceof StripeApiError
      if (!known) console.error('[fake stripe]', error)
      const failure = known
        ? error
        : new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred' })
      return { status: failure.status, text: errorText(failure, id), headers: {}, replayed: false }
    })
    context.log.push({
      id,
      method,
      path: url.pathname,
      query: exchange.query,
      body: masked(exchange.body),
      ...(idempotencyKey ? { idempotencyKey } : {}),
      key: exchange.key,
      status,
      response: JSON.parse(text),
      replayed,
    })
    return new Response(text, {
      status,
      headers: {
        'content-type': 'application/json',
        'request-id': id,
        'stripe-version': apiVersion,
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'Request-Id, Stripe-Version, Idempotent-Replayed',
        ...headers,
      },
    })
  }
}
