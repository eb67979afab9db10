/**
 * Collections with the outside world: opening one for a link (after cancelling, at the gateway,
 * whatever live collection holds its instalments), cancelling, applying what the gateway says
 * was paid, refunding money nothing could take, and resolving a charge whose outcome we do not
 * know (the reconciler, after a crash or a lost notification). Every gateway call carries our
 * reference (the charge id, or the txid made from it), so asking again is always safe.
 */
import { eq } from 'drizzle-orm'
import type { ValidPaymentTypes } from '../../contract/payments'
import {
  OutcomePendingError,
  type PaymentGateway,
  RefundUnsupportedError,
} from '../adapters/payment-gateway/index'
import { type Collection, type PixApi, PixApiError } from '../adapters/pix-api/client'
import type { Config } from '../config'
import { paymentLinks, receivedPayments } from '../db/schema'
import { ApiError } from '../http/errors'
import { removeBoletoPix, resolveBoletoPix, withdrawCobvOf } from './boleto-pix'
import { isLive } from './charge-states'
import {
  type Charge,
  type Claim,
  claimLink,
  moveCharge,
  type NewCollection,
  readCharge,
  refundByHandNeeded,
  refundDone,
  type Settlement,
  settlePayment,
} from './charges'
import { type MessageDeps, reais, tellHolder } from './holder-messages'
import { type LinkContext, paymentMessages, readLinkContext } from './payment-links'
import { cancelRecurringCharge, resolveRecurringCharge } from './recurring-charges'

export interface PaymentsDeps extends MessageDeps {
  /** The card and boleto gateway; undefined when none is configured (no card, no boleto). */
  gateway: PaymentGateway | undefined
  /** The bank's API Pix; undefined when none is configured (no Pix then). */
  pix: PixApi | undefined
  /** What this server can take: a link offers its own methods and these, never others. */
  live: ValidPaymentTypes
}

/** The start-up line: which methods this server takes, and through whom; what it does not. */
export function liveMethodsLine(
  payments: Pick<PaymentsDeps, 'gateway' | 'pix'> | undefined,
  config: Pick<Config, 'paymentsOff' | 'pix'>,
): string {
  if (config.paymentsOff)
    return 'Pagamentos desligados (PAYMENTS=off): nenhuma forma de pagamento é oferecida.'
  const bank = config.pix?.apiUrl ? new URL(config.pix.apiUrl).host : 'de demonstração'
  const live = [
    ...(payments?.pix ? [`Pix (API Pix ${bank})`] : []),
    ...(payments?.gateway ? [`cartão, recorrência e boleto (${payments.gateway.name})`] : []),
  ]
  const off = [
    ...(payments?.pix ? [] : ['Pix (defina PIX_API_URL e as demais PIX_*)']),
    ...(payments?.gateway
      ? []
      : ['cartão, recorrência e boleto (defina PAYMENT_GATEWAY=stripe e as STRIPE_*)']),
  ]
  return [
    live.length ? `Pagamentos ativos: ${live.join('; ')}.` : 'Nenhuma forma de pagamento ativa.',
    ...(off.length ? [`Não oferecidos: ${off.join('; ')}.`] : []),
  ].join(' ')
}

/** The methods a server with this Pix and this gateway takes. */
export const liveMethods = (
  gateway: PaymentGateway | undefined,
  pix: PixApi | undefined,
): ValidPaymentTypes => ({
  pix: pix !== undefined,
  credit: gateway !== undefined,
  recurrence: gateway !== undefined,
  boleto_pix: gateway !== undefined,
})

export const collectionMessages = {
  gatewayFailed: 'Não foi possível concluir o pagamento com o gateway. Tente novamente.',
  replacedBy: (method: string) => `Substituída por uma cobrança de ${method}.`,
  expired: 'Prazo de pagamento encerrado.',
  notReached: 'A cobrança não chegou ao gateway.',
} as const

const methodName: Record<Charge['method'], string> = {
  PIX: 'Pix',
  CREDIT: 'cartão',
  RECURRENCE: 'recorrência no cartão',
  INSTALLMENT_BILL: 'boleto',
  PIX_AUTOMATICO: 'Pix Automático',
}

/** The txid of a Pix charge: its id without dashes (32 letters and digits), so it is ours. */
export const pixTxid = (chargeId: string) => chargeId.replace(/-/g, '')

export const boletoReference = (chargeId: string, index: number) => `${chargeId}-${index + 1}`

