/**
 * Charges of a payment link and the double-charge guard (DESIGN.md §6: payments are idempotent).
 * Nothing is checked first and written later: a charge claims its link with an insert that the
 * partial unique index `payment_charges_one_success_per_link_idx` lets through once, and claims
 * each instalment with a conditional update (only while unpaid and unclaimed). A repeated or
 * concurrent submit loses one of the two and answers 409; a decline releases both claims.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { PaymentType } from '../../src/api/schemas'
import type { Database } from '../db/client'
import {
  type ChargeData,
  type ChargeStatus,
  paymentCharges,
  paymentLinks,
  paymentOrders,
} from '../db/schema'
import { ApiError } from '../http/errors'
import {
  type AdjustmentRule,
  type ChargePlan,
  instalmentDue,
  planCharge,
  todayInSaoPaulo,
} from './payment-amounts'
import { type LinkContext, paymentMessages } from './payment-links'

type Charge = typeof paymentCharges.$inferSelect

export interface ClaimedCharge {
  id: string
  linkId: string
  plan: ChargePlan
}

const inFlight = ['PROCESSING', 'APPROVED', 'PAID'] as const

/** Why a link cannot be claimed: another charge is settling it, or it was paid. */
async function takenError(tx: Database, linkId: string): Promise<ApiError> {
  const [other] = await tx
    .select({ status: paymentCharges.status })
    .from(paymentCharges)
    .where(and(eq(paymentCharges.linkId, linkId), inArray(paymentCharges.status, inFlight)))
  return new ApiError(
    409,
    other?.status === 'PROCESSING' ? paymentMessages.linkInProgress : paymentMessages.linkPaid,
  )
}

/** Instalments that could not be claimed: paid already (by this link or another) or in flight. */
async function instalmentsTakenError(tx: Database, ids: string[]): Promise<ApiError> {
  const rows = await tx
    .select({ status: paymentOrders.status })
    .from(paymentOrders)
    .where(inArray(paymentOrders.id, ids))
  const paid = rows.filter((row) => row.status === 'PAID').length
  if (paid === 0) return new ApiError(409, paymentMessages.linkInProgress)
  return new ApiError(
    409,
    paid === ids.length ? paymentMessages.linkPaid : paymentMessages.linkPartlyPaid,
  )
}

/** Takes the link's unpaid instalments for this charge; all of them or none (409). */
async function claimInstalments(tx: Database, link: LinkContext['link'], chargeId: string) {
  const claimed = await tx
    .update(paymentOrders)
    .set({ chargeId })
    .where(
      and(
        inArray(paymentOrders.id, link.instalmentIds),
        eq(paymentOrders.contractId, link.contractId),
        ne(paymentOrders.status, 'PAID'),
        isNull(paymentOrders.chargeId),
      ),
    )
    .returning()
  if (claimed.length !== link.instalmentIds.length) {
    throw await instalmentsTakenError(tx, link.instalmentIds)
  }
  return claimed.sort((a, b) => a.installment - b.installment || a.id.localeCompare(b.id))
}

/**
 * Claims the link for a card charge (status PROCESSING) and prices it from the instalments it
 * locked, in one transaction. Whoever comes second gets a 409 and writes nothing.
 */
export async function claimCardCharge(
  db: Database,
  context: LinkContext,
  option: { method: PaymentType; installments: number; rule: AdjustmentRule | undefined },
  now: Date,
): Promise<ClaimedCharge> {
  const { link } = context
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .insert(paymentCharges)
      .values({
        linkId: link.id,
        method: option.method,
        status: 'PROCESSING',
        amount: 0,
        installments: option.installments,
        data: { shares: [] },
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentCharges.id })
    if (!charge) throw await takenError(tx, link.id)
    const rows = await claimInstalments(tx, link, charge.id)
    const today = todayInSaoPaulo(now)
    const plan = planCharge(
      rows.map((row) => instalmentDue(row, today)),
      option.rule,
    )
    if (plan.amount <= 0) throw new ApiError(422, paymentMessages.nothingToPay)
    await tx
      .update(paymentCharges)
      .set({ amount: plan.amount, adjustment: plan.adjustment, data: { shares: plan.shares } })
      .where(eq(paymentCharges.id, charge.id))
    return { id: charge.id, linkId: link.id, plan }
  })
}

