/**
 * A holder's instalments (spec §3 "Instalment (payment order)", §7 payment-orders/:id). Status and
 * delay are read against today's date in São Paulo, so a NOT_PAID instalment whose due date has
 * passed shows as OVERDUE without any job rewriting rows.
 */
import { sql } from 'drizzle-orm'
import type { PaymentOrder } from '../../contract/payments'
import type { Database } from '../db/client'
import { rowFromJson } from '../db/json-rows'
import { preparedPerDatabase } from '../db/prepared'
import { paymentOrders } from '../db/schema'
import { delayedDays, effectiveStatus, todayInSaoPaulo } from './payment-amounts'

/** The part of `discount` the last paid link granted (spec §9), 0 when none. */
export const lastLinkAdjustmentOf = (data: Record<string, unknown>) =>
  typeof data.lastLinkAdjustment === 'number' ? data.lastLinkAdjustment : 0

const holderPaymentOrders = preparedPerDatabase((db) =>
  db
    .select({ orders: sql<unknown[] | null>`orders` })
    .from(
      sql`holder_payment_orders(${sql.placeholder('personId')}::uuid, ${sql.placeholder('contractId')}::uuid) as orders`,
    )
    .prepare('holder_payment_orders'),
)

/**
 * The contract's instalments in instalment order when this person holds it; undefined for
 * anyone else's contract (or none). One call of the `holder_payment_orders` function (migration
 * 0004): the holder row proves ownership even when the contract has no instalment yet.
 */
export async function listHolderInstalments(
  db: Database,
  personId: string,
  contractId: string,
  now: Date,
): Promise<PaymentOrder[] | undefined> {
  const [found] = await holderPaymentOrders(db).execute({ personId, contractId })
  if (!found?.orders) return undefined
  const today = todayInSaoPaulo(now)
  return found.orders.map((json) => {
    const order = rowFromJson(paymentOrders, json)
    return {
      id: order.id,
      description: order.description,
      installment: order.installment,
      status: effectiveStatus(order.status, order.dueDate, today),
      due_date: order.dueDate,
      value: order.value,
      discount: order.discount,
      paid_value: order.paidValue,
      paid_on: order.status === 'PAID' && order.paidAt ? todayInSaoPaulo(order.paidAt) : null,
      delayed_days: delayedDays(order.status, order.dueDate, today),
      data: { lastLinkAdjustment: lastLinkAdjustmentOf(order.data) },
    }
  })
}