function pixApiOf(deps: PaymentsDeps): PixApi {
  if (!deps.pix) throw new ApiError(503, paymentMessages.gatewayUnavailable)
  return deps.pix
}

/** The card and boleto gateway; a charge of its kind cannot exist without one (503 if so). */
export function gatewayOf(deps: PaymentsDeps): PaymentGateway {
  if (!deps.gateway) throw new ApiError(503, paymentMessages.gatewayUnavailable)
  return deps.gateway
}

/** The gateway could not be reached: say so, and let the reconciler find out the rest. */
function unreachable(deps: PaymentsDeps, what: string, error: unknown): ApiError {
  deps.logger.error({ err: error }, `[pagamentos] ${what}`)
  return new ApiError(502, collectionMessages.gatewayFailed)
}

/**
 * A new collection for the link: its instalments claimed (CREATED), or the live one handed back
 * when `reusable` says it is the same. Live collections of other kinds holding them are
 * cancelled at the gateway first (one live collection per instalment); one that turns out paid
 * meanwhile is settled, and the link then answers 409 "already paid".
 */
export async function openCollection(
  deps: PaymentsDeps,
  context: LinkContext,
  collection: NewCollection,
): Promise<Exclude<Claim, { kind: 'held' }>> {
  for (let round = 0; round < 4; round++) {
    const claim = await claimLink(deps.db, context, collection, deps.now())
    if (claim.kind !== 'held') return claim
    for (const holder of claim.holders) {
      // Left CREATED by a request that is over: find out what the gateway did with it first.
      if (holder.status === 'CREATED') await resolveCharge(deps, holder)
      const current = await readCharge(deps.db, holder.id)
      if (current && isLive(current.status))
        await cancelCollection(
          deps,
          current,
          collectionMessages.replacedBy(methodName[collection.method]),
        )
    }
  }
  throw new ApiError(409, paymentMessages.linkInProgress)
}

/**
 * Cancels a live Pix or boleto at the gateway, then here. What the gateway says was paid in
 * the meantime is applied (or refunded) instead.
 */
export async function cancelCollection(deps: PaymentsDeps, charge: Charge, because: string) {
  if (charge.method === 'PIX') {
    const pix = pixApiOf(deps)
    const txid = charge.gatewayRef ?? pixTxid(charge.id)
    try {
      await pix.removeCob(txid)
    } catch (error) {
      if (!(error instanceof PixApiError) || error.status === 0 || error.status >= 500)
        throw unreachable(deps, `remover a cobrança Pix ${txid}`, error)
      // Not ATIVA any more (paid, or removed by the bank) or never created: read what it is.
      const cob = await pix.getCob(txid)
      if (cob?.status === 'CONCLUIDA') {
        await applyPix(deps, charge.id, cob)
        return
      }
    }
    await moveCharge(deps.db, charge.id, 'CANCELLED', { message: because })
    return
  }
  if (charge.method === 'INSTALLMENT_BILL') {
    const boletos = charge.data.boletos ?? []
    // Its Pix with a due date first: paid meanwhile, it settled the charge; the boletos are still
    // withdrawn below, and one paid anyway goes back.
    let paid = await removeBoletoPix(deps, charge).catch((error: unknown) => {
      throw unreachable(deps, `remover a cobrança com vencimento de ${charge.id}`, error)
    })
    for (const boleto of boletos) {
      try {
        if ((await gatewayOf(deps).cancelBoleto(boleto.reference)) === 'PAID') paid = true
      } catch (error) {
        // Paid at a bank and still clearing: the link is being paid.
        if (error instanceof OutcomePendingError)
          throw new ApiError(409, paymentMessages.linkInProgress)
        throw unreachable(deps, `cancelar o boleto ${boleto.reference}`, error)
      }
    }
    if (paid) await resolveBoleto(deps, charge)
    else await moveCharge(deps.db, charge.id, 'CANCELLED', { message: because })
    return
  }
  if (charge.method === 'PIX_AUTOMATICO') {
    // On or after its attempt's day the bank is charging it: the instalment is being paid.
    if (!(await cancelRecurringCharge(deps, charge, because)))
      throw new ApiError(409, paymentMessages.linkInProgress)
    return
  }
  // A card being charged settles within seconds; it is never cancelled by another collection.
  throw new ApiError(409, paymentMessages.linkInProgress)
}

