/** SetupIntent objects (https://docs.stripe.com/api/setup_intents/object), for cards. */
import type Stripe from 'stripe'
import { newId, randomToken, unixTime } from '../store'

export interface SetupIntentInput {
  now: Date
  customer: string | null
  description: string | null
  metadata: Record<string, string>
  paymentMethod: string | null
  paymentMethodTypes: string[]
  usage: 'off_session' | 'on_session'
}

export function setupIntent(input: SetupIntentInput): Stripe.SetupIntent {
  const id = newId('seti')
  return {
    id,
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomToken(32)}`,
    created: unixTime(input.now),
    customer: input.customer,
    description: input.description,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: input.paymentMethodTypes.includes('card')
      ? { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } }
      : {},
    payment_method_types: input.paymentMethodTypes,
    single_use_mandate: null,
    status: input.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    usage: input.usage,
  }
}
