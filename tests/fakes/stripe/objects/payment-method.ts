/**
 * PaymentMethod objects (https://docs.stripe.com/api/payment_methods/object): a card made from a
 * test card (never its number: last4, fingerprint), or a boleto payer (name, e-mail, address,
 * CPF/CNPJ).
 */
import type Stripe from 'stripe'
import type { TestCard } from '../cards'
import type { BillingDetailsParams } from '../params'
import { newId, unixTime } from '../store'

/** Every field present, null when not given, as Stripe answers it. */
export function billingDetails(params?: BillingDetailsParams): Stripe.PaymentMethod.BillingDetails {
  const address = params?.address
  return {
    address: {
      city: address?.city ?? null,
      country: address?.country ?? null,
      line1: address?.line1 ?? null,
      line2: address?.line2 ?? null,
      postal_code: address?.postal_code ?? null,
      state: address?.state ?? null,
    },
    email: params?.email ?? null,
    name: params?.name ?? null,
    phone: params?.phone ?? null,
  }
}

const displayBrand: Record<TestCard['brand'], string> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'american_express',
}

interface Common {
  now: Date
  billing: BillingDetailsParams | undefined
  metadata: Record<string, string> | undefined
}

function common(input: Common) {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(input.billing),
    created: unixTime(input.now),
    customer: null,
    livemode: false,
    metadata: input.metadata ?? {},
  } as const
}

export function cardPaymentMethod(
  input: Common & { card: TestCard; expMonth: number; expYear: number },
): Stripe.PaymentMethod {
  const { card } = input
  return {
    ...common(input),
    type: 'card',
    card: {
      brand: card.brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: 'unchecked',
      },
      country: card.country,
      display_brand: displayBrand[card.brand],
      exp_month: input.expMonth,
      exp_year: input.expYear,
      fingerprint: card.fingerprint,
      funding: card.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
  }
}

export function boletoPaymentMethod(input: Common & { taxId: string }): Stripe.PaymentMethod {
  return { ...common(input), type: 'boleto', boleto: { tax_id: input.taxId } }
}
