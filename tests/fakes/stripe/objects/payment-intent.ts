/**
 * PaymentIntent objects (https://docs.stripe.com/api/payment_intents/object) as API version
 * 2024-04-10 creates them: capture_method automatic_async (that version's default), options for
 * each allowed method type, waiting for a payment method or for its confirmation.
 */
import type Stripe from 'stripe'
import { newId, randomToken, unixTime } from '../store'

export type InstallmentPlan = { count: number; interval: 'month'; type: 'fixed_count' }

export interface PaymentIntentInput {
  now: Date
  amount: number
  currency: string
  customer: string | null
  description: string | null
  metadata: Record<string, string>
  paymentMethod: string | null
  /** Undefined: every method the account takes, as automatic_payment_methods does. */
  paymentMethodTypes: string[] | undefined
  setupFutureUsage: 'off_session' | 'on_session' | null
  receiptEmail: string | null
  installmentsEnabled: boolean
  boletoExpiresAfterDays: number | undefined
}

/** The types the fake account takes when none are named. */
const accountMethodTypes = ['card', 'boleto']

export function cardOptions(
  installments: { enabled: boolean; plan: InstallmentPlan | null } | null,
): Stripe.PaymentIntent.PaymentMethodOptions.Card {
  return {
    installments: installments && { available_plans: [], ...installments },
    mandate_options: null,
    network: null,
    request_three_d_secure: 'automatic',
  }
}

export function paymentIntent(input: PaymentIntentInput): Stripe.PaymentIntent {
  const id = newId('pi')
  const types = input.paymentMethodTypes ?? accountMethodTypes
  const options: Stripe.PaymentIntent.PaymentMethodOptions = {}
  if (types.includes('card'))
    options.card = cardOptions(input.installmentsEnabled ? { enabled: true, plan: null } : null)
  if (types.includes('boleto'))
    options.boleto = { expires_after_days: input.boletoExpiresAfterDays ?? 3 }
  return {
    id,
    object: 'payment_intent',
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: input.paymentMethodTypes
      ? null
      : { allow_redirects: 'always', enabled: true },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: 'automatic',
    created: unixTime(input.now),
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    invoice: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: options,
    payment_method_types: types,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  }
}
