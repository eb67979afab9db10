/** POST /v1/customers — a contract's Customer, whose cards on file hang from it. */
import type Stripe from 'stripe'
import * as v from 'valibot'
import type { Account } from '../account'
import type { ApiCall } from '../api'
import { invalidParam } from '../errors'
import { expanded } from '../expand'
import { customer } from '../objects/customer'
import { metadata, params, readParams, text } from '../params'

const createParams = params({
  name: v.optional(text),
  email: v.optional(text),
  phone: v.optional(text),
  description: v.optional(text),
  metadata: v.optional(metadata),
})

export function createCustomer(account: Account, call: ApiCall): Stripe.Customer {
  const input = readParams(createParams, call.params)
  if (input.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email))
    throw invalidParam('email', `Invalid email address: ${input.email}`)
  const made = customer({ now: account.store.now(), ...input })
  account.store.customers.set(made.id, made)
  return expanded(account, made, input.expand)
}
