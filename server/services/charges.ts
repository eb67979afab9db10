/**
 * Charges in the database (docs/design.md §5, states in charge-states.ts). Nothing is checked first
 * and written later:
 * - a new collection locks its instalments (FOR UPDATE) and claims them all
 *   (payment_orders.charge_id) in the transaction that creates it, so an instalment has at most
 *   one live collection; whoever comes second sees the holder and must cancel it first, or wait;
 * - a charge moves only from a state the machine allows, by a conditional update;
 * - money is recorded by its id at the source (received_payments), so a notification that comes
 *   twice is applied once, and applied only where a live claim (or a free instalment) takes it —
 *   anything else goes back to the payer.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { PaymentType } from '../../contract/payments'
import type { Database } from '../db/client'
import {
  type ChargeData,
  type ChargeMethod,
  paymentCharges,
  paymentLinks,
  paymentOrders,
  receivedPayments,
} from '../db/schema'
import { ApiError } from '../http/errors'
import { type ChargeState, isLive, statesBefore } from './charge-states'
import { instalmentsPaid, paymentFailed, paymentRefunded } from './event-records'
import type { AdjustmentRule } from './payment-amounts'
import { type ChargePlan, instalmentDue, planCharge, todayInSaoPaulo } from './payment-amounts'
import { type LinkContext, paymentMessages } from './payment-links'

export type Charge = typeof paymentCharges.$inferSelect

/**
 * A CREATED charge younger than this belongs to a request still talking to the gateway; older,
 * its request is over (a crash, a timeout) and the reconciler asks the gateway what happened.
 */
export const IN_FLIGHT_MS = 30_000
type Instalment = typeof paymentOrders.$inferSelect

/**
 * Moves a charge to `to` if it is in a state that may go there, with `patch` written alongside.
 * Leaving a live state for anything but PAID lets go of its instalments. Null when another
 * writer moved it first (the caller reads it again).
 */
export async function moveCharge(
  tx: Database,
  id: string,
  to: ChargeState,
  patch: Partial<Pick<Charge, 'gatewayRef' | 'settledAt' | 'expiresAt' | 'data'>> & {
    message?: string
  } = {},
): Promise<Charge | null> {
  if (to === 'DECLINED')
    // A refusal is told to the provider's system in the same transaction as the move.
    return tx.transaction(async (inner) => {
      const moved = await moveChargeNow(inner, id, to, patch)
      if (moved)
        await paymentFailed(inner, {
          method: moved.method,
          shares: moved.data.shares,
          reason: patch.message ?? 'Pagamento recusado.',
          at: new Date(),
        })
      return moved
    })
  return moveChargeNow(tx, id, to, patch)
}

async function moveChargeNow(
  tx: Database,
  id: string,
  to: ChargeState,
  patch: Partial<Pick<Charge, 'gatewayRef' | 'settledAt' | 'expiresAt' | 'data'>> & {
    message?: string
  },
): Promise<Charge | null> {
  const { message, data, ...columns } = patch
  const [moved] = await tx
    .update(paymentCharges)
    .set({
      ...columns,
      status: to,
      ...(data ? { data } : {}),
      ...(message !== undefined
        ? { data: sql`${paymentCharges.data} || ${JSON.stringify({ message })}::jsonb` }
        : {}),
    })
    .where(and(eq(paymentCharges.id, id), inArray(paymentCharges.status, statesBefore(to))))
    .returning()
  if (moved && to !== 'PAID' && !isLive(to)) {
    await tx
      .update(paymentOrders)
      .set({ chargeId: null })
      .where(and(eq(paymentOrders.chargeId, id), ne(paymentOrders.status, 'PAID')))
  }
  return moved ?? null
}

/** Adds to a charge's data without moving it (when its boletos were last sent, say). */
export async function noteOnCharge(db: Database, id: string, note: Partial<ChargeData>) {
  await db
    .update(paymentCharges)
    .set({ data: sql`${paymentCharges.data} || ${JSON.stringify(note)}::jsonb` })
    .where(eq(paymentCharges.id, id))
}

