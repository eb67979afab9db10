import { describe, expect, it } from 'vitest'
import { cardMessages } from '../../../contract/tokenizer'
import { declineMessage, stripeMessages } from './stripe-messages'

describe("declineMessage: Stripe's codes in the payer's words", () => {
  it.each([
    // The spec's own card messages where one fits (§5).
    [{ code: 'incorrect_number' }, cardMessages.number],
    [{ code: 'invalid_expiry_month' }, cardMessages.monthRange],
    [{ code: 'invalid_expiry_year' }, cardMessages.yearPast],
    [{ code: 'incorrect_cvc' }, cardMessages.cvv],
    [{ code: 'card_declined', decline_code: 'incorrect_cvc' }, cardMessages.cvv],
    [{ code: 'expired_card' }, stripeMessages.expired],
    [
      { code: 'card_declined', decline_code: 'insufficient_funds' },
      stripeMessages.insufficientFunds,
    ],
    [{ code: 'card_declined', decline_code: 'try_again_later' }, stripeMessages.tryAgain],
    [{ code: 'authentication_required' }, stripeMessages.authentication],
    // What would help a fraudster reads as a plain refusal.
    [{ code: 'card_declined', decline_code: 'stolen_card' }, stripeMessages.declined],
    [{ code: 'card_declined', decline_code: 'lost_card' }, stripeMessages.declined],
    [{ code: 'card_declined', decline_code: 'fraudulent' }, stripeMessages.declined],
    [{ code: 'card_declined', decline_code: 'generic_decline' }, stripeMessages.declined],
    [{ code: 'something_new' }, stripeMessages.declined],
    [{}, stripeMessages.declined],
  ])('%o', (error, message) => {
    expect(declineMessage(error)).toBe(message)
  })
})
