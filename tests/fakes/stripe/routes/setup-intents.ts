/**
 * SetupIntents for cards (https://docs.stripe.com/api/setup_intents): create (confirm=true runs
 * the issuer's check at once, and a card that passes is attached to the Customer), cancel.
 */
import type Stripe from 'stripe'
import * as v from 'valibot'
import type { Account } from '../account'
import type { ApiCall } from '../api'
import { invalidParam, unexpectedState } from '../errors'
import { expanded } from '../expand'
import { setupIntent } from '../objects/setup-intent'
import { boolean, metadata, oneOf, params, readParams, text } from '../params'
import { found } from '../store'
import { setupCard } from './card-attempts'
import { usablePaymentMethod } from './payment-method-use'

const createParams = params({
  confirm: v.optional(boolean),
  customer: v.optional(text),
  description: v.optional(text),
  metadata: v.optional(metadata),
  payment_method: v.optional(text),
  payment_method_types: v.optional(v.array(text)),
  usage: v.optional(oneOf(['off_session', 'on_session'])),
})

const cancelParams = params({
  cancellation_reason: v.optional(oneOf(['abandoned', 'duplicate', 'requested_by_customer'])),
})

export function createSetupIntent(account: Account, call: ApiCall): Stripe.SetupIntent {
  const input = readParams(createParams, call.params)
  const { store } = account
  const types = input.payment_method_types ?? ['card']
  if (types.some((type) => type !== 'card'))
    throw invalidParam('payment_method_types', 'This fake Stripe sets up cards only.')
  if (input.customer) found(store.customers, input.customer, 'customer', 'customer')
  const customer = input.customer ?? null
  const method = input.payment_method
    ? usablePaymentMethod(account, input.payment_method, { kind: 'SetupIntent', customer, types })
    : undefined
  const setup = setupIntent({
    now: store.now(),
    customer,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    paymentMethod: method?.id ?? null,
    paymentMethodTypes: types,
    usage: input.usage ?? 'off_session',
  })
  store.setupIntents.set(setup.id, setup)
  if (input.confirm) {
    if (!method)
      throw unexpectedState(
        'setup_intent_unexpected_state',
        "You cannot confirm this SetupIntent because it's missing a payment method.",
        { setup_intent: structuredClone(setup) },
      )
    setupCard(account, setup, method)
  }
  return expanded(account, setup, input.expand)
}

const cancelable = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action'])

export function cancelSetupIntent(account: Account, call: ApiCall): Stripe.SetupIntent {
  const input = readParams(cancelParams, call.params)
  const setup = found(account.store.setupIntents, call.path.intent ?? '', 'setup_intent', 'intent')
  if (!cancelable.has(setup.status))
    throw unexpectedState(
      'setup_intent_unexpected_state',
      `You cannot cancel this SetupIntent because it has a status of ${setup.status}. Only a SetupIntent with one of the following statuses may be canceled: requires_payment_method, requires_confirmation, requires_action.`,
      { setup_intent: structuredClone(setup) },
    )
  Object.assign(setup, {
    status: 'canceled',
    cancellation_reason: input.cancellation_reason ?? null,
    next_action: null,
  } satisfies Partial<Stripe.SetupIntent>)
  return expanded(account, setup, input.expand)
}