/** Each Pix the bank lists for the cob, applied once (by its end-to-end id). */
export async function applyPix(
  deps: PaymentsDeps,
  chargeId: string,
  cob: Collection,
): Promise<Settlement[]> {
  const outcomes: Settlement[] = []
  for (const payment of cob.payments) {
    const outcome = await settlePayment(deps.db, chargeId, {
      id: payment.endToEndId,
      amount: payment.amount,
      at: payment.at,
    })
    outcomes.push(outcome)
    if (outcome === 'REFUND') await refundSoon(deps, payment.endToEndId)
  }
  return outcomes
}

/** A refund is attempted at once; if the gateway fails, the reconciler tries again. */
export async function refundSoon(deps: PaymentsDeps, paymentId: string) {
  const [payment] = await deps.db
    .select()
    .from(receivedPayments)
    .where(eq(receivedPayments.id, paymentId))
  if (!payment) return
  await refundPayment(deps, payment).catch((error: unknown) =>
    deps.logger.warn({ err: error }, `[pagamentos] devolução de ${paymentId} adiada`),
  )
}

type ReceivedPayment = typeof receivedPayments.$inferSelect

/** Sends a payment back through the gateway it came from, and tells the holder once. */
export async function refundPayment(deps: PaymentsDeps, payment: ReceivedPayment) {
  const charge = await readCharge(deps.db, payment.chargeId)
  if (!charge) return
  if (payment.method === 'PIX' || payment.method === 'PIX_AUTOMATICO') {
    // Our id for the devolução, from the payment's: asking twice is the same devolução.
    const refund = await pixApiOf(deps).refund(
      payment.id,
      `D${payment.id}`.slice(0, 35),
      payment.amount,
      'Pagamento recebido para parcelas já pagas: valor devolvido.',
    )
    if (refund.status === 'NAO_REALIZADO')
      throw new Error(`devolução recusada: ${refund.reason ?? ''}`)
  } else if (payment.method === 'INSTALLMENT_BILL') {
    try {
      await gatewayOf(deps).refundBoleto(payment.id.replace(/^boleto:/, ''))
    } catch (error) {
      if (!(error instanceof RefundUnsupportedError)) throw error
      await refundByHand(deps, charge, payment)
      return
    }
  } else {
    await gatewayOf(deps).refundCard(charge.id)
  }
  await refundDone(deps.db, payment.id, deps.now())
  if (!payment.payerToldAt) await tellRefund(deps, charge, payment)
}

/**
 * Money the gateway cannot send back (Stripe takes no boleto refunds): an operator must, so it
 * is logged as an error with what they need, kept as MANUAL, and the payer is told.
 */
async function refundByHand(deps: PaymentsDeps, charge: Charge, payment: ReceivedPayment) {
  if (!(await refundByHandNeeded(deps.db, payment.id))) return
  deps.logger.error(
    { payment: payment.id, charge: charge.id, amount: payment.amount, method: payment.method },
    `[pagamentos] devolução manual necessária: ${reais(payment.amount)} do pagamento ${payment.id} (o gateway não devolve ${methodName[charge.method]}). Devolva ao pagador e marque refund_status DONE.`,
  )
  if (!payment.payerToldAt) await tellRefund(deps, charge, payment, 'BY_HAND')
}

async function tellRefund(
  deps: PaymentsDeps,
  charge: Charge,
  payment: ReceivedPayment,
  how: 'GATEWAY' | 'BY_HAND' = 'GATEWAY',
) {
  const [link] = await deps.db
    .select({ code: paymentLinks.code })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, charge.linkId))
  if (!link) return
  const context = await readLinkContext(deps.db, link.code)
  const text =
    `Olá, ${context.person.firstName}! Recebemos um pagamento de ${reais(payment.amount)} por ` +
    `${methodName[charge.method]} para ${context.modelName} (contrato ` +
    `${context.contract.contractNumber ?? ''}), mas estas parcelas já estavam pagas. ` +
    (how === 'GATEWAY'
      ? 'O valor foi devolvido integralmente a quem pagou; nada mais precisa ser feito.'
      : 'O valor será devolvido integralmente pela nossa equipe, que vai entrar em contato para combinar a devolução.')
  await tellHolder(deps, context.person, {
    subject: `Pagamento devolvido: ${context.modelName}`,
    text,
    code: payment.id,
  }).catch((error) =>
    deps.logger.warn({ err: error }, '[pagamentos] aviso de devolução não enviado'),
  )
  await deps.db
    .update(receivedPayments)
    .set({ payerToldAt: deps.now() })
    .where(eq(receivedPayments.id, payment.id))
}

