/**
 * Pix on a payment link (spec §4 "Pix flow", §7 payment-link-pix and verify-link-pix) over the
 * bank's API Pix: a cobrança imediata (PUT /cob/{txid}) for the link's value with the Pix
 * adjustment of its channel. One live Pix per instalment: asking again for the same link and
 * amount hands back the live one; a Pix of another link for the same instalments is removed at
 * the bank first. Payments arrive by the bank's notification (routes/webhooks.ts); verifying
 * asks the bank (GET /cob) and applies what it says, as the notification would.
 */
import { and, eq } from 'drizzle-orm'
import type {
  PixGenerateRequest,
  PixGenerateResponse,
  PixVerifyRequest,
} from '../../contract/payments'
import { PixApiError } from '../adapters/pix-api/client'
import { paymentCharges, paymentLinks, receivedPayments } from '../db/schema'
import { ApiError } from '../http/errors'
import { type Charge, moveCharge, readCharge } from './charges'
import { type CheckoutDeps, checkoutMessages } from './checkout-card'
import { applyPix, openCollection, pixTxid, resolveCharge } from './collections'
import { fullName } from './mappers'
import {
  assertPayable,
  isCardSwap,
  optionRule,
  paymentMessages,
  readLinkContext,
} from './payment-links'

/** A live Pix is handed back only with at least this long to go; otherwise a new one. */
const REUSE_MIN_MS = 60_000

export const pixMessages = {
  paidElsewhere: 'Este link foi pago por outro meio. O Pix foi cancelado e nada foi cobrado.',
  refunded:
    'Recebemos seu Pix, mas estas parcelas já estavam pagas: o valor foi devolvido para a conta de quem pagou.',
  expired: checkoutMessages.pixExpired,
} as const

function generateResponse(charge: Charge, code: string, minutes: number): PixGenerateResponse {
  const pix = charge.data.pix
  if (!pix) throw new Error(`Pix ${charge.id} sem QR code`)
  return {
    data: [
      { key: 'qr_code', value: pix.qrCode },
      { key: 'txid', value: charge.gatewayRef ?? pixTxid(charge.id) },
      { key: 'expiration', value: pix.expiresAt },
      { key: 'expiration_minutes', value: String(minutes) },
      { key: 'value', value: String(charge.amount) },
      { key: 'code', value: code },
    ],
  }
}

export async function generatePix(
  deps: CheckoutDeps,
  input: PixGenerateRequest,
): Promise<PixGenerateResponse> {
  const now = deps.now()
  const context = await readLinkContext(deps.db, input.code, deps.live)
  if (isCardSwap(context)) throw new ApiError(422, paymentMessages.methodUnavailable)
  assertPayable(context)
  const rule = optionRule(context, 'PIX', 1)
  if (!deps.pix) throw new ApiError(503, paymentMessages.gatewayUnavailable)
  const minutes = context.settings.expirationPix
  const expiresAt = new Date(now.getTime() + minutes * 60_000)

  const claim = await openCollection(deps, context, {
    method: 'PIX',
    installments: 1,
    rule,
    gatewayRef: pixTxid,
    expiresAt,
    reusable: (holder, plan) =>
      holder.method === 'PIX' &&
      holder.status === 'PROCESSING' &&
      holder.linkId === context.link.id &&
      holder.amount === plan.amount &&
      (holder.expiresAt?.getTime() ?? 0) - now.getTime() > REUSE_MIN_MS,
  })
  if (claim.kind === 'reused') return generateResponse(claim.charge, context.link.code, minutes)

  const { charge } = claim
  const txid = charge.gatewayRef ?? pixTxid(charge.id)
  let copyPaste: string
  try {
    const cob = await deps.pix.createCob(txid, {
      amount: charge.amount,
      expiresInSeconds: minutes * 60,
      payer: context.person.cpf
        ? { cpf: context.person.cpf.replace(/\D/g, ''), name: fullName(context.person) }
        : undefined,
      message: `${context.modelName} ${context.contract.contractNumber ?? ''}`.trim(),
    })
    copyPaste = cob.copyPaste
  } catch (error) {
    deps.logger.error({ err: error }, `[checkout] API Pix falhou ao criar a cobrança ${txid}`)
    // Refused by the bank: nothing exists there. No answer: the reconciler asks GET /cob.
    if (error instanceof PixApiError && error.status >= 400 && error.status < 500)
      await moveCharge(deps.db, charge.id, 'CANCELLED', { message: error.message })
    throw new ApiError(502, checkoutMessages.gatewayFailed)
  }
  const live = await moveCharge(deps.db, charge.id, 'PROCESSING', {
    expiresAt,
    data: { ...charge.data, pix: { qrCode: copyPaste, expiresAt: expiresAt.toISOString() } },
  })
  if (!live) {
    // Another collection took these instalments while the bank was being asked.
    await deps.pix.removeCob(txid).catch(() => undefined)
    throw new ApiError(409, paymentMessages.linkInProgress)
  }
  return generateResponse(live, context.link.code, minutes)
}