/** A declined or failed card charge lets go of the link and its instalments. */
export async function releaseCharge(
  db: Database,
  chargeId: string,
  status: Extract<ChargeStatus, 'DECLINED' | 'FAILED'>,
  message: string,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(paymentCharges)
      .set({ status, data: sql`${paymentCharges.data} || ${JSON.stringify({ message })}::jsonb` })
      .where(eq(paymentCharges.id, chargeId))
    await tx
      .update(paymentOrders)
      .set({ chargeId: null })
      .where(eq(paymentOrders.chargeId, chargeId))
  })
}

/**
 * Marks the charge's instalments PAID with their share (paid_value), adds the price list's
 * discount to `discount` and records it as data.lastLinkAdjustment (spec §9: the list then shows
 * the instalment's own discount only), and closes the link.
 */
async function payInstalments(
  tx: Database,
  charge: { id: string; linkId: string },
  shares: ChargeData['shares'],
  now: Date,
) {
  for (const share of shares) {
    await tx
      .update(paymentOrders)
      .set({
        status: 'PAID',
        paidValue: share.paid,
        paidAt: now,
        discount: sql`${paymentOrders.discount} + ${share.discount}`,
        data: sql`${paymentOrders.data} || jsonb_build_object('lastLinkAdjustment', ${share.discount}::int)`,
      })
      .where(and(eq(paymentOrders.id, share.id), eq(paymentOrders.chargeId, charge.id)))
  }
  await tx
    .update(paymentLinks)
    .set({ status: 'PAID', paidAt: now })
    .where(eq(paymentLinks.id, charge.linkId))
}

/** An approved card charge: charge, instalments and link settle together. */
export async function settleCardCharge(
  db: Database,
  charge: ClaimedCharge,
  gatewayRef: string,
  now: Date,
  alsoInside?: (tx: Database) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(paymentCharges)
      .set({ status: 'APPROVED', gatewayRef, settledAt: now })
      .where(eq(paymentCharges.id, charge.id))
    await payInstalments(tx, charge, charge.plan.shares, now)
    await alsoInside?.(tx)
  })
}

class DuplicatePix extends Error {
  override name = 'DuplicatePix'
}

const isUniqueViolation = (error: unknown): boolean => {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505'
}

/**
 * A Pix the bank says was received. Settles like a card charge, but claims link and instalments
 * only now (a generated Pix may never be paid). When something else paid the link first, the
 * money is here twice: the Pix is kept as DUPLICATE, to be refunded, and the answer is 409.
 */
export async function settlePixCharge(
  db: Database,
  charge: Charge,
  now: Date,
): Promise<'PAID' | 'DUPLICATE'> {
  try {
    await db.transaction(async (tx) => {
      const [paid] = await tx
        .update(paymentCharges)
        .set({ status: 'PAID', settledAt: now })
        .where(and(eq(paymentCharges.id, charge.id), eq(paymentCharges.status, 'PENDING')))
        .returning({ id: paymentCharges.id })
      // A concurrent verification settled it first.
      if (!paid) return
      const ids = charge.data.shares.map((share) => share.id)
      const claimed = await tx
        .update(paymentOrders)
        .set({ chargeId: charge.id })
        .where(
          and(
            inArray(paymentOrders.id, ids),
            ne(paymentOrders.status, 'PAID'),
            isNull(paymentOrders.chargeId),
          ),
        )
        .returning({ id: paymentOrders.id })
      if (claimed.length !== ids.length) throw new DuplicatePix()
      await payInstalments(tx, charge, charge.data.shares, now)
    })
  } catch (error) {
    if (!(error instanceof DuplicatePix) && !isUniqueViolation(error)) throw error
    await db
      .update(paymentCharges)
      .set({ status: 'DUPLICATE', settledAt: now })
      .where(and(eq(paymentCharges.id, charge.id), eq(paymentCharges.status, 'PENDING')))
    return 'DUPLICATE'
  }
  const [stored] = await db
    .select({ status: paymentCharges.status })
    .from(paymentCharges)
    .where(eq(paymentCharges.id, charge.id))
  return stored?.status === 'PAID' ? 'PAID' : 'DUPLICATE'
}
