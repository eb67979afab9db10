/**
 * `expand[]`: an id in the answer replaced by its object (https://docs.stripe.com/expand), for
 * the references the portal may follow; anything else is refused as Stripe refuses a property it
 * cannot expand.
 */
import type { Account } from './account'
import { invalidParam } from './errors'

type Expandable = Record<string, unknown>

export function expanded<T extends object>(account: Account, object: T, paths: string[] = []): T {
  const copy = structuredClone(object)
  const fields = copy as Expandable
  const { store } = account
  const lookups: Record<string, Map<string, unknown>> = {
    latest_charge: store.charges,
    payment_method: store.paymentMethods,
    customer: store.customers,
    charge: store.charges,
    payment_intent: store.paymentIntents,
  }
  for (const path of paths) {
    const lookup = lookups[path]
    if (!lookup || !(path in fields))
      throw invalidParam('expand', `This property cannot be expanded (${path}).`)
    const id = fields[path]
    if (typeof id === 'string') fields[path] = structuredClone(lookup.get(id)) ?? id
  }
  return copy
}
