/**
 * Stripe's error answers, `{ error: { type, code?, decline_code?, message, param?, … } }`, with
 * Stripe's statuses: 400 a bad parameter or a state that forbids the call, 401 the key, 402 a
 * card the issuer refused, 404 an id nobody made. Messages are Stripe's own wording where we know
 * it (https://docs.stripe.com/error-codes, https://docs.stripe.com/declines/codes).
 */
import type Stripe from 'stripe'

export type ErrorBody = {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error'
  message: string
  code?: string
  decline_code?: string
  param?: string
  doc_url?: string
  charge?: string
  payment_intent?: Stripe.PaymentIntent
  payment_method?: Stripe.PaymentMethod
  setup_intent?: Stripe.SetupIntent
  request_log_url?: string
}

export class StripeApiError extends Error {
  override name = 'StripeApiError'
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /**
     * Stripe keeps an idempotent answer only once the endpoint started executing: a request
     * refused for its parameters can be sent again, fixed, with the same key.
     */
    readonly kept = true,
  ) {
    super(body.message)
  }
}

export const docUrl = (code: string) =>
  `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`

/** A parameter Stripe refuses before doing anything: not kept under its idempotency key. */
export function invalidParam(param: string | undefined, message: string, code?: string) {
  return new StripeApiError(
    400,
    {
      type: 'invalid_request_error',
      message,
      ...(param ? { param } : {}),
      ...(code ? { code, doc_url: docUrl(code) } : {}),
    },
    false,
  )
}

/** `No such payment_intent: 'pi_…'`, as Stripe names the object and the parameter. */
export function resourceMissing(objectName: string, id: string, param: string) {
  return new StripeApiError(
    404,
    {
      type: 'invalid_request_error',
      code: 'resource_missing',
      doc_url: docUrl('resource_missing'),
      message: `No such ${objectName}: '${id}'`,
      param,
    },
    false,
  )
}

/** The object's status forbids the call (a succeeded PaymentIntent cannot be cancelled). */
export function unexpectedState(
  code: 'payment_intent_unexpected_state' | 'setup_intent_unexpected_state',
  message: string,
  object: { payment_intent: Stripe.PaymentIntent } | { setup_intent: Stripe.SetupIntent },
) {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code,
    doc_url: docUrl(code),
    message,
    ...object,
  })
}

/** Any other refusal that Stripe keeps under the idempotency key (it ran, and said no). */
export function refused(message: string, options: { code?: string; param?: string } = {}) {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(options.code ? { code: options.code, doc_url: docUrl(options.code) } : {}),
    ...(options.param ? { param: options.param } : {}),
  })
}

export function unauthorized(message: string) {
  return new StripeApiError(401, { type: 'invalid_request_error', message }, false)
}
