/**
 * What the payer reads when Stripe refuses a card: the spec's card messages where one fits
 * (spec §5), else a plain Portuguese sentence. Stripe's English message is never shown; a
 * reason that helps fraud (lost, stolen, fraudulent) reads as the issuer's plain refusal.
 * Codes: https://docs.stripe.com/declines/codes and https://docs.stripe.com/error-codes
 */
import { cardMessages } from '../../../contract/tokenizer'

export const stripeMessages = {
  declined: 'Transação recusada pelo emissor do cartão.',
  insufficientFunds: 'Transação recusada: saldo ou limite insuficiente.',
  expired: 'Cartão vencido.',
  tryAgain: 'O emissor do cartão não respondeu. Tente novamente em alguns minutos.',
  authentication:
    'O banco emissor pediu uma autenticação que este portal ainda não faz. Use outro cartão ou outra forma de pagamento.',
  notAccepted: 'Este cartão não é aceito. Use outro cartão.',
  voided: 'Cobrança anulada: a referência foi encerrada antes da confirmação do cartão.',
  installmentsRefused: 'Este cartão não aceita pagamento parcelado. Escolha pagar à vista.',
} as const

/** By the error's `code` (Stripe's error codes). */
const byCode: Record<string, string> = {
  incorrect_number: cardMessages.number,
  invalid_number: cardMessages.number,
  incomplete_number: cardMessages.number,
  invalid_expiry_month: cardMessages.monthRange,
  invalid_expiry_year: cardMessages.yearPast,
  expired_card: stripeMessages.expired,
  incorrect_cvc: cardMessages.cvv,
  invalid_cvc: cardMessages.cvv,
  incomplete_cvc: cardMessages.cvv,
  processing_error: stripeMessages.tryAgain,
  authentication_required: stripeMessages.authentication,
  card_decline_rate_limit_exceeded: stripeMessages.tryAgain,
  payment_method_not_available: stripeMessages.notAccepted,
  invalid_card_type: stripeMessages.notAccepted,
}

/** By the issuer's `decline_code` when the code is card_declined. */
const byDeclineCode: Record<string, string> = {
  insufficient_funds: stripeMessages.insufficientFunds,
  card_velocity_exceeded: stripeMessages.insufficientFunds,
  withdrawal_count_limit_exceeded: stripeMessages.insufficientFunds,
  expired_card: stripeMessages.expired,
  incorrect_number: cardMessages.number,
  invalid_number: cardMessages.number,
  incorrect_cvc: cardMessages.cvv,
  invalid_cvc: cardMessages.cvv,
  invalid_expiry_month: cardMessages.monthRange,
  invalid_expiry_year: cardMessages.yearPast,
  processing_error: stripeMessages.tryAgain,
  issuer_not_available: stripeMessages.tryAgain,
  try_again_later: stripeMessages.tryAgain,
  reenter_transaction: stripeMessages.tryAgain,
  authentication_required: stripeMessages.authentication,
  card_not_supported: stripeMessages.notAccepted,
  currency_not_supported: stripeMessages.notAccepted,
  transaction_not_allowed: stripeMessages.notAccepted,
  invalid_account: stripeMessages.notAccepted,
}

/** A Stripe card error (or a PaymentIntent's last_payment_error) in the payer's words. */
export function declineMessage(error: {
  code?: string | null
  decline_code?: string | null
}): string {
  if (error.code === 'card_declined' || error.decline_code) {
    const known = error.decline_code ? byDeclineCode[error.decline_code] : undefined
    if (known) return known
  }
  return (error.code ? byCode[error.code] : undefined) ?? stripeMessages.declined
}