/** Boletos paid at the bank: the charge settles once all of its boletos are. */
async function resolveBoleto(deps: PaymentsDeps, charge: Charge) {
  const boletos = charge.data.boletos ?? []
  const gateway = gatewayOf(deps)
  const states = await Promise.all(boletos.map((boleto) => gateway.boleto(boleto.reference)))
  const paid = states.flatMap((state) => (state?.status === 'PAID' ? [state] : []))
  if (boletos.length && paid.length === boletos.length) {
    const outcome = await settlePayment(deps.db, charge.id, {
      id: `boleto:${boletos[0]?.reference}`,
      amount: paid.reduce((sum, state) => sum + state.amount, 0),
      at: new Date(Math.max(...paid.map((state) => state.paidAt.getTime()))),
    })
    if (outcome === 'REFUND') await refundSoon(deps, `boleto:${boletos[0]?.reference}`)
    if (outcome === 'PAID') await withdrawCobvOf(deps, charge)
    return
  }
  if (charge.status === 'CREATED' && states.every((state) => state === undefined))
    await moveCharge(deps.db, charge.id, 'CANCELLED', { message: collectionMessages.notReached })
}

/**
 * What the reconciler does with a charge whose outcome it does not know: asks the gateway by our
 * reference and moves it where the answer says. Safe to run on several instances at once: every
 * move is conditional and every payment is applied once.
 */
export async function resolveCharge(deps: PaymentsDeps, charge: Charge) {
  const now = deps.now()
  if (charge.method === 'PIX') {
    const pix = pixApiOf(deps)
    const txid = charge.gatewayRef ?? pixTxid(charge.id)
    const cob = await pix.getCob(txid)
    if (!cob) {
      await moveCharge(deps.db, charge.id, 'CANCELLED', { message: collectionMessages.notReached })
      return
    }
    if (cob.status === 'CONCLUIDA' || cob.payments.length) {
      await applyPix(deps, charge.id, cob)
      return
    }
    if (cob.status !== 'ATIVA') {
      await moveCharge(deps.db, charge.id, 'EXPIRED', { message: collectionMessages.expired })
      return
    }
    const expiresAt = new Date(cob.createdAt.getTime() + cob.expiresInSeconds * 1000)
    if (expiresAt <= now) {
      // Removed, so that a late payment is refused by the bank rather than refunded by us.
      await cancelExpiredPix(deps, charge, txid)
      return
    }
    if (charge.status === 'CREATED')
      await moveCharge(deps.db, charge.id, 'PROCESSING', {
        expiresAt,
        data: {
          ...charge.data,
          pix: { qrCode: cob.copyPaste, expiresAt: expiresAt.toISOString() },
        },
      })
    return
  }
  if (charge.method === 'INSTALLMENT_BILL') {
    if (!(await resolveBoletoPix(deps, charge))) await resolveBoleto(deps, charge)
    return
  }
  if (charge.method === 'PIX_AUTOMATICO') {
    await resolveRecurringCharge(deps, charge)
    return
  }
  // Card: approved, declined, or never reached the gateway (then the reference is closed).
  const gateway = gatewayOf(deps)
  let outcome = await gateway.cardCharge(charge.id)
  if (!outcome && (await gateway.voidCard(charge.id)) === 'APPROVED')
    outcome = await gateway.cardCharge(charge.id)
  if (!outcome) {
    await moveCharge(deps.db, charge.id, 'CANCELLED', { message: collectionMessages.notReached })
    return
  }
  if (!outcome.approved) {
    await moveCharge(deps.db, charge.id, 'DECLINED', { message: outcome.message })
    return
  }
  const settled = await settlePayment(deps.db, charge.id, {
    id: `card:${outcome.gatewayRef}`,
    amount: charge.amount,
    at: now,
  })
  if (settled === 'REFUND') await refundSoon(deps, `card:${outcome.gatewayRef}`)
}

async function cancelExpiredPix(deps: PaymentsDeps, charge: Charge, txid: string) {
  const pix = pixApiOf(deps)
  try {
    await pix.removeCob(txid)
  } catch (error) {
    if (!(error instanceof PixApiError) || error.status === 0 || error.status >= 500) throw error
    const cob = await pix.getCob(txid)
    if (cob?.status === 'CONCLUIDA') {
      await applyPix(deps, charge.id, cob)
      return
    }
  }
  await moveCharge(deps.db, charge.id, 'EXPIRED', { message: collectionMessages.expired })
}
