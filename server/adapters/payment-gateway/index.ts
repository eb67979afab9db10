/**
 * The card and boleto gateway: card charges on tokens from its browser-side card entry, card
 * verification, boletos; each call carries our reference, so asking again (after a crash, a
 * timeout) never charges twice and the outcome can be read back. Pix goes over the Central
 * Bank's API Pix instead (adapters/pix-api). Two exist: the demo's sandbox and Stripe
 * (decision 016); without one, card, recurrence and boleto are not offered.
 */
import type { CardEntry } from '../../../contract/payments'
import { createSandboxGateway } from '../../demo/gateway'
import type { ServerDeps } from '../../deps'
import { createStripeGateway } from './stripe'

export interface CardCharge {
  /** The company at the gateway (the link's gateway_id). */
  companyId: string
  cardToken: string
  /** Cents. */
  amount: number
  installments: number
  /** Our charge id: asking again with the same reference never charges twice. */
  reference: string
  description: string
  /**
   * A recurrence: the card is kept on file at the gateway for the contract's next charges
   * (with the payer's consent, which paying by recurrence is).
   */
  keepFor?: CardOwner
}

/** Whose card it is at the gateway: the contract it pays, and how the gateway may name them. */
export interface CardOwner {
  contractId: string
  name: string
  email: string | undefined
}

export type CardChargeResult =
  | { approved: true; gatewayRef: string }
  | { approved: false; message: string }

/** A zero-value authorization: is this card good for future charges? It is kept if so. */
export interface CardCheck {
  companyId: string
  cardToken: string
  reference: string
  owner: CardOwner
}

/** A tokenized card as the gateway knows it (never the number). */
export interface StoredCard {
  token: string
  brand: string
  firstSix: string
  lastFour: string
  holder: string
  /** MM/YYYY */
  expiry: string
}

export interface BoletoRequest {
  companyId: string
  amount: number
  /** YYYY-MM-DD */
  dueDate: string
  /** Ours, unique per boleto: the gateway derives the "nosso número" from it. */
  reference: string
  description: string
  payer: {
    name: string
    cpf: string
    email: string | undefined
    address: {
      zipCode: string
      state: string
      city: string
      street: string
      number: string
      neighborhood: string
    }
  }
}

export interface Boleto {
  digitableLine: string
  barcode: string
  dueDate: string
  amount: number
}

export type BoletoState =
  | { status: 'OPEN' }
  | { status: 'PAID'; paidAt: Date; amount: number }
  | { status: 'CANCELLED' }

/** What the payment screen needs to take a card: the gateway's own card entry in the browser. */
export type { CardEntry }

/** A notification whose signature does not check out: answered 401, never applied. */
export class NotificationSignatureError extends Error {
  override name = 'NotificationSignatureError'
}

/** The gateway cannot give this money back itself (Stripe's boleto): a person must. */
export class RefundUnsupportedError extends Error {
  override name = 'RefundUnsupportedError'
}

/**
 * The gateway has not settled it yet (a card payment still processing, a bank's authentication
 * still open): ask again later.
 */
export class OutcomePendingError extends Error {
  override name = 'OutcomePendingError'
}

export interface PaymentGateway {
  /** Who it is, for logs and the start-up line. */
  name: string
  /** How the browser takes a card for this gateway. */
  cardEntry: CardEntry
  /**
   * A notification from the gateway, verified by its signature (NotificationSignatureError if
   * not): the references of ours it is about, for the caller to read back and apply.
   */
  notification(body: string, header: (name: string) => string | undefined): Promise<string[]>
  findCard(companyId: string, token: string): Promise<StoredCard | undefined>
  chargeCard(charge: CardCharge): Promise<CardChargeResult>
  /** The outcome of the charge with our reference; undefined when it never reached the gateway. */
  cardCharge(reference: string): Promise<CardChargeResult | undefined>
  /**
   * Closes a reference that may never have reached the gateway, so a late charge with it is
   * refused; APPROVED when it had been charged after all (the caller settles it).
   */
  voidCard(reference: string): Promise<'VOIDED' | 'APPROVED'>
  refundCard(reference: string): Promise<void>
  verifyCard(check: CardCheck): Promise<CardChargeResult>
  createBoleto(request: BoletoRequest): Promise<Boleto>
  boleto(reference: string): Promise<BoletoState | undefined>
  /** Cancels an open boleto; PAID when the payer's bank paid it first. */
  cancelBoleto(reference: string): Promise<'CANCELLED' | 'PAID'>
  /** RefundUnsupportedError when the gateway cannot give boleto money back. */
  refundBoleto(reference: string): Promise<void>
}

/** PAYMENT_GATEWAY's gateway: the demo's sandbox, Stripe, or none. */
export function createPaymentGateway(deps: ServerDeps): PaymentGateway | undefined {
  const chosen = deps.config.gateway
  if (!chosen) return undefined
  if (chosen.kind === 'sandbox') return createSandboxGateway(deps.db, deps.now)
  return createStripeGateway({ config: chosen, db: deps.db, now: deps.now, logger: deps.logger })
}
