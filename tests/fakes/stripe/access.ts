/**
 * Who is calling, and in which API version: the key from `Authorization: Bearer …` (or Basic, as
 * curl -u sends it) or from `key=` in the form, as Stripe.js sends its publishable key; and the
 * Stripe-Version header, which this fake answers only for the portal's version.
 */
import type { Context } from 'hono'
import { StripeApiError, unauthorized } from './errors'
import type { FormParams } from './form'

export const apiVersion = '2024-04-10'

/** Who may call an endpoint: only the secret key, or also the browser's publishable key. */
export type Access = 'secret' | 'publishable'

export type Keys = { secret: string; publishable: string }

const redactKey = (key: string) =>
  `${key.slice(0, 8)}${'*'.repeat(Math.max(key.length - 12, 0))}${key.slice(-4)}`

function keyOf(c: Context, params: FormParams): string | undefined {
  const header = c.req.header('authorization') ?? ''
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
  if (bearer) return bearer
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1]
  if (basic) return Buffer.from(basic, 'base64').toString().replace(/:.*$/, '')
  return typeof params.key === 'string' ? params.key : undefined
}

/** Which key called; 401 in Stripe's words for a missing, wrong or insufficient one. */
export function authenticate(c: Context, params: FormParams, keys: Keys, access: Access): Access {
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
export function checkVersion(c: Context) {
  const asked = c.req.header('stripe-version')
  if (asked === undefined || asked === apiVersion) return
  const message = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(asked)
    ? `This fake Stripe answers only in API version ${apiVersion}, not ${asked}.`
    : `Invalid Stripe API version: ${asked}`
  throw new StripeApiError(400, { type: 'invalid_request_error', message }, false)
}
