/**
 * The card and boleto gateway: card charges on tokens from its tokenizer, card verification,
 * boletos; each call carries our reference, so asking again (after a crash, a timeout) never
 * charges twice and the outcome can be read back. Pix goes over the Central Bank's API Pix
 * instead (adapters/pix-api). Only the sandbox exists (demo mode); without one the checkout
 * answers 503 and says so.
 */
import type { ServerDeps } from '../../deps'
import { createSandboxGateway } from './sandbox'

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
}

export type CardChargeResult =
  | { approved: true; gatewayRef: string }
  | { approved: false; message: string }

/** A zero-value authorization: is this card good for future charges? */
export interface CardCheck {
  companyId: string
  cardToken: string
  reference: string
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
  payer: { name: string; cpf: string }
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

export interface PaymentGateway {
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
  refundBoleto(reference: string): Promise<void>
}

/** The sandbox in demo mode; no gateway otherwise (no real provider is wired in yet). */
export function createPaymentGateway(deps: ServerDeps): PaymentGateway | undefined {
  return deps.config.demo ? createSandboxGateway(deps.db, deps.now) : undefined
}
