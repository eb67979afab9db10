/**
 * A PaymentIntent's confirmation: the payment method and options it brings, then the attempt —
 * a card is charged (card-attempts.ts), a boleto gets its voucher and waits for the payer's bank
 * (FakeStripe.payBoleto / expireBoleto).
 */
import type Stripe from 'stripe'
import type { Account } from '../account'
import type { ApiCall } from '../api'
import { boletoVoucher } from '../boleto'
import { invalidParam, unexpectedState } from '../errors'
import { cardOptions } from '../objects/payment-intent'
import { chargeCard } from './card-attempts'
import type { PaymentMethodOptionsParams } from './intent-params'
import { usablePaymentMethod } from './payment-method-use'

/** The confirm's options on the intent; an installment plan only ever at confirmation. */
export function applyOptions(
  intent: Stripe.PaymentIntent,
  options: PaymentMethodOptionsParams | undefined,
) {
  for (const type of Object.keys(options ?? {}))
    if (!intent.payment_method_types.includes(type))
      throw invalidParam(
        `payment_method_options[${type}]`,
        `payment_method_options[${type}] cannot be given: ${type} is not in this PaymentIntent's payment_method_types.`,
      )
  const current = intent.payment_method_options ?? {}
  const installments = options?.card?.installments
  if (installments)
    current.card = cardOptions({
      enabled: installments.enabled ?? true,
      plan: installments.plan ?? null,
    })
  const days = options?.boleto?.expires_after_days
  if (days !== undefined) {
    if (days < 0)
      throw invalidParam(
        'payment_method_options[boleto][expires_after_days]',
        'This value must be greater than or equal to 0.',
      )
    current.boleto = { ...current.boleto, expires_after_days: days }
  }
  intent.payment_method_options = current
}

const confirmable = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action'])

export function confirmIntent(
  account: Account,
  intent: Stripe.PaymentIntent,
  input: { payment_method?: string; payment_method_options?: PaymentMethodOptionsParams },
  request: ApiCall['request'],
) {
  if (!confirmable.has(intent.status))
    throw unexpectedState(
      'payment_intent_unexpected_state',
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.`,
      { payment_intent: structuredClone(intent) },
    )
  const customer = typeof intent.customer === 'string' ? intent.customer : null
  const types = intent.payment_method_types
  if (input.payment_method)
    intent.payment_method = usablePaymentMethod(account, input.payment_method, {
      kind: 'PaymentIntent',
      customer,
      types,
    }).id
  applyOptions(intent, input.payment_method_options)
  const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : undefined
  const method = methodId ? account.store.paymentMethods.get(methodId) : undefined
  if (!method)
    throw unexpectedState(
      'payment_intent_unexpected_state',
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      { payment_intent: structuredClone(intent) },
    )
  if (method.type === 'card') return chargeCard(account, intent, method, request)
  const now = account.store.now()
  const days = intent.payment_method_options?.boleto?.expires_after_days ?? 3
  const voucher = boletoVoucher(intent, now, days, account.baseUrl)
  account.store.vouchers.set(voucher.token, intent.id)
  intent.status = 'requires_action'
  intent.next_action = { type: 'boleto_display_details', boleto_display_details: voucher.details }
}
