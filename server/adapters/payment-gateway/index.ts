/**
 * The payment gateway: card charges on tokens from its tokenizer, Pix charges and boletos.
 * Only the sandbox exists (demo mode); without one the checkout answers 503 and says so.
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

export interface PixRequest {
  companyId: string
  /** Up to 25 letters and digits: the BR Code's txid. */
  txid: string
  amount: number
  expiresAt: Date
}

export interface PixCharge {
  txid: string
  /** The Pix "copia e cola" BR Code (EMV), what the QR code carries. */
  qrCode: string
  expiresAt: Date
}

export type PixStatus = 'PENDING' | 'PAID' | 'EXPIRED' | 'UNKNOWN'

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

export interface PaymentGateway {
  findCard(companyId: string, token: string): Promise<StoredCard | undefined>
  chargeCard(charge: CardCharge): Promise<CardChargeResult>
  createPix(request: PixRequest): Promise<PixCharge>
  pixStatus(txid: string): Promise<PixStatus>
  createBoleto(request: BoletoRequest): Promise<Boleto>
}

/** The sandbox in demo mode; no gateway otherwise (no real provider is wired in yet). */
export function createPaymentGateway(deps: ServerDeps): PaymentGateway | undefined {
  return deps.config.demo ? createSandboxGateway(deps.db, deps.now) : undefined
}
