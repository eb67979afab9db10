/**
 * What the payer's browser reaches besides the API: the Stripe.js stand-in (GET /v3/, loadable
 * from a page of another origin), a boleto's hosted voucher page, and the fake's stand-in for
 * Stripe.js's 3-D Secure challenge (POST /_fake/authenticate: the payer passed it).
 */
import { readFileSync } from 'node:fs'
import type { Context } from 'hono'
import type Stripe from 'stripe'
import * as v from 'valibot'
import { formatDigitableLine } from '../../../../contract/format'
import type { Account } from '../account'
import type { ApiCall } from '../api'
import { invalidParam, unexpectedState } from '../errors'
import { params, readParams, text } from '../params'
import { completeAuthentication } from './card-attempts'

const standIn = readFileSync(new URL('../stripe-js-stand-in.js', import.meta.url), 'utf8')

export function stripeJs(c: Context) {
  return c.body(standIn, 200, {
    'content-type': 'application/javascript; charset=utf-8',
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
    'cache-control': 'no-store',
  })
}

/** CORS preflight: Stripe's API answers browsers of any origin. */
export function preflight(c: Context) {
  return c.body(null, 204, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE',
    'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
    'access-control-max-age': '600',
  })
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export function voucherPage(account: Account, c: Context) {
  const intentId = account.store.vouchers.get(c.req.param('token') ?? '')
  const intent = intentId ? account.store.paymentIntents.get(intentId) : undefined
  const details = intent?.next_action?.boleto_display_details
  if (!intent || !details?.number) return c.text('Boleto não encontrado.', 404)
  const amount = (intent.amount / 100).toLocaleString('pt-BR', {
    style: 'currency',
    currency: 'BRL',
  })
  const expires = new Date((details.expires_at ?? 0) * 1000).toLocaleString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
  })
  return c.html(
    `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Boleto</title>` +
      `<h1>Boleto ${escapeHtml(amount)}</h1><p>Vence em ${escapeHtml(expires)}</p>` +
      `<p><code>${escapeHtml(formatDigitableLine(details.number))}</code></p></html>`,
  )
}

const authenticateParams = params({
  client_secret: text,
  /** Which button the payer pressed in Stripe's test challenge. */
  result: v.optional(v.picklist(['complete', 'fail'])),
})

export function authenticate(
  account: Account,
  call: ApiCall,
): Stripe.PaymentIntent | Stripe.SetupIntent {
  const input = readParams(authenticateParams, call.params)
  const id = input.client_secret.replace(/_secret_.*$/, '')
  const { store } = account
  const intent = id.startsWith('seti_') ? store.setupIntents.get(id) : store.paymentIntents.get(id)
  if (!intent || intent.client_secret !== input.client_secret)
    throw invalidParam('client_secret', 'No intent has this client_secret.')
  if (intent.status !== 'requires_action' || intent.next_action?.type !== 'use_stripe_sdk')
    throw unexpectedState(
      intent.object === 'setup_intent'
        ? 'setup_intent_unexpected_state'
        : 'payment_intent_unexpected_state',
      `There is no authentication to complete: the intent has a status of ${intent.status}.`,
      intent.object === 'setup_intent'
        ? { setup_intent: structuredClone(intent) }
        : { payment_intent: structuredClone(intent) },
    )
  if (input.result === 'fail') {
    failAuthentication(intent)
    if (intent.object === 'payment_intent')
      void account.webhooks.emit('payment_intent.payment_failed', intent, call.request)
    return structuredClone(intent)
  }
  completeAuthentication(account, intent, call.request)
  return structuredClone(intent)
}

/** The payer failed 3-D Secure: the intent asks for another payment method. */
function failAuthentication(intent: Stripe.PaymentIntent | Stripe.SetupIntent) {
  const error = {
    type: 'invalid_request_error' as const,
    code: 'payment_intent_authentication_failure' as const,
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  }
  intent.status = 'requires_payment_method'
  intent.next_action = null
  intent.payment_method = null
  if (intent.object === 'setup_intent')
    intent.last_setup_error = { ...error, code: 'setup_intent_authentication_failure' }
  else intent.last_payment_error = error
}
