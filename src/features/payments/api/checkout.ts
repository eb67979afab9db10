import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  generatePix as generatePixOperation,
  getPaymentLink,
  payByBoleto,
  payByCard,
  pixStatus as pixStatusOperation,
  verifyPix as verifyPixOperation,
} from '../../../../contract/api/checkout'
import type { PixGenerateResponse } from '../../../../contract/payments'
import {
  type CardTokenRequest,
  cardTokenRequest,
  cardTokenResponse,
} from '../../../../contract/tokenizer'
import { type CallInput, call } from '../../../api/call'
import { ApiError, assertValid } from '../../../api/client'

/** The payment provider (spec §7 external calls); demo: the server's sandbox gateway. */
export const gatewayBase: string = import.meta.env.VITE_GATEWAY_URL ?? '/sandbox/gateway'

const messageBody = v.object({ message: v.string() })

/** Spec §7 GET /checkout/payment-link: open to anyone holding the link's code. */
export const paymentLinkQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['payment-link', code],
    queryFn: ({ signal }) => call(getPaymentLink, { query: { code } }, { signal }),
    // A link's amounts and state are read fresh each time the screen opens; never kept.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // Not again on coming back to the tab: a payment just approved (a Pix paid in the bank app,
    // a card's check in another window) would swap the screen for "Este link não pode ser pago"
    // before its own watch moves to the receipt. The server checks the link again on paying.
    refetchOnWindowFocus: false,
  })

/** Spec §7: pay by card or start a recurrence with the tokenizer's token. Answers the message. */
export async function payWithCard(body: CallInput<typeof payByCard>['body']) {
  const { message } = await call(payByCard, { body })
  return message
}

/** Spec §7 pix-boleto; beyond the spec the answer also carries the boletos to show. */
export const issueBoleto = (body: CallInput<typeof payByBoleto>['body']) =>
  call(payByBoleto, { body })

export const generatePix = (code: string) =>
  call(generatePixOperation, { body: { code, token: '1' } })

/** Beyond the spec: where the link's Pix stands, read from the server's records (cheap to poll). */
export const pixStatus = (code: string, txid: string, signal?: AbortSignal) =>
  call(pixStatusOperation, { query: { code, txid } }, { signal, timeoutMs: 10_000 })

/** Spec §7: the body is the stored response of the Pix generation. */
export const verifyPix = (generated: PixGenerateResponse) =>
  call(verifyPixOperation, { body: generated })

const tokenizerFailure = 'Não foi possível validar o cartão. Tente novamente.'

/**
 * Spec §7 card tokenizer: the card number and CVV go from the browser to the payment provider
 * only, with header CompanyId = gateway_id; our server receives the token (docs/design.md §6).
 */
export async function tokenizeCard(companyId: string, card: CardTokenRequest['card']) {
  assertValid(cardTokenRequest, { card })
  let response: Response
  try {
    response = await fetch(`${gatewayBase}/v1/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        CompanyId: companyId,
      },
      body: JSON.stringify({ card }),
      credentials: 'omit',
    })
  } catch {
    throw new ApiError(0, tokenizerFailure, null)
  }
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const message = v.is(messageBody, body) ? body.message : null
    throw new ApiError(response.status, message ?? tokenizerFailure, message)
  }
  const parsed = v.safeParse(cardTokenResponse, body)
  if (!parsed.success) throw new ApiError(response.status, tokenizerFailure, null)
  return parsed.output
}
