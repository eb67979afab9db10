/**
 * Recurring Pix charges (Pix Automático, decision 025): each open instalment of an approved
 * authorization is collected by a `/cobr`, one more collection of the one state machine
 * (charge-states.ts, method PIX_AUTOMATICO):
 * - the scheduler claims the instalment in the database first (FOR UPDATE, as every collection
 *   does: one live collection per instalment) with a txid made from (recurrence, instalment), and
 *   only then asks the bank (PUT /cobr/{txid}); a second instance waits on the lock and finds it
 *   claimed, and the txid is unique, so an instalment never gets a second /cobr;
 * - a crash between the bank's answer and our record leaves the charge CREATED: the reconciler
 *   reads it back (GET /cobr/{txid}) and records what it finds; never a second PUT with another txid;
 * - the bank's notifications (…/cobr) are read back before anything moves; a paid attempt settles
 *   the instalment through settlePayment (a late duplicate is refunded); a failed one is recorded
 *   and retried (POST …/retentativa/{data}) under PERMITE_3R_7D: at most 3, within 7 days after
 *   the due date.
 */
import { createHash, randomUUID } from 'node:crypto'
import { and, asc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm'
import { PixApiError } from '../adapters/pix-api/client'
import type { RecurringCharge } from '../adapters/pix-api/recurrence'
import {
  type ChargeData,
  paymentCharges,
  paymentLinks,
  paymentOrders,
  pixRecurrences,
} from '../db/schema'
import { isLive } from './charge-states'
import { type Charge, moveCharge, noteOnCharge, readCharge, settlePayment } from './charges'
import { type PaymentsDeps, refundSoon } from './collections'
import { addDaysTo, instalmentDue, planCharge, todayInSaoPaulo } from './payment-amounts'
import { newLinkCode } from './payment-links'

export type Recurrence = typeof pixRecurrences.$inferSelect

/** The regulation's window: a /cobr goes 2 to 10 days before its due date (decision 025). */
export const COBR_FIRST_DAY = 2
export const COBR_LAST_DAY = 10
/** PERMITE_3R_7D: at most 3 retries, each within 7 days after the due date. */
export const MAX_RETRIES = 3
export const RETRY_DAYS = 7

/** Where a recurring charge's payment link comes from (it holds the one instalment). */
export const recurringLinkSrc = 'PIX_AUTOMATICO'

export const recurringMessages = {
  refusedByBank: (detail: string) => `O banco recusou a cobrança recorrente: ${detail}`,
  cancelledAtBank: 'Cobrança recorrente cancelada no banco.',
  expired: 'Cobrança recorrente encerrada sem pagamento.',
  rejected: 'Cobrança recorrente recusada pelo banco do pagador.',
  recurrenceEnded: 'O débito automático via Pix foi encerrado.',
} as const

/**
 * The txid of an instalment's /cobr under an authorization: the same for the same pair, on every
 * instance and after any crash, so the bank's "txid in use" is what stops a second one.
 */
export const cobrTxid = (recurrenceId: string, instalmentId: string) =>
  `rec${createHash('sha256').update(`${recurrenceId}:${instalmentId}`).digest('hex').slice(0, 29)}`

type Instalment = typeof paymentOrders.$inferSelect

/** What the scheduler made of one instalment. */
export type Scheduled = 'CREATED' | 'HELD' | 'KNOWN' | 'SKIPPED' | 'FAILED' | 'PENDING'

/**
 * Claims the instalment for its recurring charge (CREATED, with its txid), in one transaction:
 * null when it is paid, cancelled, held by another live collection, or already had its charge.
 */
export async function claimRecurringCharge(
  deps: PaymentsDeps,
  recurrence: Recurrence,
  instalmentId: string,
): Promise<Charge | 'HELD' | 'KNOWN' | 'SKIPPED'> {
  const now = deps.now()
  const txid = cobrTxid(recurrence.id, instalmentId)
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.id, instalmentId),
          eq(paymentOrders.contractId, recurrence.contractId),
        ),
      )
      .for('update')
    if (!row || row.status === 'PAID' || row.cancelledAt !== null) return 'SKIPPED' as const
    // Ours already (made by another instance, or earlier and ended): never a second.
    const [known] = await tx
      .select({ id: paymentCharges.id })
      .from(paymentCharges)
      .where(eq(paymentCharges.gatewayRef, txid))
    if (known) return 'KNOWN' as const
    if (row.chargeId) {
      const [holder] = await tx
        .select({ status: paymentCharges.status })
        .from(paymentCharges)
        .where(eq(paymentCharges.id, row.chargeId))
      // A Pix or a boleto the holder opened: theirs to pay; asked again on a later pass.
      if (holder && isLive(holder.status)) return 'HELD' as const
    }
    const plan = planCharge([instalmentDue(row, todayInSaoPaulo(now))], undefined)
    const fits =
      plan.amount > 0 &&
      (recurrence.fixedAmount === null || plan.amount === recurrence.fixedAmount) &&
      (recurrence.maximumAmount === null || plan.amount <= recurrence.maximumAmount)
    if (!fits) {
      deps.logger.warn(
        { recurrence: recurrence.id, instalment: row.id, amount: plan.amount },
        '[pix-automatico] parcela fora do valor autorizado: não cobrada por débito automático',
      )
      return 'SKIPPED' as const
    }
    const [link] = await tx
      .insert(paymentLinks)
      .values({
        code: newLinkCode(),
        contractId: recurrence.contractId,
        instalmentIds: [row.id],
        channel: 'B2C',
        src: recurringLinkSrc,
        createdAt: now,
      })
      .returning({ id: paymentLinks.id })
    if (!link) throw new Error('link da cobrança recorrente não gravado')
    const id = randomUUID()
    const data: ChargeData = {
      shares: plan.shares,
      cobr: { idRec: recurrence.idRec, dueDate: row.dueDate, retries: 0 },
    }
    const [charge] = await tx
      .insert(paymentCharges)
      .values({
        id,
        linkId: link.id,
        method: 'PIX_AUTOMATICO',
        status: 'CREATED',
        amount: plan.amount,
        installments: 1,
        adjustment: plan.adjustment,
        gatewayRef: txid,
        data,
        recurrenceId: recurrence.id,
        createdAt: now,
      })
      .returning()
    if (!charge) throw new Error('cobrança recorrente não gravada')
    await tx.update(paymentOrders).set({ chargeId: id }).where(eq(paymentOrders.id, row.id))
    return charge
  })
}

