/**
 * A holder's instalments (spec §3 "Instalment (payment order)", §7 payment-orders/:id). Status and
 * delay are read against today's date in São Paulo, so a NOT_PAID instalment whose due date has
 * passed shows as OVERDUE without any job rewriting rows.
 */
import { asc, eq } from 'drizzle-orm'
import type { PaymentOrder } from '../../src/api/schemas'
import type { Database } from '../db/client'
import { holders, paymentOrders } from '../db/schema'
import { delayedDays, effectiveStatus, todayInSaoPaulo } from './payment-amounts'

/** The part of `discount` the last paid link granted (spec §9), 0 when none. */
export const lastLinkAdjustmentOf = (data: Record<string, unknown>) =>
  typeof data.lastLinkAdjustment === 'number' ? data.lastLinkAdjustment : 0

/**
 * The contract's instalments in instalment order when this person holds it; undefined for
 * anyone else's contract (or none). One query: the holder row proves ownership even when the
 * contract has no instalment yet.
 */
export async function listHolderInstalments(
  db: Database,
  personId: string,
  contractId: string,
  now: Date,
): Promise<PaymentOrder[] | undefined> {
  const rows = await db
    .select({ holderPerson: holders.personId, order: paymentOrders })
    .from(holders)
    .leftJoin(paymentOrders, eq(paymentOrders.contractId, holders.contractId))
    .where(eq(holders.contractId, contractId))
    .orderBy(asc(paymentOrders.installment), asc(paymentOrders.dueDate), asc(paymentOrders.id))
  if (rows[0]?.holderPerson !== personId) return undefined
  const today = todayInSaoPaulo(now)
  return rows.flatMap(({ order }) =>
    order
      ? [
          {
            id: order.id,
            description: order.description,
            installment: order.installment,
            status: effectiveStatus(order.status, order.dueDate, today),
            due_date: order.dueDate,
            value: order.value,
            discount: order.discount,
            paid_value: order.paidValue,
            delayed_days: delayedDays(order.status, order.dueDate, today),
            data: { lastLinkAdjustment: lastLinkAdjustmentOf(order.data) },
          },
        ]
      : [],
  )
}
