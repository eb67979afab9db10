import { describe, expect, it } from 'vitest'
import { cardMessages } from '../../../../contract/tokenizer'
import {
  type ElementState,
  emptyElement,
  firstStripeCardError,
  type StripeCardState,
} from './stripe-card-validation'

const complete: ElementState = { empty: false, complete: true }
const typing = (error?: string): ElementState => ({ empty: false, complete: false, error })
const filled: StripeCardState = {
  cardNumber: complete,
  cardExpiry: complete,
  cardCvc: complete,
  cardHolder: 'ANA P SOUZA',
}

describe('firstStripeCardError: the spec §5 order, from what Stripe says of its fields', () => {
  it.each<[string, Partial<StripeCardState>, string | null]>([
    ['everything filled', {}, null],
    ['no expiry', { cardExpiry: emptyElement }, cardMessages.monthEmpty],
    ['month 13', { cardExpiry: typing('invalid_expiry_month') }, cardMessages.monthRange],
    ['only the month', { cardExpiry: typing('incomplete_expiry') }, cardMessages.yearFull],
    ['an unknown year', { cardExpiry: typing('invalid_expiry_year') }, cardMessages.yearFull],
    ['a past year', { cardExpiry: typing('invalid_expiry_year_past') }, cardMessages.yearPast],
    ['a past month', { cardExpiry: typing('invalid_expiry_month_past') }, cardMessages.yearPast],
    ['no holder', { cardHolder: '  ' }, cardMessages.holder],
    ['no number', { cardNumber: emptyElement }, cardMessages.number],
    ['a short number', { cardNumber: typing('incomplete_number') }, cardMessages.number],
    ['a number failing Luhn', { cardNumber: typing('invalid_number') }, cardMessages.number],
    ['a short CVC', { cardCvc: typing('incomplete_cvc') }, cardMessages.cvv],
    ['no CVC', { cardCvc: emptyElement }, cardMessages.cvv],
    // The order: expiry before holder before number before CVC.
    [
      'nothing at all',
      { cardNumber: emptyElement, cardExpiry: emptyElement, cardCvc: emptyElement, cardHolder: '' },
      cardMessages.monthEmpty,
    ],
    [
      'holder and number missing',
      { cardNumber: emptyElement, cardHolder: '' },
      cardMessages.holder,
    ],
  ])('%s', (_, change, expected) => {
    expect(firstStripeCardError({ ...filled, ...change })).toBe(expected)
  })
})