/** PUT /cobr/{txid} for a claimed charge, and its record: PROCESSING, or CANCELLED if refused. */
export async function sendRecurringCharge(
  deps: PaymentsDeps,
  charge: Charge,
  description?: string,
): Promise<Scheduled> {
  const pix = deps.pix
  const account = deps.config.pix?.account
  const cobr = charge.data.cobr
  if (!pix || !account || !cobr || !charge.gatewayRef) return 'PENDING'
  let created: RecurringCharge
  try {
    created = await pix.createRecurringCharge(charge.gatewayRef, {
      recurrenceId: cobr.idRec,
      dueDate: cobr.dueDate,
      amount: charge.amount,
      receiver: account,
      info: description,
    })
  } catch (error) {
    if (error instanceof PixApiError && error.status >= 400 && error.status < 500) {
      // Refused: nothing exists at the bank under this txid for this charge.
      deps.logger.warn(
        { err: error, charge: charge.id },
        `[pix-automatico] cobrança recorrente ${charge.gatewayRef} recusada`,
      )
      await moveCharge(deps.db, charge.id, 'CANCELLED', {
        message: recurringMessages.refusedByBank(error.message),
      })
      return 'FAILED'
    }
    // No answer: it may exist. Left CREATED; the reconciler reads it back by its txid.
    deps.logger.warn(
      { err: error, charge: charge.id },
      `[pix-automatico] cobrança recorrente ${charge.gatewayRef} sem resposta do banco`,
    )
    return 'PENDING'
  }
  await applyRecurringCharge(deps, charge, created)
  return 'CREATED'
}

/**
 * Moves our charge where the bank's /cobr says (read from the bank, never from a notification's
 * body): paid attempts settle it, CANCELADA, EXPIRADA and REJEITADA end it, a failed attempt is
 * recorded for the scheduler to retry.
 */
