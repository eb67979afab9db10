/**
 * Pix on a payment link (spec §4 "Pix flow", §7 payment-link-pix and verify-link-pix): generate a
 * single-use BR Code for the link's value with the Pix adjustment of its channel, then verify it
 * with the stored generation response. Instalments are paid when the bank has paid the Pix.
 */
import { randomInt } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type {
  PixGenerateRequest,
  PixGenerateResponse,
  PixVerifyRequest,
} from '../../src/api/schemas'
import { paymentCharges } from '../db/schema'
import { ApiError } from '../http/errors'
import { settlePixCharge } from './charges'
import { type CheckoutDeps, checkoutMessages } from './checkout-card'
import { planCharge } from './payment-amounts'
import {
  assertPayable,
  isCardSwap,
  linkDues,
  optionRule,
  paymentMessages,
  readLinkContext,
} from './payment-links'

const TXID_LENGTH = 25
const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 25 random letters and digits: the longest txid a BR Code with a Pix key carries. */
const newTxid = () =>
  Array.from({ length: TXID_LENGTH }, () => alphanumerics[randomInt(alphanumerics.length)]).join('')

export async function generatePix(
  deps: CheckoutDeps,
  input: PixGenerateRequest,
): Promise<PixGenerateResponse> {
  const now = deps.now()
  const context = await readLinkContext(deps.db, input.code)
  if (isCardSwap(context)) throw new ApiError(422, paymentMessages.methodUnavailable)
  assertPayable(context)
  const plan = planCharge(linkDues(context, now), optionRule(context, 'PIX', 1))
  if (plan.amount <= 0) throw new ApiError(422, paymentMessages.nothingToPay)

  const minutes = context.settings.expirationPix
  const pix = await deps.gateway.createPix({
    companyId: context.settings.gatewayId,
    txid: newTxid(),
    amount: plan.amount,
    expiresAt: new Date(now.getTime() + minutes * 60_000),
  })
  await deps.db.insert(paymentCharges).values({
    linkId: context.link.id,
    method: 'PIX',
    status: 'PENDING',
    amount: plan.amount,
    adjustment: plan.adjustment,
    gatewayRef: pix.txid,
    data: {
      shares: plan.shares,
      pix: { qrCode: pix.qrCode, expiresAt: pix.expiresAt.toISOString() },
    },
    expiresAt: pix.expiresAt,
    createdAt: now,
  })
  return {
    data: [
      { key: 'qr_code', value: pix.qrCode },
      { key: 'txid', value: pix.txid },
      { key: 'expiration', value: pix.expiresAt.toISOString() },
      { key: 'expiration_minutes', value: String(minutes) },
      { key: 'value', value: String(plan.amount) },
      { key: 'code', value: context.link.code },
    ],
  }
}

/** {status: 'SUCCESS'} once paid; 402 'Aguardando pagamento' while the bank has not paid. */
export async function verifyPix(
  deps: CheckoutDeps,
  input: PixVerifyRequest,
): Promise<{ status: 'SUCCESS' }> {
  const txid = input.data.find((entry) => entry.key === 'txid')?.value ?? ''
  const [charge] = await deps.db
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.gatewayRef, txid), eq(paymentCharges.method, 'PIX')))
  if (!charge) throw new ApiError(404, checkoutMessages.pixNotFound)
  if (charge.status === 'PAID') return { status: 'SUCCESS' }
  if (charge.status === 'DUPLICATE') throw new ApiError(409, paymentMessages.linkPaid)

  const status = await deps.gateway.pixStatus(txid)
  if (status === 'PENDING') throw new ApiError(402, checkoutMessages.pixWaiting)
  if (status !== 'PAID') throw new ApiError(410, checkoutMessages.pixExpired)
  const settled = await settlePixCharge(deps.db, charge, deps.now())
  if (settled === 'DUPLICATE') {
    deps.logger.warn(`[checkout] Pix ${txid} recebido para um link já pago: devolver ao pagador`)
    throw new ApiError(409, paymentMessages.linkPaid)
  }
  return { status: 'SUCCESS' }
}
