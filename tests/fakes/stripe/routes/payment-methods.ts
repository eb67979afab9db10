/**
 * POST /v1/payment_methods — what Stripe.js calls with the card the payer typed (publishable
 * key): the number is checked as Stripe checks it (Luhn, a test card in test mode, expiry,
 * CVC) and only its last four digits and fingerprint are kept.
 * GET /v1/payment_methods/:payment_method — the server reads a card back by its pm_… id.
 */
import type Stripe from 'stripe'
import * as v from 'valibot'
import type { Account } from '../account'
import type { ApiCall } from '../api'
import { fullYear, passesLuhn, type TestCard, testCard } from '../cards'
import { docUrl, invalidParam, StripeApiError } from '../errors'
import { expanded } from '../expand'
import { boletoPaymentMethod, cardPaymentMethod } from '../objects/payment-method'
import { billingDetailsParams, integer, metadata, oneOf, params, readParams, text } from '../params'
import { found } from '../store'
import { boletoTaxId, checkBoletoPayer } from './boleto-payer'

const createParams = params({
  type: oneOf(['card', 'boleto']),
  card: v.optional(
    v.strictObject({
      number: text,
      exp_month: integer,
      exp_year: integer,
      cvc: v.optional(text),
    }),
  ),
  boleto: v.optional(v.strictObject({ tax_id: text })),
  billing_details: v.optional(billingDetailsParams),
  metadata: v.optional(metadata),
})

/** A card the issuer side refuses at once: 402, as Stripe answers a bad number or date. */
function cardError(code: string, message: string, param: string, declineCode?: string) {
  return new StripeApiError(402, {
    type: 'card_error',
    code,
    ...(declineCode ? { decline_code: declineCode } : {}),
    doc_url: docUrl(code),
    message,
    param,
  })
}

type CardParams = NonNullable<v.InferOutput<typeof createParams>['card']>

function checkedCard(card: CardParams, now: Date): { test: TestCard; year: number } {
  const number = card.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(number))
    throw cardError('invalid_number', 'Your card number is incorrect.', 'card[number]')
  if (!passesLuhn(number))
    throw cardError('incorrect_number', 'Your card number is incorrect.', 'card[number]')
  const test = testCard(number)
  if (!test)
    throw cardError(
      'card_declined',
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      'card[number]',
      'test_mode_live_card',
    )
  const year = fullYear(card.exp_year)
  const thisYear = now.getUTCFullYear()
  if (card.exp_month < 1 || card.exp_month > 12)
    throw cardError(
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
      'card[exp_month]',
    )
  if (year < thisYear || year > thisYear + 50)
    throw cardError(
      'invalid_expiry_year',
      "Your card's expiration year is invalid.",
      'card[exp_year]',
    )
  if (year === thisYear && card.exp_month < now.getUTCMonth() + 1)
    throw cardError(
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
      'card[exp_month]',
    )
  const cvcLength = test.brand === 'amex' ? 4 : 3
  if (card.cvc !== undefined && !new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc))
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'card[cvc]')
  return { test, year }
}

export function createPaymentMethod(account: Account, call: ApiCall): Stripe.PaymentMethod {
  const input = readParams(createParams, call.params)
  const now = account.store.now()
  const common = { now, billing: input.billing_details, metadata: input.metadata }
  let method: Stripe.PaymentMethod
  if (input.type === 'card') {
    if (!input.card) throw invalidParam('card', 'Missing required param: card.')
    const { test, year } = checkedCard(input.card, now)
    method = cardPaymentMethod({
      ...common,
      card: test,
      expMonth: input.card.exp_month,
      expYear: year,
    })
    account.store.cards.set(method.id, test)
  } else {
    checkBoletoPayer(input.billing_details, 'billing_details')
    const taxId = boletoTaxId(input.boleto?.tax_id, 'boleto[tax_id]')
    method = boletoPaymentMethod({ ...common, taxId })
  }
  account.store.paymentMethods.set(method.id, method)
  return expanded(account, method, input.expand)
}

const retrieveParams = params({})

export function retrievePaymentMethod(account: Account, call: ApiCall): Stripe.PaymentMethod {
  const input = readParams(retrieveParams, call.params)
  const id = call.path.payment_method ?? ''
  const method = found(account.store.paymentMethods, id, 'payment_method', 'payment_method')
  return expanded(account, method, input.expand)
}
