/**
 * Helpers of the payment tests: calls as the payment-link screen makes them (tokenizer first,
 * then our checkout with the token), a link for some of Ana's instalments, and a snapshot of
 * what a payment writes, to prove a refused one wrote nothing.
 */
import { asc, inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { type PaymentLinkData, paymentLinkData } from '../../contract/payments'
import { signWebhook, webhookSignatureHeader } from '../adapters/pix-api/webhook'
import type { App } from '../app'
import { sandboxPix } from '../config'
import type { Database } from '../db/client'
import {
  cardRecurrences,
  paymentCharges,
  paymentLinks,
  paymentOrders,
  receivedPayments,
} from '../db/schema'
import { demoGatewayId, demoIds } from '../demo/seed'
import { bearer, postJson } from './index'

export const checkoutPaths = {
  link: '/socios-api/checkout/payment-link',
  pix: '/socios-api/checkout/payment-link-pix',
  verifyPix: '/socios-api/checkout/verify-link-pix',
  boleto: '/socios-api/checkout/pix-boleto',
  token: '/sandbox/gateway/v1/token',
} as const

export const testCards = {
  visa: '4111 1111 1111 1111',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
} as const

/** A card still valid three years from now, as MM/YYYY. */
export const cardExpiry = () => ({ month: '08', year: String(new Date().getUTCFullYear() + 3) })

export interface Answer<T = { message: string }> {
  status: number
  body: T
}

async function answer<T>(response: Response): Promise<Answer<T>> {
  return { status: response.status, body: (await response.json()) as T }
}

export const post = async <T = { message: string }>(app: App, path: string, body: unknown) =>
  answer<T>(await postJson(app, path, body))

/** What the browser sends to the tokenizer (never to our server). */
export async function tokenize(app: App, number: string, companyId = demoGatewayId) {
  const { month, year } = cardExpiry()
  const response = await app.request(checkoutPaths.token, {
    method: 'POST',
    headers: { 'content-type': 'application/json', companyid: companyId },
    body: JSON.stringify({
      card: {
        brand: 'visa',
        card_number: number,
        cvv: '123',
        due_date: `${month}/${year}`,
        card_holder: 'ANA P SOUZA',
      },
    }),
  })
  if (response.status !== 200) throw new Error(`tokenizer ${response.status}`)
  return (await response.json()) as {
    token: string
    card: { brand: string; first_six: string; last_four: string; holder: string; expiry: string }
  }
}

/** Ana's address and contact as the payment screen sends them (spec §7 checkout bodies). */
export const holderAddress = {
  zip_code: '01310100',
  email: 'ana@exemplo.com.br',
  birth_date: '14/03/1985',
  neighborhood: 'Bela Vista',
  number: 1000,
  street: 'Avenida Paulista',
  phone: '11987654321',
  state: 'SP',
  city: 'São Paulo',
  token: '1',
}

/** One entry of a Pix generation answer (spec §3 lookup helper). */
export const pixValue = (pix: { data: { key: string; value: string }[] }, key: string) =>
  pix.data.find((entry) => entry.key === key)?.value ?? ''

/** The card payment body of spec §7, with the holder's address as the screen pre-fills it. */
export function cardPayment(
  code: string,
  // Stripe's tokens (PaymentMethods) come without the card's details.
  tokenized: { token: string; card?: Awaited<ReturnType<typeof tokenize>>['card'] },
  overrides: Record<string, unknown> = {},
) {
  const { month, year } = cardExpiry()
  return {
    code,
    ...holderAddress,
    zip_code: '01310-100',
    installments: 1,
    card_token: tokenized.token,
    card: tokenized.card,
    month,
    year,
    payment_type: 'CREDIT',
    ...overrides,
  }
}

/** A new link for Ana's instalments (numbers 1–12), through send-payment-link: its code. */
export async function linkFor(app: App, token: string, installments: number[]) {
  const ids = installments.map((n) => demoIds.ana.instalments[n - 1]).join('|')
  const response = await app.request(
    `/socios-api/client/send-payment-link?ids=${ids}`,
    bearer(token),
  )
  if (response.status !== 200) throw new Error(`send-payment-link ${response.status}`)
  const url = new URL((await response.json()) as string)
  return url.searchParams.get('code') ?? ''
}

export async function linkData(app: App, code: string): Promise<PaymentLinkData> {
  const response = await app.request(`${checkoutPaths.link}?code=${encodeURIComponent(code)}`)
  if (response.status !== 200) throw new Error(`payment-link ${response.status}`)
  return v.parse(paymentLinkData, await response.json())
}

/** Ana's instalments with these numbers, as stored. */
export async function anaInstalments(db: Database, installments: number[]) {
  const ids = installments.map((n) => demoIds.ana.instalments[n - 1] as string)
  return db
    .select()
    .from(paymentOrders)
    .where(inArray(paymentOrders.id, ids))
    .orderBy(asc(paymentOrders.installment))
}

/** Everything a payment can write, to compare before and after a refused one. */
export async function paymentSnapshot(db: Database) {
  return {
    orders: await db.select().from(paymentOrders).orderBy(asc(paymentOrders.id)),
    links: await db.select().from(paymentLinks).orderBy(asc(paymentLinks.id)),
    charges: (await db.select().from(paymentCharges)).filter(
      (charge) => charge.status !== 'DECLINED' && charge.status !== 'CANCELLED',
    ),
    recurrences: await db.select().from(cardRecurrences),
  }
}

export type PaymentSnapshot = Awaited<ReturnType<typeof paymentSnapshot>>

/** Every payment received that reached an instalment, every one given back, and those to give back. */
export async function receivedMoney(db: Database) {
  const received = await db.select().from(receivedPayments)
  return {
    applied: received.filter((payment) => payment.applied).length,
    refunded: received.filter((payment) => payment.refundStatus === 'DONE').length,
    pending: received.filter((payment) => payment.refundStatus === 'PENDING').length,
  }
}

/**
 * A notification to one of our API Pix receivers (`/socios-api/webhooks/pix/{what}`) as the bank
 * posts it: signed with the sandbox's secret, or with `signature` (null: none at all).
 */
export function notifyAsBank(
  app: App,
  what: 'pix' | 'rec' | 'cobr',
  text: string,
  signature: string | null = signWebhook(sandboxPix.webhookSecret, text),
) {
  return app.request(`/socios-api/webhooks/pix/${what}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { [webhookSignatureHeader]: signature } : {}),
    },
    body: text,
  })
}
