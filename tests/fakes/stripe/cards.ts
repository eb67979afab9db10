/**
 * Stripe's test cards (https://docs.stripe.com/testing) and what each does when charged or set
 * up. Any other number that passes Luhn is a real card, which test mode refuses.
 */
import { createHash } from 'node:crypto'

export type Decline = {
  code: string
  declineCode: string
  message: string
}

export type CardOutcome =
  | { kind: 'approved' }
  | { kind: 'declined'; decline: Decline }
  /** 3-D Secure: requires_action with next_action use_stripe_sdk. */
  | { kind: 'authenticate' }

export interface TestCard {
  brand: 'visa' | 'mastercard' | 'amex'
  funding: 'credit' | 'debit'
  country: string
  last4: string
  /** Stripe's fingerprint: the same number gives the same one. */
  fingerprint: string
  /** On a PaymentIntent's confirm. */
  charge: CardOutcome
  /** On a SetupIntent's confirm (the issuer's zero-value check). */
  setup: CardOutcome
}

const approved: CardOutcome = { kind: 'approved' }
const authenticate: CardOutcome = { kind: 'authenticate' }

const declined = (code: string, declineCode: string, message: string): CardOutcome => ({
  kind: 'declined',
  decline: { code, declineCode, message },
})

const genericDecline = declined('card_declined', 'generic_decline', 'Your card was declined.')

type Row = [number: string, brand: TestCard['brand'], charge: CardOutcome, setup?: CardOutcome]

const rows: Row[] = [
  ['4242424242424242', 'visa', approved],
  ['4000056655665556', 'visa', approved],
  ['4000000760000002', 'visa', approved],
  ['5555555555554444', 'mastercard', approved],
  ['2223003122003222', 'mastercard', approved],
  ['5200828282828210', 'mastercard', approved],
  ['378282246310005', 'amex', approved],
  ['4000000000000002', 'visa', genericDecline],
  [
    '4000000000009995',
    'visa',
    declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  ],
  ['4000000000009987', 'visa', declined('card_declined', 'lost_card', 'Your card was declined.')],
  ['4000000000009979', 'visa', declined('card_declined', 'stolen_card', 'Your card was declined.')],
  ['4000000000000069', 'visa', declined('expired_card', 'expired_card', 'Your card has expired.')],
  [
    '4000000000000127',
    'visa',
    declined('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
  ],
  [
    '4000000000000119',
    'visa',
    declined(
      'processing_error',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ),
  ],
  // Attaching it to a Customer succeeds; charging it later fails.
  ['4000000000000341', 'visa', genericDecline, approved],
  ['4000002500003155', 'visa', authenticate],
  ['4000002760003184', 'visa', authenticate],
]

const debit = new Set(['4000056655665556', '5200828282828210'])
const brazilian = new Set(['4000000760000002'])

export const fingerprintOf = (number: string) =>
  createHash('sha256').update(`fake-stripe:${number}`).digest('base64url').slice(0, 16)

const testCards = new Map<string, TestCard>(
  rows.map(([number, brand, charge, setup]) => [
    number,
    {
      brand,
      funding: debit.has(number) ? 'debit' : 'credit',
      country: brazilian.has(number) ? 'BR' : 'US',
      last4: number.slice(-4),
      fingerprint: fingerprintOf(number),
      charge,
      setup: setup ?? charge,
    },
  ]),
)

export const testCard = (number: string): TestCard | undefined => testCards.get(number)

export function passesLuhn(number: string): boolean {
  let sum = 0
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return number.length >= 12 && sum % 10 === 0
}

/** Card expiry: Stripe takes a two- or four-digit year and answers four. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year
}
