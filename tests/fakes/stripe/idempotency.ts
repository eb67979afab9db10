/**
 * Idempotency keys (https://docs.stripe.com/api/idempotent_requests): the first answer to a key
 * is kept (once the endpoint ran: success, decline or refusal by state) and given again, byte for
 * byte, to a request with the same key, endpoint and parameters; the same key with another
 * endpoint or other parameters is an idempotency_error.
 */
import { StripeApiError } from './errors'

export interface KeptAnswer {
  /** 'POST /v1/payment_intents' */
  endpoint: string
  /** The parameters, as the first request sent them. */
  fingerprint: string
  status: number
  body: string
  requestId: string
}

export type KeptAnswers = Map<string, KeptAnswer>

function idempotencyError(message: string) {
  return new StripeApiError(400, { type: 'idempotency_error', message }, false)
}

/** The answer to give again, if this key was used; throws if it was used for something else. */
export function keptAnswer(
  kept: KeptAnswers,
  key: string | undefined,
  endpoint: string,
  fingerprint: string,
): KeptAnswer | undefined {
  const first = key ? kept.get(key) : undefined
  if (!first) return undefined
  if (first.endpoint !== endpoint)
    throw idempotencyError(
      `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${first.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    )
  if (first.fingerprint !== fingerprint)
    throw idempotencyError(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    )
  return first
}
