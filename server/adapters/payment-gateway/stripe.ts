/**
 * Stripe as the card and boleto gateway (decision 016), through Stripe's official Node SDK
 * pinned to API version 2024-04-10 (the OpenAPI document its tests check every call against).
 *
 * - Card: the browser's Stripe.js turns the card into a PaymentMethod (pm_…); the number never
 *   reaches us. A charge is a PaymentIntent created unconfirmed with our reference in its
 *   metadata, remembered in gateway_objects, then confirmed: money moves only in the confirm,
 *   and only for a PaymentIntent we can look up again.
 * - Recurrence: the same, with the contract's Customer and setup_future_usage=off_session, so
 *   the card stays on file for the next charges. A card swap is a SetupIntent confirmed on the
 *   new card (verified by the issuer, nothing charged) before it replaces the old one.
 * - Boleto: a PaymentIntent per boleto; its linha digitável is next_action.boleto_display_details.
 *   Stripe takes no boleto refunds, so money to give back is left to a person.
 * - Notifications: Stripe's signed events (Stripe-Signature), verified by the SDK; only the
 *   reference is taken from them, the state is read back.
 * Every create carries an idempotency key made from our reference, so a retry is the same call.
 */
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import type { StripeConfig } from '../../config'
import type { Database } from '../../db/client'
import { gatewayObjects } from '../../db/schema'
import type { Logger } from '../../logger'
import { barcodeFromDigitableLine } from './boleto-line'
import {
  type BoletoState,
  type CardChargeResult,
  type CardOwner,
  NotificationSignatureError,
  OutcomePendingError,
  type PaymentGateway,
  RefundUnsupportedError,
} from './index'
import { declineMessage, stripeMessages } from './stripe-messages'

/** The API version of the SDK and of the OpenAPI document the tests hold it to. */
export const stripeApiVersion = '2024-04-10'

/** Past this, a bank authentication nobody finished is given up (the PaymentIntent cancelled). */
const ACTION_GIVEN_UP_MS = 15 * 60_000

/** Events that can change what a reference of ours is worth. */
const settlingEvents = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
])

const DAY_MS = 86_400_000
/** São Paulo has kept UTC−3 all year since 2019. */
const todayInSaoPaulo = (now: Date) =>
  new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 10)

export interface StripeGatewayDeps {
  config: StripeConfig
  db: Database
  now: () => Date
  logger: Logger
}

/** host, port and protocol for the SDK from STRIPE_API_URL (tests: a local fake). */
function apiLocation(apiUrl: string | undefined) {
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  } as const
}

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError

const missing = (error: unknown) =>
  isStripeError(error) && (error.statusCode === 404 || error.code === 'resource_missing')