export async function applyRecurringCharge(
  deps: PaymentsDeps,
  charge: Charge,
  cobr: RecurringCharge,
): Promise<void> {
  if (cobr.payments.length) {
    for (const payment of cobr.payments) {
      const outcome = await settlePayment(deps.db, charge.id, {
        id: payment.endToEndId,
        amount: payment.amount,
        at: payment.at,
      })
      if (outcome === 'REFUND') await refundSoon(deps, payment.endToEndId)
    }
    return
  }
  switch (cobr.status) {
    case 'CANCELADA':
      await moveCharge(deps.db, charge.id, 'CANCELLED', {
        message: recurringMessages.cancelledAtBank,
      })
      return
    case 'EXPIRADA':
      await moveCharge(deps.db, charge.id, 'EXPIRED', { message: recurringMessages.expired })
      return
    case 'REJEITADA':
      await moveCharge(deps.db, charge.id, 'DECLINED', { message: recurringMessages.rejected })
      return
    default:
      break
  }
  if (charge.status === 'CREATED') await moveCharge(deps.db, charge.id, 'PROCESSING')
  // The last attempt failed and none is waiting: the scheduler asks for a retry.
  const pending = cobr.attempts.some(
    (attempt) => attempt.status === 'SOLICITADA' || attempt.status === 'AGENDADA',
  )
  const failed = [...cobr.attempts]
    .reverse()
    .find((attempt) => attempt.status === 'EXPIRADA' || attempt.status === 'REJEITADA')
  const current = charge.data.cobr
  if (current && failed && !pending && current.failedOn !== failed.date) {
    deps.logger.info(
      { charge: charge.id, date: failed.date },
      `[pix-automatico] tentativa de ${failed.date} da cobrança ${cobr.txid} não paga`,
    )
    await noteOnCharge(deps.db, charge.id, {
      cobr: {
        ...current,
        retries: cobr.attempts.filter((attempt) => attempt.kind === 'NTAG').length,
        failedOn: failed.date,
      },
    })
  }
}

/** The reconciler's look at a recurring charge: asked by its txid, never created anew elsewhere. */
export async function resolveRecurringCharge(deps: PaymentsDeps, charge: Charge) {
  const pix = deps.pix
  if (!pix || !charge.gatewayRef) return
  const cobr = await pix.getRecurringCharge(charge.gatewayRef)
  if (cobr) {
    await applyRecurringCharge(deps, charge, cobr)
    return
  }
  // The bank never got it (the crash came before the PUT): the same txid is sent now, so a PUT
  // that did arrive meanwhile is read back, never doubled.
  if (charge.status === 'CREATED') await sendRecurringCharge(deps, charge)
}

/** PATCH /cobr/{txid} to CANCELADA; false when the bank refuses (its first attempt's day came). */
export async function cancelRecurringCharge(
  deps: PaymentsDeps,
  charge: Charge,
  because: string,
): Promise<boolean> {
  const pix = deps.pix
  if (!pix || !charge.gatewayRef) return false
  try {
    await pix.cancelRecurringCharge(charge.gatewayRef)
  } catch (error) {
    if (!(error instanceof PixApiError) || error.status === 0 || error.status >= 500) throw error
    const cobr = await pix.getRecurringCharge(charge.gatewayRef)
    if (cobr) {
      await applyRecurringCharge(deps, charge, cobr)
      if (cobr.status !== 'CANCELADA') return false
    }
  }
  await moveCharge(deps.db, charge.id, 'CANCELLED', { message: because })
  return true
}

/**
 * A failed attempt's retry: the next day, while the policy allows it (at most 3, within 7 days
 * after the due date). Claimed in the charge's data first (retriedFor), so two instances ask once.
 */
async function retryFailed(deps: PaymentsDeps, charge: Charge): Promise<boolean> {
  const cobr = charge.data.cobr
  const pix = deps.pix
  if (!pix || !cobr?.failedOn || cobr.retryFor === cobr.failedOn || !charge.gatewayRef) return false
  // The day after the failed attempt, never before it: a due date on a weekend is attempted on
  // the next business day, which may be later than today's pass.
  const today = todayInSaoPaulo(deps.now())
  const [latest = today] = [cobr.failedOn, today].sort().reverse()
  const date = addDaysTo(latest, 1)
  const last = addDaysTo(cobr.dueDate, RETRY_DAYS)
  if (cobr.retries >= MAX_RETRIES || date > last || date <= cobr.dueDate) return false
  const claimed = await deps.db
    .update(paymentCharges)
    .set({
      data: sql`jsonb_set(${paymentCharges.data}, '{cobr,retryFor}', to_jsonb(${cobr.failedOn}::text))`,
    })
    .where(
      and(
        eq(paymentCharges.id, charge.id),
        eq(paymentCharges.status, 'PROCESSING'),
        sql`${paymentCharges.data}->'cobr'->>'failedOn' = ${cobr.failedOn}`,
        sql`coalesce(${paymentCharges.data}->'cobr'->>'retryFor', '') <> ${cobr.failedOn}`,
      ),
    )
    .returning({ id: paymentCharges.id })
  if (!claimed.length) return false
  try {
    const retried = await pix.retryRecurringCharge(charge.gatewayRef, date)
    deps.logger.info(
      { charge: charge.id },
      `[pix-automatico] nova tentativa da cobrança ${charge.gatewayRef} em ${date}`,
    )
    const fresh = await readCharge(deps.db, charge.id)
    if (fresh) await applyRecurringCharge(deps, fresh, retried)
    return true
  } catch (error) {
    deps.logger.warn(
      { err: error, charge: charge.id },
      `[pix-automatico] nova tentativa da cobrança ${charge.gatewayRef} não pedida`,
    )
    if (error instanceof PixApiError && error.status > 0 && error.status < 500) {
      // The bank says why not (no retry left, one pending): read what it has.
      const cobrNow = await pix.getRecurringCharge(charge.gatewayRef).catch(() => null)
      const fresh = await readCharge(deps.db, charge.id)
      if (cobrNow && fresh) await applyRecurringCharge(deps, fresh, cobrNow)
      return false
    }
    // Unanswered: let a later pass ask again.
    await deps.db
      .update(paymentCharges)
      .set({ data: sql`${paymentCharges.data} #- '{cobr,retryFor}'` })
      .where(eq(paymentCharges.id, charge.id))
    return false
  }
}

