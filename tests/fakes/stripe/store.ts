/**
 * The fake's whole account, in memory: the API objects exactly as they are answered (routes
 * change them in place and answer copies), plus what Stripe knows and never shows — which test
 * card a PaymentMethod was made from (never its number), and which PaymentMethods are used up.
 */
import { randomBytes } from 'node:crypto'
import type Stripe from 'stripe'
import type { TestCard } from './cards'
import { resourceMissing } from './errors'

export interface Store {
  paymentMethods: Map<string, Stripe.PaymentMethod>
  customers: Map<string, Stripe.Customer>
  paymentIntents: Map<string, Stripe.PaymentIntent>
  setupIntents: Map<string, Stripe.SetupIntent>
  charges: Map<string, Stripe.Charge>
  refunds: Map<string, Stripe.Refund>
  /** The test card behind each card PaymentMethod. */
  cards: Map<string, TestCard>
  /**
   * PaymentMethods used in a payment without a Customer: Stripe refuses them afterwards
   * ("previously used without being attached to a Customer").
   */
  consumed: Set<string>
  /** Boleto vouchers' hosted pages, by the token in their URL. */
  vouchers: Map<string, string>
  /** The clock of the objects' timestamps (seconds, as Stripe's `created`). */
  now: () => Date
}

export function createStore(now: () => Date): Store {
  return {
    paymentMethods: new Map(),
    customers: new Map(),
    paymentIntents: new Map(),
    setupIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    cards: new Map(),
    consumed: new Set(),
    vouchers: new Map(),
    now,
  }
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function randomToken(length: number): string {
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('')
}

/** Stripe's ids: a prefix naming the kind, then 24 letters and digits (pi_3P…, pm_1P…). */
export const newId = (prefix: string) => `${prefix}_${randomToken(24)}`

export const unixTime = (date: Date) => Math.floor(date.getTime() / 1000)

/** The object, or Stripe's 404 naming it and the parameter that pointed at it. */
export function found<T>(map: Map<string, T>, id: string, objectName: string, param: string): T {
  const object = map.get(id)
  if (!object) throw resourceMissing(objectName, id, param)
  return object
}
