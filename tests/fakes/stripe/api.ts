/**
 * What every /v1 call goes through, in Stripe's order: the key (Bearer header, or `key=` in the
 * form as Stripe.js sends it), the API version, the idempotency key, then the endpoint, whose
 * refusal comes out as Stripe's error shape. Each exchange is logged for the tests (card numbers
 * and CVCs masked, as Stripe's own request logs show them).
 */
import type { Context } from 'hono'
import { StripeApiError, unauthorized } from './errors'
import { decodeForm, type FormParams } from './form'
import { randomToken } from './store'

export const apiVersion = '2024-04-10'

/** Who may call an endpoint: only the secret key, or also the browser's publishable key. */
export type Access = 'secret' | 'publishable'

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
  keys: { secret: string; publishable: string }
  log: LoggedRequest[]
  kept: Map<
    string,
    { endpoint: string; fingerprint: string; status: number; body: string; requestId: string }
  >
}

const masked = (params: FormParams): FormParams => {
  const card = params.card
  if (!card || typeof card !== 'object' || Array.isArray(card)) return params
  const hide = (value: unknown) =>
    typeof value === 'string'
      ? `${'*'.repeat(Math.max(value.length - 4, 0))}${value.slice(-4)}`
      : value
  return {
    ...params,
    card: {
      ...card,
      ...(card.number ? { number: hide(card.number) } : {}),
      ...(card.cvc ? { cvc: '***' } : {}),
    } as FormParams,
  }
}

const redactKey = (key: string) =>
  `${key.slice(0, 8)}${'*'.repeat(Math.max(key.length - 12, 0))}${key.slice(-4)}`

/** The key the call carries: `Authorization: Bearer …` (or Basic, as curl -u sends it), or `key=`. */
function keyOf(c: Context, params: FormParams): string | undefined {
  const header = c.req.header('authorization') ?? ''
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
  if (bearer) return bearer
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1]
  if (basic) return Buffer.from(basic, 'base64').toString().replace(/:.*$/, '')
  return typeof params.key === 'string' ? params.key : undefined
}

function authenticate(
  c: Context,
  params: FormParams,
  keys: ApiContext['keys'],
  access: Access,
): Access {
  const given = keyOf(c, params)
  if (!given)
    throw unauthorized(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    )
  if (given === keys.secret) return 'secret'
  if (given !== keys.publishable)
    throw unauthorized(`Invalid API Key provided: ${redactKey(given)}`)
  if (access === 'secret')
    throw unauthorized(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    )
  return 'publishable'
}

/** Stripe answers in the version asked for; this fake speaks only the portal's. */
function checkVersion(c: Context) {
  const asked = c.req.header('stripe-version')
  if (asked === undefined || asked === apiVersion) return
  const message = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(asked)
    ? `This fake Stripe answers only in API version ${apiVersion}, not ${asked}.`
    : `Invalid Stripe API version: ${asked}`
  throw new StripeApiError(400, { type: 'invalid_request_error', message }, false)
}

function idempotencyError(message: string) {
  return new StripeApiError(400, { type: 'idempotency_error', message }, false)
}

/** A Hono handler running `endpoint` behind keys, version and idempotency. */
export function apiRoute(
  context: ApiContext,
  access: Access,
  endpoint: (call: ApiCall) => unknown,
): (c: Context) => Promise<Response> {
  return async (c) => {
    const requestId = `req_${randomToken(14)}`
    const method = c.req.method
    const url = new URL(c.req.url)
    const idempotencyKey = method === 'POST' ? c.req.header('idempotency-key') : undefined
    const endpointName = `${method} ${url.pathname}`
    let query: FormParams = {}
    let body: FormParams = {}
    let key: Access | undefined
    let status = 200
    let text: string
    let replayed = false
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': apiVersion,
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Request-Id, Stripe-Version, Idempotent-Replayed',
    }
    try {
      query = decodeForm(url.search.slice(1))
      body = method === 'POST' ? decodeForm(await c.req.text()) : {}
      const all = method === 'POST' ? body : query
      key = authenticate(c, all, context.keys, access)
      const { key: _key, ...params } = all
      checkVersion(c)
      const fingerprint = JSON.stringify(params)
      const kept = idempotencyKey ? context.kept.get(idempotencyKey) : undefined
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
      if (kept && kept.endpoint !== endpointName)
        throw idempotencyError(
          `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${kept.endpoint}' vs '${endpointName}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        )
      if (kept && kept.fingerprint !== fingerprint)
        throw idempotencyError(
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        )
      if (kept) {
        replayed = true
        status = kept.status
        text = kept.body
        headers['idempotent-replayed'] = 'true'
        headers['original-request'] = kept.requestId
      } else {
        let keep = true
        try {
          const call = {
            params,
            path: c.req.param(),
            key,
            request: { id: requestId, idempotencyKey },
          }
          text = JSON.stringify(endpoint(call), null, 2)
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error
          keep = error.kept
          status = error.status
          text = errorText(error, requestId)
        }
        if (idempotencyKey && keep)
          context.kept.set(idempotencyKey, {
            endpoint: endpointName,
            fingerprint,
            status,
            body: text,
            requestId,
          })
      }
    } catch (error) {
      const known = error instanceof StripeApiError
      if (!known) console.error('[fake stripe]', error)
      const failure = known
        ? error
        : new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred' })
      status = failure.status
      text = errorText(failure, requestId)
    }
    context.log.push({
      id: requestId,
      method,
      path: url.pathname,
      query,
      body: masked(body),
      ...(idempotencyKey ? { idempotencyKey } : {}),
      key,
      status,
      response: JSON.parse(text),
      replayed,
    })
    return new Response(text, { status, headers })
  }
}

function errorText(error: StripeApiError, requestId: string): string {
  const log = `https://dashboard.stripe.com/test/logs/${requestId}`
  return JSON.stringify({ error: { ...error.body, request_log_url: log } }, null, 2)
}
