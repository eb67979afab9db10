/**
 * Whether a PaymentMethod may pay this intent, by Stripe's rules: its type is one the intent
 * allows; one used in a payment without a Customer is used up; one attached to a Customer is
 * used only with that Customer. And attaching: what keeps a card on file.
 */
import type Stripe from 'stripe'
import type { Account } from '../account'
import { invalidParam } from '../errors'
import { found } from '../store'

export function usablePaymentMethod(
  account: Account,
  id: string,
  intent: { kind: 'PaymentIntent' | 'SetupIntent'; customer: string | null; types: string[] },
  param = 'payment_method',
): Stripe.PaymentMethod {
  const { store } = account
  const method = found(store.paymentMethods, id, 'payment_method', param)
  if (!intent.types.includes(method.type))
    throw invalidParam(
      param,
      `The PaymentMethod provided (${method.type}) is not allowed for this ${intent.kind}. Please attach a PaymentMethod of one of the following types: ${intent.types.join(', ')}. Alternatively update the allowed payment_method_types for this ${intent.kind} to include "${method.type}".`,
    )
  if (store.consumed.has(id))
    throw invalidParam(
      param,
      'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
    )
  const owner = method.customer
  if (owner && owner !== intent.customer)
    throw invalidParam(
      param,
      intent.customer
        ? `The provided PaymentMethod belongs to Customer ${owner}, not to ${intent.customer}.`
        : `The provided PaymentMethod is attached to Customer ${owner}: pass customer=${owner} to use it.`,
    )
  return method
}

/** After a successful payment or setup: on file for the Customer, or used up without one. */
export function afterUse(account: Account, method: Stripe.PaymentMethod, keepFor: string | null) {
  if (method.card?.checks) method.card.checks.cvc_check = 'pass'
  if (keepFor) method.customer = keepFor
  else if (!method.customer) account.store.consumed.add(method.id)
}