export async function readCharge(db: Database, id: string): Promise<Charge | undefined> {
  const [charge] = await db.select().from(paymentCharges).where(eq(paymentCharges.id, id))
  return charge
}

/** Why a link cannot be paid: all of its instalments paid already, or some of them. */
function paidError(rows: Instalment[]): ApiError {
  const paid = rows.filter((row) => row.status === 'PAID').length
  return new ApiError(
    409,
    paid === rows.length ? paymentMessages.linkPaid : paymentMessages.linkPartlyPaid,
  )
}

export interface NewCollection {
  method: PaymentType
  installments: number
  rule: AdjustmentRule | undefined
  /** The gateway reference of a charge, from its id (a Pix txid, a boleto reference). */
  gatewayRef?: (id: string) => string
  expiresAt?: Date
  data?: Omit<ChargeData, 'shares'>
  /** A live charge of the same kind that may be handed back instead of opening a new one. */
  reusable?: (holder: Charge, plan: ChargePlan) => boolean
}

export type Claim =
  | { kind: 'claimed'; charge: Charge; plan: ChargePlan }
  | { kind: 'reused'; charge: Charge }
  /** Live collections hold some of the instalments: cancel them, then claim again. */
  | { kind: 'held'; holders: Charge[] }

/**
 * Claims a link's instalments for a new collection (status CREATED), priced from the rows it
 * locked. A paid instalment answers 409; a card being charged for one of them answers 409
 * (it settles in seconds); other live collections are handed back to be cancelled first.
 */
export async function claimLink(
  db: Database,
  context: LinkContext,
  collection: NewCollection,
  now: Date,
): Promise<Claim> {
  const { link } = context
  return db.transaction(async (tx) => {
    const rows = (
      await tx
        .select()
        .from(paymentOrders)
        .where(
          and(
            inArray(paymentOrders.id, link.instalmentIds),
            eq(paymentOrders.contractId, link.contractId),
          ),
        )
        .for('update')
    ).sort((a, b) => a.installment - b.installment || a.id.localeCompare(b.id))
    if (rows.length !== link.instalmentIds.length)
      throw new ApiError(404, paymentMessages.instalmentNotFound)
    if (rows.some((row) => row.cancelledAt !== null))
      throw new ApiError(409, paymentMessages.instalmentCancelled)
    if (rows.some((row) => row.status === 'PAID')) throw paidError(rows)

    const plan = planCharge(
      rows.map((row) => instalmentDue(row, todayInSaoPaulo(now))),
      collection.rule,
    )
    if (plan.amount <= 0) throw new ApiError(422, paymentMessages.nothingToPay)

    const holderIds = [...new Set(rows.flatMap((row) => (row.chargeId ? [row.chargeId] : [])))]
    const holders = holderIds.length
      ? await tx.select().from(paymentCharges).where(inArray(paymentCharges.id, holderIds))
      : []
    const live = holders.filter((holder) => isLive(holder.status))
    const [only] = live
    if (
      live.length === 1 &&
      only &&
      rows.every((row) => row.chargeId === only.id) &&
      collection.reusable?.(only, plan)
    ) {
      return { kind: 'reused', charge: only }
    }
    // A card being charged settles in seconds, and so does a collection another request is
    // opening right now: the newcomer waits rather than cancel them under their feet.
    const inFlight = (holder: Charge) =>
      holder.method === 'CREDIT' ||
      holder.method === 'RECURRENCE' ||
      (holder.status === 'CREATED' && now.getTime() - holder.createdAt.getTime() < IN_FLIGHT_MS)
    if (live.some(inFlight)) throw new ApiError(409, paymentMessages.linkInProgress)
    if (live.length) return { kind: 'held', holders: live }

    const id = randomUUID()
    const [charge] = await tx
      .insert(paymentCharges)
      .values({
        id,
        linkId: link.id,
        method: collection.method,
        status: 'CREATED',
        amount: plan.amount,
        installments: collection.installments,
        adjustment: plan.adjustment,
        gatewayRef: collection.gatewayRef?.(id) ?? null,
        data: { shares: plan.shares, ...collection.data },
        expiresAt: collection.expiresAt ?? null,
        createdAt: now,
      })
      .returning()
    if (!charge) throw new Error('cobrança não gravada')
    // Claims left by collections that are no longer live are free: this one takes them.
    await tx
      .update(paymentOrders)
      .set({ chargeId: id })
      .where(inArray(paymentOrders.id, link.instalmentIds))
    return { kind: 'claimed', charge, plan }
  })
}

