/**
 * The reconciler (docs/design.md §5): at start and every few seconds, it resolves what no request
 * will: a charge left CREATED by a crash or a timeout (asked at the gateway by our reference), a
 * live Pix or boleto whose notification never came, an expired Pix still open at the bank, and
 * money that must go back. Safe with several instances on one PostgreSQL: each takes its work
 * with a lease (checked_at moved forward in the statement that picks it, SKIP LOCKED), and every
 * step it takes is conditional or idempotent, so two instances doing the same thing agree.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { OutcomePendingError } from '../adapters/payment-gateway/index'
import type { Database } from '../db/client'
import { paymentCharges } from '../db/schema'
import { type Charge, refundsDue } from './charges'
import { type PaymentsDeps, refundPayment, resolveCharge } from './collections'
import { reconcileRecurrences } from './pix-recurrences'
import { scheduleRecurringCharges } from './recurring-charges'

export interface ReconcilerTiming {
  /** A CREATED charge this old is asked about (its request is surely over by then). */
  createdAfterMs: number
  /** A live Pix or boleto is asked about again after this long without news. */
  liveEveryMs: number
  /** How often the loop runs. */
  everyMs: number
}

export const defaultReconcilerTiming: ReconcilerTiming = {
  createdAfterMs: 30_000,
  liveEveryMs: 60_000,
  everyMs: 5_000,
}

const BATCH = 20

/**
 * Takes up to BATCH charges that need a look, moving their checked_at to now in the same
 * statement, so another instance does not take them before the lease runs out.
 */
async function leaseDue(db: Database, now: Date, timing: ReconcilerTiming): Promise<Charge[]> {
  const createdBefore = new Date(now.getTime() - timing.createdAfterMs)
  const checkedBefore = new Date(now.getTime() - timing.liveEveryMs)
  const leaseOver = new Date(now.getTime() - timing.everyMs)
  const lastLook = sql`coalesce(${paymentCharges.checkedAt}, ${paymentCharges.createdAt})`
  const due = db
    .select({ id: paymentCharges.id })
    .from(paymentCharges)
    .where(
      and(
        or(
          and(eq(paymentCharges.status, 'CREATED'), lt(paymentCharges.createdAt, createdBefore)),
          and(
            eq(paymentCharges.status, 'PROCESSING'),
            or(lt(lastLook, checkedBefore), lt(paymentCharges.expiresAt, now)),
          ),
        ),
        or(isNull(paymentCharges.checkedAt), lt(paymentCharges.checkedAt, leaseOver)),
      ),
    )
    .orderBy(lastLook)
    .limit(BATCH)
    .for('update', { skipLocked: true })
  return db
    .update(paymentCharges)
    .set({ checkedAt: now })
    .where(inArray(paymentCharges.id, due))
    .returning()
}

export interface ReconcileReport {
  charges: number
  refunds: number
  failures: number
  /** Pix Automático authorizations read from the bank. */
  recurrences: number
  /** Recurring charges (/cobr) created, and retries asked, by the scheduler. */
  scheduled: number
}

/**
 * One pass: charges that need a look, then refunds still due, then Pix Automático: the
 * authorizations whose news may be lost, and the scheduler of recurring charges (each /cobr 2 to
 * 10 days before its due date, a failed attempt's retry).
 */
export async function reconcileOnce(
  deps: PaymentsDeps,
  timing: ReconcilerTiming = defaultReconcilerTiming,
): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    charges: 0,
    refunds: 0,
    failures: 0,
    recurrences: 0,
    scheduled: 0,
  }
  for (const charge of await leaseDue(deps.db, deps.now(), timing)) {
    try {
      await resolveCharge(deps, charge)
      report.charges++
    } catch (error) {
      // Still processing at the gateway: nothing wrong, asked again on a later pass.
      if (error instanceof OutcomePendingError) continue
      report.failures++
      deps.logger.warn({ err: error }, `[reconciliador] cobrança ${charge.id} não resolvida`)
    }
  }
  for (const payment of await refundsDue(deps.db)) {
    try {
      await refundPayment(deps, payment)
      report.refunds++
    } catch (error) {
      report.failures++
      deps.logger.warn({ err: error }, `[reconciliador] devolução ${payment.id} não feita`)
    }
  }
  try {
    report.recurrences = await reconcileRecurrences(deps, timing.liveEveryMs)
    const scheduled = await scheduleRecurringCharges(deps)
    report.scheduled = scheduled.created + scheduled.retried
  } catch (error) {
    report.failures++
    deps.logger.warn({ err: error }, '[reconciliador] Pix Automático não resolvido')
  }
  return report
}

/** Runs passes at start and then every `everyMs`, one at a time; returns the way to stop. */
export function startReconciler(
  deps: PaymentsDeps,
  timing: ReconcilerTiming = defaultReconcilerTiming,
): () => Promise<void> {
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  const pass = () => {
    running = reconcileOnce(deps, timing).catch((error: unknown) =>
      deps.logger.error({ err: error }, '[reconciliador] falhou'),
    )
    return running
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const loop = async () => {
    await pass()
    if (!stopped) timer = setTimeout(() => void loop(), timing.everyMs)
  }
  void loop()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
