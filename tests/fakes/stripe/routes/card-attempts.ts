/**
 * What the card network answers when an intent is confirmed with a card, per test card:
 * - approved: a PaymentIntent succeeds with a charge (a SetupIntent succeeds), and the card is
 *   kept on file when the intent named a Customer to keep it for;
 * - declined: HTTP 402 with the card_error, the intent back to requires_payment_method with the
 *   refusal in last_payment_error / last_setup_error and no payment method (a PaymentIntent also
 *   gets the failed charge and sends payment_intent.payment_failed);
 * - authentication: requires_action, next_action use_stripe_sdk (3-D Secure), until Stripe.js
 *   completes it (`completeAuthentication`) or the server cancels.
 */
import type Stripe from 'stripe'
import type { Account } from '../account'
import type { ApiCall } from '../api'
import type { CardOutcome, Decline, TestCard } from '../cards'
import { docUrl, StripeApiError } from '../errors'
import { cardCharge } from '../objects/charge'
import { newId } from '../store'
import { afterUse } from './payment-method-use'

type Request = ApiCall['request'] | undefined

function cardOf(account: Account, method: Stripe.PaymentMethod): TestCard {
  const card = account.store.cards.get(method.id)
  if (!card) throw new Error(`${method.id} não foi feito de um cartão de teste`)
  return card
}

function authenticationAction(account: Account, intentId: string): Stripe.PaymentIntent.NextAction {
  const source = newId('src')
  return {
    type: 'use_stripe_sdk',
    use_stripe_sdk: {
      type: 'three_d_secure_redirect',
      stripe_js: `${account.baseUrl}/_fake/3ds/${intentId}`,
      source,
    },
  }
}

/** Stripe's typings list the codes it knows; a test card's code is one of them. */
type ErrorCode = Stripe.PaymentIntent.LastPaymentError.Code & Stripe.SetupIntent.LastSetupError.Code

function refusal(decline: Decline, method: Stripe.PaymentMethod) {
  return {
    type: 'card_error' as const,
    code: decline.code as ErrorCode,
    decline_code: decline.declineCode,
    doc_url: docUrl(decline.code),
    message: decline.message,
    payment_method: structuredClone(method),
  }
}

function succeedPayment(
  account: Account,
  intent: Stripe.PaymentIntent,
  method: Stripe.PaymentMethod,
  request: Request,
) {
  const now = account.store.now()
  const plan = intent.payment_method_options?.card?.installments?.plan ?? null
  const charge = cardCharge({
    now,
    intent,
    method,
    card: cardOf(account, method),
    decline: undefined,
    plan,
  })
  account.store.charges.set(charge.id, charge)
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    latest_charge: charge.id,
    next_action: null,
    last_payment_error: null,
  } satisfies Partial<Stripe.PaymentIntent>)
  const customer = typeof intent.customer === 'string' ? intent.customer : null
  afterUse(account, method, intent.setup_future_usage ? customer : null)
  void account.webhooks.emit('payment_intent.succeeded', intent, request)
}

function declinePayment(
  account: Account,
  intent: Stripe.PaymentIntent,
  method: Stripe.PaymentMethod,
  decline: Decline,
  request: Request,
): never {
  const now = account.store.now()
  const card = cardOf(account, method)
  const charge = cardCharge({ now, intent, method, card, decline, plan: null })
  account.store.charges.set(charge.id, charge)
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    latest_charge: charge.id,
    next_action: null,
    last_payment_error: { ...refusal(decline, method), charge: charge.id },
  } satisfies Partial<Stripe.PaymentIntent>)
  void account.webhooks.emit('payment_intent.payment_failed', intent, request)
  throw new StripeApiError(402, {
    ...refusal(decline, method),
    charge: charge.id,
    payment_intent: structuredClone(intent),
  })
}

/** The PaymentIntent's confirm with a card: the test card decides. */
export function chargeCard(
  account: Account,
  intent: Stripe.PaymentIntent,
  method: Stripe.PaymentMethod,
  request: Request,
) {
  const outcome: CardOutcome = cardOf(account, method).charge
  if (outcome.kind === 'declined') declinePayment(account, intent, method, outcome.decline, request)
  if (outcome.kind === 'authenticate') {
    intent.status = 'requires_action'
    intent.next_action = authenticationAction(account, intent.id)
    return
  }
  succeedPayment(account, intent, method, request)
}

function succeedSetup(account: Account, setup: Stripe.SetupIntent, method: Stripe.PaymentMethod) {
  Object.assign(setup, {
    status: 'succeeded',
    latest_attempt: newId('setatt'),
    next_action: null,
    last_setup_error: null,
  } satisfies Partial<Stripe.SetupIntent>)
  afterUse(account, method, typeof setup.customer === 'string' ? setup.customer : null)
}

/** The SetupIntent's confirm: the issuer's zero-value check of the card. */
export function setupCard(
  account: Account,
  setup: Stripe.SetupIntent,
  method: Stripe.PaymentMethod,
) {
  const outcome = cardOf(account, method).setup
  if (outcome.kind === 'declined') {
    Object.assign(setup, {
      status: 'requires_payment_method',
      payment_method: null,
      latest_attempt: newId('setatt'),
      last_setup_error: refusal(outcome.decline, method),
    } satisfies Partial<Stripe.SetupIntent>)
    throw new StripeApiError(402, {
      ...refusal(outcome.decline, method),
      setup_intent: structuredClone(setup),
    })
  }
  if (outcome.kind === 'authenticate') {
    setup.status = 'requires_action'
    setup.next_action = authenticationAction(account, setup.id) as Stripe.SetupIntent.NextAction
    return
  }
  succeedSetup(account, setup, method)
}

/** The payer passed 3-D Secure in Stripe.js: the attempt goes on as the card allows it. */
export function completeAuthentication(
  account: Account,
  intent: Stripe.PaymentIntent | Stripe.SetupIntent,
  request: Request,
) {
  const methodId = intent.payment_method
  const method =
    typeof methodId === 'string' ? account.store.paymentMethods.get(methodId) : undefined
  if (!method) throw new Error(`${intent.id} sem forma de pagamento`)
  if (intent.object === 'setup_intent') succeedSetup(account, intent, method)
  else succeedPayment(account, intent, method, request)
}