/** Where a Pix of a link stands, as its screen shows it. */
export type PixState =
  | { status: 'WAITING' }
  | { status: 'PAID' }
  | { status: 'PAID_ELSEWHERE'; message: string }
  | { status: 'REFUNDED'; message: string }
  | { status: 'EXPIRED'; message: string }

/** The state of the link's Pix with this txid, from our records only (cheap: the screen polls). */
export async function pixState(deps: CheckoutDeps, code: string, txid: string): Promise<PixState> {
  const [found] = await deps.db
    .select({ charge: paymentCharges, linkStatus: paymentLinks.status })
    .from(paymentCharges)
    .innerJoin(paymentLinks, eq(paymentLinks.id, paymentCharges.linkId))
    .where(and(eq(paymentCharges.gatewayRef, txid), eq(paymentLinks.code, code)))
  if (found?.charge.method !== 'PIX') throw new ApiError(404, checkoutMessages.pixNotFound)
  return stateOf(deps, found.charge)
}

async function stateOf(deps: CheckoutDeps, charge: Charge): Promise<PixState> {
  switch (charge.status) {
    case 'PAID':
      return { status: 'PAID' }
    case 'CREATED':
    case 'PROCESSING':
      return { status: 'WAITING' }
    case 'REFUNDING':
    case 'REFUNDED':
      return { status: 'REFUNDED', message: pixMessages.refunded }
    case 'EXPIRED':
      return { status: 'EXPIRED', message: pixMessages.expired }
    default: {
      // Cancelled: another collection paid the link (or took over), or money came and goes back.
      const [refund] = await deps.db
        .select({ id: receivedPayments.id })
        .from(receivedPayments)
        .where(eq(receivedPayments.chargeId, charge.id))
      return refund
        ? { status: 'REFUNDED', message: pixMessages.refunded }
        : { status: 'PAID_ELSEWHERE', message: pixMessages.paidElsewhere }
    }
  }
}

/**
 * {status: 'SUCCESS'} once paid; 402 'Aguardando pagamento' while the bank has not been paid.
 * The manual fallback of the notification: asks the bank and applies what it says.
 */
export async function verifyPix(
  deps: CheckoutDeps,
  input: PixVerifyRequest,
): Promise<{ status: 'SUCCESS' }> {
  const txid = input.data.find((entry) => entry.key === 'txid')?.value ?? ''
  const [found] = await deps.db
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.gatewayRef, txid), eq(paymentCharges.method, 'PIX')))
  if (!found) throw new ApiError(404, checkoutMessages.pixNotFound)
  let charge: Charge = found
  if (charge.status === 'CREATED' || charge.status === 'PROCESSING') {
    if (!deps.pix) throw new ApiError(503, paymentMessages.gatewayUnavailable)
    const cob = await deps.pix.getCob(txid).catch((error: unknown) => {
      deps.logger.error({ err: error }, `[checkout] API Pix falhou ao consultar ${txid}`)
      throw new ApiError(502, checkoutMessages.gatewayFailed)
    })
    if (cob?.payments.length) await applyPix(deps, charge.id, cob)
    else if (cob) await resolveCharge(deps, charge)
    charge = (await readCharge(deps.db, charge.id)) ?? charge
  }
  const state = await stateOf(deps, charge)
  if (state.status === 'PAID') return { status: 'SUCCESS' }
  if (state.status === 'WAITING') throw new ApiError(402, checkoutMessages.pixWaiting)
  if (state.status === 'EXPIRED') throw new ApiError(410, state.message)
  throw new ApiError(409, state.message)
}
