/**
 * PaymentIntents (https://docs.stripe.com/api/payment_intents): create (and confirm at once with
 * confirm=true), retrieve (also with the publishable key and the client secret, as Stripe.js
 * does), confirm (intent-confirm.ts), cancel.
 */
import type Stripe from 'stripe'
import * as v from 'valibot'
import type { Account } from '../account'
import type { ApiCall } from '../api'
import { invalidParam, unexpectedState } from '../errors'
import { expanded } from '../expand'
import { paymentIntent } from '../objects/payment-intent'
import { boletoPaymentMethod } from '../objects/payment-method'
import { boolean, integer, metadata, oneOf, params, readParams, text } from '../params'
import { found, unixTime } from '../store'
import { boletoTaxId, checkBoletoPayer } from './boleto-payer'
import { applyOptions, confirmIntent } from './intent-confirm'
import { paymentMethodData, paymentMethodOptions } from './intent-params'
import { usablePaymentMethod } from './payment-method-use'

const acceptedTypes = ['card', 'boleto']

const createParams = params({
  amount: integer,
  currency: text,
  confirm: v.optional(boolean),
  customer: v.optional(text),
  description: v.optional(text),
  metadata: v.optional(metadata),
  payment_method: v.optional(text),
  payment_method_data: v.optional(paymentMethodData),
  payment_method_options: v.optional(paymentMethodOptions),
  payment_method_types: v.optional(v.array(text)),
  receipt_email: v.optional(text),
  setup_future_usage: v.optional(oneOf(['off_session', 'on_session'])),
})

const confirmParams = params({
  payment_method: v.optional(text),
  payment_method_options: v.optional(paymentMethodOptions),
})

const cancelParams = params({
  cancellation_reason: v.optional(
    oneOf(['abandoned', 'duplicate', 'fraudulent', 'requested_by_customer']),
  ),
})

const retrieveParams = params({ client_secret: v.optional(text) })

function checkAmount(amount: number, currency: string) {
  if (!/^[a-z]{3}$/.test(currency)) throw invalidParam('currency', `Invalid currency: ${currency}`)
  // Stripe's minimum charge in reais: R$0,50 (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
  if (currency === 'brl' && amount < 50)
    throw invalidParam('amount', 'Amount must be at least R$0.50 brl', 'amount_too_small')
  if (amount < 1) throw invalidParam('amount', 'This value must be greater than or equal to 1.')
  if (amount > 99_999_999)
    throw invalidParam('amount', 'Amount must be no more than 999,999.99', 'amount_too_large')
}

function checkTypes(types: string[] | undefined, currency: string) {
  for (const type of types ?? []) {
    if (!acceptedTypes.includes(type))
      throw invalidParam(
        'payment_method_types',
        `The payment method type "${type}" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.`,
      )
  }
  if (types?.includes('boleto') && currency !== 'brl')
    throw invalidParam(
      'currency',
      `The currency provided (${currency}) is invalid for one or more payment method types on this PaymentIntent. The payment method type boleto only supports: brl.`,
    )
}

function boletoFromData(account: Account, data: v.InferOutput<typeof paymentMethodData>) {
  checkBoletoPayer(data.billing_details, 'payment_method_data[billing_details]')
  const taxId = boletoTaxId(data.boleto?.tax_id, 'payment_method_data[boleto][tax_id]')
  const method = boletoPaymentMethod({
    now: account.store.now(),
    billing: data.billing_details,
    metadata: data.metadata,
    taxId,
  })
  account.store.paymentMethods.set(method.id, method)
  return method
}

export function createPaymentIntent(account: Account, call: ApiCall): Stripe.PaymentIntent {
  const input = readParams(createParams, call.params)
  const currency = input.currency.toLowerCase()
  checkAmount(input.amount, currency)
  checkTypes(input.payment_method_types, currency)
  const { store } = account
  if (input.customer) found(store.customers, input.customer, 'customer', 'customer')
  const plan = input.payment_method_options?.card?.installments?.plan
  if (plan && !input.confirm)
    throw invalidParam(
      'payment_method_options[card][installments][plan]',
      'The installment plan can only be provided during confirmation: give it to the confirm call, or create with confirm=true.',
    )
  if (input.payment_method && input.payment_method_data)
    throw invalidParam(
      'payment_method_data',
      'You cannot provide both payment_method and payment_method_data.',
    )
  const intent = paymentIntent({
    now: store.now(),
    amount: input.amount,
    currency,
    customer: input.customer ?? null,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    paymentMethod: null,
    paymentMethodTypes: input.payment_method_types,
    setupFutureUsage: input.setup_future_usage ?? null,
    receiptEmail: input.receipt_email ?? null,
    installmentsEnabled: input.payment_method_options?.card?.installments?.enabled === true,
    boletoExpiresAfterDays: undefined,
  })
  const methodId = input.payment_method_data
    ? boletoFromData(account, input.payment_method_data).id
    : input.payment_method
  if (methodId) {
    const method = usablePaymentMethod(account, methodId, {
      kind: 'PaymentIntent',
      customer: intent.customer as string | null,
      types: intent.payment_method_types,
    })
    intent.payment_method = method.id
    intent.status = 'requires_confirmation'
  }
  const { card, ...otherOptions } = input.payment_method_options ?? {}
  applyOptions(intent, { ...otherOptions, ...(card && !plan ? { card } : {}) })
  store.paymentIntents.set(intent.id, intent)
  if (input.confirm)
    confirmIntent(
      account,
      intent,
      { payment_method_options: input.payment_method_options },
      call.request,
    )
  return expanded(account, intent, input.expand)
}

function intentOf(account: Account, call: ApiCall): Stripe.PaymentIntent {
  return found(account.store.paymentIntents, call.path.intent ?? '', 'payment_intent', 'intent')
}

export function retrievePaymentIntent(account: Account, call: ApiCall): Stripe.PaymentIntent {
  const input = readParams(retrieveParams, call.params)
  const intent = intentOf(account, call)
  if (call.key === 'publishable' && input.client_secret !== intent.client_secret)
    throw invalidParam(
      'client_secret',
      input.client_secret === undefined
        ? 'A PaymentIntent is retrieved with a publishable key only together with its client_secret.'
        : 'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
    )
  return expanded(account, intent, input.expand)
}

export function confirmPaymentIntent(account: Account, call: ApiCall): Stripe.PaymentIntent {
  const input = readParams(confirmParams, call.params)
  const intent = intentOf(account, call)
  confirmIntent(account, intent, input, call.request)
  return expanded(account, intent, input.expand)
}

const cancelable = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
])

export function cancelPaymentIntent(account: Account, call: ApiCall): Stripe.PaymentIntent {
  const input = readParams(cancelParams, call.params)
  const intent = intentOf(account, call)
  if (!cancelable.has(intent.status))
    throw unexpectedState(
      'payment_intent_unexpected_state',
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action.`,
      { payment_intent: structuredClone(intent) },
    )
  Object.assign(intent, {
    status: 'canceled',
    canceled_at: unixTime(account.store.now()),
    cancellation_reason: input.cancellation_reason ?? null,
    next_action: null,
  } satisfies Partial<Stripe.PaymentIntent>)
  void account.webhooks.emit('payment_intent.canceled', intent, call.request)
  return expanded(account, intent, input.expand)
}
