/** Customer objects (https://docs.stripe.com/api/customers/object). */
import type Stripe from 'stripe'
import { newId, randomToken, unixTime } from '../store'

export interface CustomerInput {
  now: Date
  name?: string
  email?: string
  phone?: string
  description?: string
  metadata?: Record<string, string>
}

export function customer(input: CustomerInput): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: unixTime(input.now),
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description ?? null,
    discount: null,
    email: input.email ?? null,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata ?? {},
    name: input.name ?? null,
    next_invoice_sequence: 1,
    phone: input.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  }
}