/**
 * Marks the charge's instalments PAID with their share (paid_value), adds the price list's
 * discount to `discount` and records it as data.lastLinkAdjustment (spec §9: the list then shows
 * the instalment's own discount only), and closes the link.
 */
async function payInstalments(tx: Database, charge: Charge, now: Date) {
  for (const share of charge.data.shares) {
    await tx
      .update(paymentOrders)
      .set({
        status: 'PAID',
        chargeId: charge.id,
        paidValue: share.paid,
        paidAt: now,
        discount: sql`${paymentOrders.discount} + ${share.discount}`,
        data: sql`${paymentOrders.data} || jsonb_build_object('lastLinkAdjustment', ${share.discount}::int)`,
      })
      .where(eq(paymentOrders.id, share.id))
  }
  await tx
    .update(paymentLinks)
    .set({ status: 'PAID', paidAt: now })
    .where(eq(paymentLinks.id, charge.linkId))
}

export interface Payment {
  /** Its id at the source: a Pix end-to-end id, `card:<ref>`, `boleto:<ref>`. */
  id: string
  amount: number
  at: Date
  /** How it came, when not by the charge's own method (a boleto's Pix with a due date: PIX). */
  method?: ChargeMethod
  /**
   * What must match the charge when the bank computed the amount paid (a /cobv's
   * componentesValor.original, before its fine, interest or discount); else `amount`.
   */
  original?: number
  /** The bank's componentesValor of that amount (cents by name: multa, juros, desconto…). */
  components?: Record<string, number>
}

/** What a payment came to: it paid the instalments, or it goes back to the payer. */
export type Settlement = 'PAID' | 'REFUND' | 'KNOWN'

/**
 * Money arrived for a charge. Applied when the charge still holds its instalments (live), or
 * when it lost them (expired, cancelled) but they are still open; otherwise — the instalments
 * were paid meanwhile by another collection, or this charge was paid already — it is recorded to
 * be refunded. The same payment notified again is KNOWN and changes nothing.
 * `alsoInside` runs in the same transaction when the payment is applied.
 */
export async function settlePayment(
  db: Database,
  chargeId: string,
  payment: Payment,
  alsoInside?: (tx: Database, charge: Charge) => Promise<void>,
): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.id, chargeId))
      .for('update')
    if (!charge) throw new Error(`cobrança ${chargeId} não encontrada`)
    const [recorded] = await tx
      .insert(receivedPayments)
      .values({
        id: payment.id,
        chargeId,
        method: payment.method ?? charge.method,
        amount: payment.amount,
        receivedAt: payment.at,
        applied: false,
      })
      .onConflictDoNothing()
      .returning({ id: receivedPayments.id })
    if (!recorded) return 'KNOWN'

    const ids = charge.data.shares.map((share) => share.id)
    const rows = await tx
      .select()
      .from(paymentOrders)
      .where(inArray(paymentOrders.id, ids))
      .for('update')
    // A cancelled instalment (integration API) takes no money: a late payment goes back.
    const open = (row: (typeof rows)[number]) => row.status !== 'PAID' && row.cancelledAt === null
    const ours = rows.every((row) => open(row) && row.chargeId === charge.id)
    const free = rows.every(
      (row) => open(row) && (row.chargeId === null || row.chargeId === charge.id),
    )
    const takes =
      (payment.original ?? payment.amount) === charge.amount &&
      ((isLive(charge.status) && ours) ||
        ((charge.status === 'CANCELLED' || charge.status === 'EXPIRED') && free))
    if (takes && (await moveCharge(tx, charge.id, 'PAID', { settledAt: payment.at }))) {
      await payInstalments(tx, charge, payment.at)
      await instalmentsPaid(tx, {
        chargeId: charge.id,
        method: charge.method,
        shares: charge.data.shares,
        paymentId: payment.id,
        at: payment.at,
        ...(payment.components
          ? { bank: { components: payment.components, total: payment.amount } }
          : {}),
      })
      await tx
        .update(receivedPayments)
        .set({ applied: true })
        .where(eq(receivedPayments.id, payment.id))
      await alsoInside?.(tx, charge)
      return 'PAID'
    }
    // Nothing can take it: the money goes back. A charge that never paid anything is
    // REFUNDING; a paid one stays PAID and only this payment is returned.
    if (charge.status !== 'PAID') await moveCharge(tx, charge.id, 'REFUNDING')
    await tx
      .update(receivedPayments)
      .set({ refundStatus: 'PENDING' })
      .where(eq(receivedPayments.id, payment.id))
    return 'REFUND'
  })
}