export interface SchedulerReport {
  created: number
  retried: number
}

/**
 * One pass of the scheduler: every open instalment of an approved authorization whose due date
 * is 2 to 10 days away gets its /cobr (claimed first), and every failed attempt its retry. Safe
 * on several instances at once (row locks, unique txids, conditional updates).
 */
export async function scheduleRecurringCharges(deps: PaymentsDeps): Promise<SchedulerReport> {
  const report: SchedulerReport = { created: 0, retried: 0 }
  if (!deps.pix || !deps.config.pix?.account) return report
  const today = todayInSaoPaulo(deps.now())
  const from = addDaysTo(today, COBR_FIRST_DAY)
  const to = addDaysTo(today, COBR_LAST_DAY)
  const due = await deps.db
    .select({ recurrence: pixRecurrences, instalment: paymentOrders })
    .from(pixRecurrences)
    .innerJoin(paymentOrders, eq(paymentOrders.contractId, pixRecurrences.contractId))
    .where(
      and(
        eq(pixRecurrences.status, 'APROVADA'),
        ne(paymentOrders.status, 'PAID'),
        isNull(paymentOrders.cancelledAt),
        gte(paymentOrders.dueDate, from),
        lte(paymentOrders.dueDate, to),
        gte(paymentOrders.dueDate, pixRecurrences.firstDate),
        sql`(${pixRecurrences.lastDate} is null or ${paymentOrders.dueDate} <= ${pixRecurrences.lastDate})`,
      ),
    )
    .orderBy(asc(paymentOrders.dueDate))
  for (const { recurrence, instalment } of due) {
    if (await knownTxid(deps, cobrTxid(recurrence.id, instalment.id))) continue
    const claimed = await claimRecurringCharge(deps, recurrence, instalment.id)
    if (typeof claimed === 'string') continue
    if ((await sendRecurringCharge(deps, claimed, describe(instalment))) === 'CREATED')
      report.created++
  }
  const failed = await deps.db
    .select()
    .from(paymentCharges)
    .where(
      and(
        eq(paymentCharges.method, 'PIX_AUTOMATICO'),
        eq(paymentCharges.status, 'PROCESSING'),
        sql`${paymentCharges.data}->'cobr'->>'failedOn' is not null`,
        sql`coalesce(${paymentCharges.data}->'cobr'->>'retryFor', '') <> ${paymentCharges.data}->'cobr'->>'failedOn'`,
      ),
    )
  for (const charge of failed) if (await retryFailed(deps, charge)) report.retried++
  return report
}

/** A cheap look before the lock: most passes find every instalment already charged. */
async function knownTxid(deps: PaymentsDeps, txid: string) {
  const [found] = await deps.db
    .select({ id: paymentCharges.id })
    .from(paymentCharges)
    .where(eq(paymentCharges.gatewayRef, txid))
  return found !== undefined
}

const describe = (instalment: Instalment) => instalment.description.slice(0, 140)

/** The live recurring charges of an authorization (to cancel with it). */
export const liveChargesOf = (deps: PaymentsDeps, recurrenceId: string) =>
  deps.db
    .select()
    .from(paymentCharges)
    .where(
      and(
        eq(paymentCharges.recurrenceId, recurrenceId),
        inArray(paymentCharges.status, ['CREATED', 'PROCESSING']),
      ),
    )
