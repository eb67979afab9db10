/**
 * What happens to a boleto outside the API: the payer's bank pays it, or its date passes unpaid
 * (Stripe then asks for another payment method and says payment_intent.payment_failed).
 *
 * Paying can also be told to wait for the banks' clearing: the PaymentIntent is `processing`
 * (payment_intent.processing) until the next payBoleto settles it or expireBoleto fails it. This
 * is a control of the fake, for code that must hold on while Stripe says processing; Stripe's
 * test mode has no switch for it.
 */
import type Stripe from 'stripe'
import type { Account } from './account'
import { boletoCharge } from './objects/charge'
import { found } from './store'

export type BoletoPayment = {
  /** Processing now, succeeded at the next payBoleto (the clearing). */
  clearing?: boolean
}

function openBoleto(account: Account, intentId: string) {
  const intent = found(account.store.paymentIntents, intentId, 'payment_intent', 'intent')
  const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : ''
  const method = account.store.paymentMethods.get(methodId)
  const waiting =
    intent.next_action?.type === 'boleto_display_details' || intent.status === 'processing'
  if (!waiting || method?.type !== 'boleto')
    throw new Error(`${intentId} não é um boleto à espera de pagamento (status ${intent.status})`)
  return { intent, method }
}

/** Resolves once the event (succeeded, or processing) was offered to the webhook endpoint. */
export async function payBoleto(
  account: Account,
  intentId: string,
  payment: BoletoPayment = {},
): Promise<void> {
  const { intent, method } = openBoleto(account, intentId)
  if (payment.clearing) {
    Object.assign(intent, {
      status: 'processing',
      next_action: null,
    } satisfies Partial<Stripe.PaymentIntent>)
    await account.webhooks.emit('payment_intent.processing', intent)
    return
  }
  const charge = boletoCharge({ now: account.store.now(), intent, method })
  account.store.charges.set(charge.id, charge)
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    latest_charge: charge.id,
    next_action: null,
  } satisfies Partial<Stripe.PaymentIntent>)
  await account.webhooks.emit('payment_intent.succeeded', intent)
}

/** Resolves once payment_intent.payment_failed was offered to the webhook endpoint. */
export async function expireBoleto(account: Account, intentId: string): Promise<void> {
  const { intent, method } = openBoleto(account, intentId)
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    last_payment_error: {
      type: 'invalid_request_error',
      code: 'payment_intent_payment_attempt_expired',
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-payment-attempt-expired',
      message:
        'The payment attempt for this PaymentIntent has expired. A new payment method is required.',
      payment_method: structuredClone(method),
    },
  } satisfies Partial<Stripe.PaymentIntent>)
  await account.webhooks.emit('payment_intent.payment_failed', intent)
}