export function createStripeGateway(deps: StripeGatewayDeps): PaymentGateway {
  const { config, db } = deps
  const stripe = new Stripe(config.secretKey, {
    apiVersion: stripeApiVersion,
    ...apiLocation(config.apiUrl),
    // The SDK retries connection failures and 409/5xx with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Portal do Titular' },
  })

  async function remember(reference: string, objectId: string) {
    await db
      .insert(gatewayObjects)
      .values({ reference, gateway: 'stripe', objectId, createdAt: deps.now() })
      .onConflictDoNothing()
  }

  /** What a closed reference is remembered as: nothing may be charged under it any more. */
  const VOIDED = 'void'

  async function recall(reference: string): Promise<string | undefined> {
    const [row] = await db
      .select({ objectId: gatewayObjects.objectId })
      .from(gatewayObjects)
      .where(eq(gatewayObjects.reference, reference))
    return row?.objectId
  }

  /** The contract's Customer, created once (its cards on file hang from it). */
  async function customerFor(owner: CardOwner): Promise<string> {
    const reference = `customer:${owner.contractId}`
    const known = await recall(reference)
    if (known) return known
    const customer = await stripe.customers.create(
      {
        name: owner.name,
        ...(owner.email ? { email: owner.email } : {}),
        metadata: { contract_id: owner.contractId },
      },
      { idempotencyKey: `portal-customer-${owner.contractId}` },
    )
    await remember(reference, customer.id)
    return (await recall(reference)) ?? customer.id
  }

  /** What a card PaymentIntent came to; undefined when it was never confirmed. */
  async function cardOutcome(intent: Stripe.PaymentIntent): Promise<CardChargeResult | undefined> {
    switch (intent.status) {
      case 'succeeded':
        return { approved: true, gatewayRef: intent.id }
      case 'canceled':
        return { approved: false, message: stripeMessages.voided }
      case 'requires_payment_method':
        return intent.last_payment_error
          ? { approved: false, message: declineMessage(intent.last_payment_error) }
          : undefined
      case 'requires_confirmation':
        return undefined
      case 'requires_action': {
        // A bank authentication (3-D Secure) this portal does not run: given up after a while.
        const age = deps.now().getTime() - intent.created * 1000
        if (age < ACTION_GIVEN_UP_MS) throw new OutcomePendingError(intent.id)
        await stripe.paymentIntents.cancel(intent.id).catch(() => undefined)
        return { approved: false, message: stripeMessages.authentication }
      }
      default:
        // processing, requires_capture: the card network has not settled it yet.
        throw new OutcomePendingError(`${intent.id} ${intent.status}`)
    }
  }

  const gateway: PaymentGateway = {
    name: 'Stripe',
    cardEntry: {
      kind: 'stripe',
      publishable_key: config.publishableKey,
      js_url: config.jsUrl,
    },

    async notification(body, header) {
      let event: Stripe.Event
      try {
        event = await stripe.webhooks.constructEventAsync(
          body,
          header('stripe-signature') ?? '',
          config.webhookSecret,
        )
      } catch (error) {
        throw new NotificationSignatureError(
          error instanceof Error ? error.message : 'assinatura da Stripe inválida',
        )
      }
      if (!settlingEvents.has(event.type)) return []
      const intent = event.data.object as Stripe.PaymentIntent
      const reference = intent.metadata?.reference
      return reference ? [reference] : []
    },

    async findCard(_companyId, token) {
      if (!/^pm_[A-Za-z0-9]+$/.test(token)) return undefined
      let method: Stripe.PaymentMethod
      try {
        method = await stripe.paymentMethods.retrieve(token)
      } catch (error) {
        if (missing(error)) return undefined
        throw error
      }
      if (method.type !== 'card' || !method.card) return undefined
      return {
        token: method.id,
        brand: method.card.brand,
        // Stripe does not disclose a card's first digits.
        firstSix: '',
        lastFour: method.card.last4,
        holder: method.billing_details.name ?? '',
        expiry: `${String(method.card.exp_month).padStart(2, '0')}/${method.card.exp_year}`,
      }
    },

    async chargeCard(charge) {
      const customer = charge.keepFor ? await customerFor(charge.keepFor) : undefined
      const intent = await stripe.paymentIntents.create(
        {
          amount: charge.amount,
          currency: 'brl',
          payment_method: charge.cardToken,
          payment_method_types: ['card'],
          description: charge.description,
          metadata: { reference: charge.reference },
          ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
          // Instalments are enabled here and chosen at confirmation: Stripe takes the plan only then.
          ...(charge.installments > 1
            ? { payment_method_options: { card: { installments: { enabled: true } } } }
            : {}),
        },
        { idempotencyKey: `portal-pi-${charge.reference}` },
      )
      // Remembered before it can take money: whatever happens next, the reconciler finds it.
      await remember(charge.reference, intent.id)
      if ((await recall(charge.reference)) !== intent.id) {
        // The reconciler closed this reference meanwhile (the request was given up for lost).
        await stripe.paymentIntents.cancel(intent.id)
        return { approved: false, message: stripeMessages.voided }
      }
      let confirmed: Stripe.PaymentIntent
      try {
        confirmed = await stripe.paymentIntents.confirm(
          intent.id,
          charge.installments > 1
            ? {
                payment_method_options: {
                  card: {
                    installments: {
                      plan: { count: charge.installments, interval: 'month', type: 'fixed_count' },
                    },
                  },
                },
              }
            : {},
          { idempotencyKey: `portal-confirm-${charge.reference}` },
        )
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError)
          return { approved: false, message: declineMessage(error) }
        throw error
      }
      if (confirmed.status === 'requires_action') {
        // No 3-D Secure here yet: the charge is refused now, and nothing can complete it later.
        await stripe.paymentIntents.cancel(confirmed.id)
        return { approved: false, message: stripeMessages.authentication }
      }
      const outcome = await cardOutcome(confirmed)
      if (!outcome) throw new Error(`PaymentIntent ${confirmed.id} não foi confirmado`)
      return outcome
    },

    async cardCharge(reference) {
      const id = await recall(reference)
      if (!id) return undefined
      if (id === VOIDED) return { approved: false, message: stripeMessages.voided }
      return cardOutcome(await stripe.paymentIntents.retrieve(id))
    },

    async voidCard(reference) {
      // Never remembered: never confirmed, since we confirm only what we remembered. The
      // reference is closed, so a request still on its way cancels what it creates.
      await db
        .insert(gatewayObjects)
        .values({ reference, gateway: 'stripe', objectId: VOIDED, createdAt: deps.now() })
        .onConflictDoNothing()
      const id = await recall(reference)
      if (!id || id === VOIDED) return 'VOIDED'
      try {
        await stripe.paymentIntents.cancel(id)
        return 'VOIDED'
      } catch (error) {
        if (!isStripeError(error) || error.statusCode !== 400) throw error
        const intent = await stripe.paymentIntents.retrieve(id)
        if (intent.status === 'succeeded') return 'APPROVED'
        if (intent.status === 'canceled' || intent.status === 'requires_payment_method')
          return 'VOIDED'
        throw new OutcomePendingError(`${id} ${intent.status}`)
      }
    },

    async refundCard(reference) {
      const id = await recall(reference)
      if (!id) throw new Error(`nenhum PaymentIntent para ${reference}`)
      const refund = await stripe.refunds.create(
        { payment_intent: id, reason: 'duplicate', metadata: { reference } },
        { idempotencyKey: `portal-refund-${reference}` },
      )
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new Error(`devolução ${refund.id} ${refund.status}: ${refund.failure_reason ?? ''}`)
    },

    async verifyCard(check) {
      const customer = await customerFor(check.owner)
      let setup: Stripe.SetupIntent
      try {
        setup = await stripe.setupIntents.create(
          {
            customer,
            payment_method: check.cardToken,
            payment_method_types: ['card'],
            usage: 'off_session',
            confirm: true,
            metadata: { reference: check.reference },
          },
          { idempotencyKey: `portal-seti-${check.reference}` },
        )
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError)
          return { approved: false, message: declineMessage(error) }
        throw error
      }
      if (setup.status === 'succeeded') return { approved: true, gatewayRef: setup.id }
      if (setup.status === 'requires_action') {
        await stripe.setupIntents.cancel(setup.id).catch(() => undefined)
        return { approved: false, message: stripeMessages.authentication }
      }
      return {
        approved: false,
        message: setup.last_setup_error
          ? declineMessage(setup.last_setup_error)
          : stripeMessages.declined,
      }
    },

    async createBoleto(request) {
      const today = todayInSaoPaulo(deps.now())
      const days = Math.round(
        (Date.parse(`${request.dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS,
      )
      const { address } = request.payer
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: 'brl',
          payment_method_types: ['boleto'],
          description: request.description,
          metadata: { reference: request.reference },
          payment_method_data: {
            type: 'boleto',
            boleto: { tax_id: request.payer.cpf },
            billing_details: {
              name: request.payer.name,
              ...(request.payer.email ? { email: request.payer.email } : {}),
              address: {
                line1: `${address.street}, ${address.number}`,
                line2: address.neighborhood,
                city: address.city,
                state: address.state,
                postal_code: address.zipCode,
                country: 'BR',
              },
            },
          },
          payment_method_options: { boleto: { expires_after_days: Math.max(days, 0) } },
        },
        { idempotencyKey: `portal-pi-${request.reference}` },
      )
      await remember(request.reference, intent.id)
      const confirmed = await stripe.paymentIntents.confirm(
        intent.id,
        {},
        { idempotencyKey: `portal-confirm-${request.reference}` },
      )
      const line = confirmed.next_action?.boleto_display_details?.number?.replace(/\D/g, '')
      const barcode = line ? barcodeFromDigitableLine(line) : undefined
      if (!line || !barcode)
        throw new Error(`boleto ${confirmed.id} sem linha digitável (status ${confirmed.status})`)
      return {
        digitableLine: line,
        barcode,
        dueDate: request.dueDate,
        amount: request.amount,
      }
    },

    async boleto(reference): Promise<BoletoState | undefined> {
      const id = await recall(reference)
      if (!id) return undefined
      const intent = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] })
      if (intent.status === 'succeeded') {
        const charge = intent.latest_charge
        const paidAt =
          charge && typeof charge === 'object' ? new Date(charge.created * 1000) : deps.now()
        return { status: 'PAID', paidAt, amount: intent.amount_received }
      }
      // Cancelled by us, or expired unpaid (Stripe then asks for another payment method).
      if (intent.status === 'canceled' || intent.status === 'requires_payment_method')
        return { status: 'CANCELLED' }
      return { status: 'OPEN' }
    },

    async cancelBoleto(reference) {
      const id = await recall(reference)
      if (!id) return 'CANCELLED'
      try {
        await stripe.paymentIntents.cancel(id)
        return 'CANCELLED'
      } catch (error) {
        if (!isStripeError(error) || error.statusCode !== 400) throw error
        const state = await gateway.boleto(reference)
        if (state?.status === 'PAID') return 'PAID'
        // Paid at a bank and still clearing: it cannot be cancelled, and may yet be money.
        if (state?.status === 'OPEN') throw new OutcomePendingError(`boleto ${id} em compensação`)
        return 'CANCELLED'
      }
    },

    async refundBoleto(reference) {
      throw new RefundUnsupportedError(`a Stripe não devolve pagamentos de boleto (${reference})`)
    },
  }
  return gateway
}