/** A refund the gateway took: the payment is done, and so is its charge once all are. */
export async function refundDone(db: Database, paymentId: string, at: Date) {
  await db.transaction(async (tx) => {
    // The charge first, as settlePayment locks it: the same order in every transaction that
    // touches a charge and its payments, so two of them never wait on each other (deadlock).
    await tx
      .select({ id: paymentCharges.id })
      .from(paymentCharges)
      .innerJoin(receivedPayments, eq(receivedPayments.chargeId, paymentCharges.id))
      .where(eq(receivedPayments.id, paymentId))
      .for('update', { of: paymentCharges })
    const [payment] = await tx
      .update(receivedPayments)
      .set({ refundStatus: 'DONE', refundedAt: at })
      .where(and(eq(receivedPayments.id, paymentId), eq(receivedPayments.refundStatus, 'PENDING')))
      .returning()
    if (!payment) return
    const [charge] = await tx
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.id, payment.chargeId))
    if (charge)
      await paymentRefunded(tx, {
        method: charge.method,
        shares: charge.data.shares,
        amount: payment.amount,
        chargeAmount: charge.amount,
        at,
      })
    const [open] = await tx
      .select({ id: receivedPayments.id })
      .from(receivedPayments)
      .where(
        and(
          eq(receivedPayments.chargeId, payment.chargeId),
          eq(receivedPayments.refundStatus, 'PENDING'),
        ),
      )
    if (!open) await moveCharge(tx, payment.chargeId, 'REFUNDED')
  })
}

/**
 * A refund the gateway cannot make (Stripe's boleto): marked MANUAL, off the reconciler's list,
 * for a person to send back. The charge stays REFUNDING, which the metrics show. True when this
 * call marked it (so the payer is told once).
 */
export async function refundByHandNeeded(db: Database, paymentId: string): Promise<boolean> {
  const marked = await db
    .update(receivedPayments)
    .set({ refundStatus: 'MANUAL' })
    .where(and(eq(receivedPayments.id, paymentId), eq(receivedPayments.refundStatus, 'PENDING')))
    .returning({ id: receivedPayments.id })
  return marked.length > 0
}

/** Payments that still have to go back to their payer. */
export const refundsDue = (db: Database, limit = 20) =>
  db
    .select()
    .from(receivedPayments)
    .where(eq(receivedPayments.refundStatus, 'PENDING'))
    .orderBy(receivedPayments.receivedAt)
    .limit(limit)

/** What a link's charges came to, newest first (the screen's "what happened"). */
export const chargesOfLink = (db: Database, linkId: string) =>
  db
    .select()
    .from(paymentCharges)
    .where(eq(paymentCharges.linkId, linkId))
    .orderBy(sql`${paymentCharges.createdAt} desc`)

/** How many charges are in each state now (the operators' metrics, read at each scrape). */
export const chargesByState = (db: Database) =>
  db
    .select({ state: paymentCharges.status, count: sql<number>`count(*)::int` })
    .from(paymentCharges)
    .groupBy(paymentCharges.status)
