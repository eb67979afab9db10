/**
 * Instalments as the provider's integration API writes them (decision 019). Money is never taken
 * twice and never lost: an instalment the portal collected cannot be marked paid outside (409);
 * a change of amount or due date, a payment outside and a cancellation first end the live
 * collections holding the instalment, at the bank or gateway; a payment that arrives for one
 * anyway is refunded by the charge machine (charges.ts), as for every late duplicate.
 */
import { asc, eq, gt, sql } from 'drizzle-orm'
import type { Instalment, InstalmentUpsert, MarkPaid } from '../../contract/integration'
import type { Database } from '../db/client'
import { contracts, paymentCharges, paymentOrders } from '../db/schema'
import { ProblemError } from '../http/integration'
import { isLive } from './charge-states'
import { type Charge, readCharge } from './charges'
import { cancelCollection, type PaymentsDeps, resolveCharge } from './collections'
import { type Cursor, pageOf } from './cursor'
import { reais } from './holder-messages'
import { instalmentDue, todayInSaoPaulo } from './payment-amounts'
import { contractNamed, immutableField, sameValues, type Upserted, upsertRetrying } from './upserts'

type OrderRow = typeof paymentOrders.$inferSelect
type PaidOutside = { method: string; reference: string }

const paidOutsideOf = (row: OrderRow): PaidOutside | null => {
  const outside = row.data.paidOutside as PaidOutside | undefined
  return outside ? { method: outside.method, reference: outside.reference } : null
}

const toInstalment = (row: OrderRow, contractExternalId: string | null): Instalment => ({
  id: row.id,
  externalId: row.externalId,
  contractId: row.contractId,
  contractExternalId,
  number: row.installment,
  description: row.description,
  dueDate: row.dueDate,
  value: row.value,
  discount: row.discount,
  status: row.status,
  paidValue: row.paidValue,
  paidAt: row.paidAt?.toISOString() ?? null,
  paidThrough: row.status !== 'PAID' ? null : paidOutsideOf(row) ? 'provider' : 'portal',
  paidOutside: paidOutsideOf(row),
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
})

export const instalmentMessages = {
  notFound: 'Nenhuma parcela com este externalId.',
  paidByPortal: (at: string) =>
    `O portal já recebeu esta parcela (em ${at}). Não registre o pagamento de novo; se o titular pagou também fora, devolva esse outro pagamento.`,
  paidOutside: (reference: string) =>
    `Esta parcela já foi marcada como paga fora do portal (referência ${reference}).`,
  paidUnchangeable: 'Parcela paga: não pode mais ser alterada nem cancelada.',
  cancelled: 'Parcela cancelada: não pode mais ser alterada nem paga.',
  changedByProvider: 'Parcela alterada pelo contratante.',
  paidByProvider: 'Parcela paga fora do portal.',
  cancelledByProvider: 'Parcela cancelada pelo contratante.',
  busy: 'Há uma cobrança desta parcela sendo concluída agora. Tente de novo em alguns segundos.',
  paidInFuture:
    'O momento do pagamento (paidAt) está no futuro: informe quando o dinheiro foi recebido.',
  paidTooLittle: (due: number, day: string) =>
    `O valor pago (amount) é menor que o devido por esta parcela em ${day.split('-').reverse().join('/')}: ${reais(due)} (${due} centavos), com a multa e os juros de atraso do dia. Um pagamento parcial não quita a parcela: registre-a quando o total for recebido.`,
} as const

/** Clocks disagree a little: a payment stamped up to this far ahead of ours is taken as now. */
const CLOCK_SKEW_MS = 5 * 60_000

/**
 * What the instalment costs on the day it was paid (São Paulo's calendar): value − discount,
 * plus the late fine and interest the portal itself would have charged that day.
 */
const dueOn = (row: OrderRow, paidAt: Date) => {
  const day = todayInSaoPaulo(paidAt)
  return { day, total: instalmentDue(row, day).total }
}

function rows(db: Database) {
  return db
    .select({ order: paymentOrders, contractExternalId: contracts.externalId })
    .from(paymentOrders)
    .innerJoin(contracts, eq(contracts.id, paymentOrders.contractId))
}

export async function instalmentByExternalId(db: Database, externalId: string) {
  const [row] = await rows(db).where(eq(paymentOrders.externalId, externalId))
  return row ? toInstalment(row.order, row.contractExternalId) : null
}

export async function listProviderInstalments(
  db: Database,
  cursor: Cursor | undefined,
  limit: number,
) {
  const found = await rows(db)
    .where(cursor ? gt(paymentOrders.id, cursor.after) : undefined)
    .orderBy(asc(paymentOrders.id))
    .limit(limit + 1)
  return pageOf(
    found.map((row) => toInstalment(row.order, row.contractExternalId)),
    limit,
    (item) => item.id,
  )
}

/** The live collection holding this instalment, if any (it must end before the change). */
async function liveHolder(tx: Database, row: OrderRow): Promise<Charge | undefined> {
  if (!row.chargeId) return undefined
  const [charge] = await tx.select().from(paymentCharges).where(eq(paymentCharges.id, row.chargeId))
  return charge && isLive(charge.status) ? charge : undefined
}

type Step<T> = T | { held: Charge }
const isHeld = <T>(step: Step<T>): step is { held: Charge } =>
  typeof step === 'object' && step !== null && 'held' in step

/**
 * Runs `work` (one transaction over the locked instalment); when a live collection holds the
 * instalment, ends it at the bank or gateway first (or finds it paid), then runs `work` again.
 */
async function afterLiveCollections<T>(
  deps: PaymentsDeps,
  because: string,
  work: () => Promise<Step<T>>,
): Promise<T> {
  for (let round = 0; round < 4; round++) {
    const step = await work()
    if (!isHeld(step)) return step
    if (step.held.status === 'CREATED') await resolveCharge(deps, step.held)
    const current = await readCharge(deps.db, step.held.id)
    if (current && isLive(current.status)) await cancelCollection(deps, current, because)
  }
  throw new ProblemError(409, instalmentMessages.busy)
}

async function lockByExternalId(tx: Database, externalId: string) {
  const [row] = await tx
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.externalId, externalId))
    .for('update')
  return row
}

export const instalmentColumns = (input: InstalmentUpsert) => ({
  installment: input.number,
  description: input.description,
  dueDate: input.dueDate,
  value: input.value,
  discount: input.discount,
  status: input.status,
})

/**
 * Would these columns change nothing? A paid instalment answers its own status unchanged: the
 * PUT of an import run again.
 */
export function instalmentUnchanged(
  stored: OrderRow,
  values: ReturnType<typeof instalmentColumns>,
) {
  return sameValues(stored, stored.status === 'PAID' ? { ...values, status: 'PAID' } : values)
}

/** Creates or updates the instalment the provider knows as `externalId`. */
export function upsertInstalment(
  deps: PaymentsDeps,
  externalId: string,
  input: InstalmentUpsert,
): Promise<Upserted<Instalment>> {
  const values = instalmentColumns(input)
  return upsertRetrying(() =>
    afterLiveCollections(deps, instalmentMessages.changedByProvider, () =>
      deps.db.transaction(async (tx): Promise<Step<Upserted<Instalment> | 'lost'>> => {
        const contract = await contractNamed(tx, input.contractExternalId)
        const stored = await lockByExternalId(tx, externalId)
        if (stored) {
          if (stored.contractId !== contract.id)
            throw immutableField(
              'contractExternalId',
              'Uma parcela não muda de contrato: cancele-a e crie outra no contrato novo.',
            )
          const item = () => toInstalment(stored, input.contractExternalId)
          if (instalmentUnchanged(stored, values)) return { outcome: 'unchanged', item: item() }
          if (stored.status === 'PAID')
            throw new ProblemError(409, instalmentMessages.paidUnchangeable)
          if (stored.cancelledAt) throw new ProblemError(409, instalmentMessages.cancelled)
          const priced =
            stored.value !== values.value ||
            stored.discount !== values.discount ||
            stored.dueDate !== values.dueDate
          const held = priced ? await liveHolder(tx, stored) : undefined
          if (held) return { held }
          const [row] = await tx
            .update(paymentOrders)
            .set(values)
            .where(eq(paymentOrders.id, stored.id))
            .returning()
          return {
            outcome: 'updated',
            item: toInstalment(row as OrderRow, input.contractExternalId),
          }
        }
        const [created] = await tx
          .insert(paymentOrders)
          .values({ ...values, externalId, contractId: contract.id, createdAt: deps.now() })
          .onConflictDoNothing({ target: paymentOrders.externalId })
          .returning()
        if (!created) return 'lost'
        return { outcome: 'created', item: toInstalment(created, input.contractExternalId) }
      }),
    ),
  )
}

const at = (date: Date | null) =>
  date ? date.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }) : 'data desconhecida'

/**
 * The provider received this instalment outside the portal (`mark-paid`). The same method and
 * reference again answer the instalment as it is; the portal's own collection wins (409). Only
 * the whole amount due on the day it was paid closes it (less is 422: the data has one paid
 * value per instalment, and a partial payment read as PAID would hide a debt); more is kept as
 * sent, since the money was received.
 */
export function markInstalmentPaid(
  deps: PaymentsDeps,
  externalId: string,
  input: MarkPaid,
): Promise<Instalment> {
  const paidAt = new Date(input.paidAt)
  if (paidAt.getTime() > deps.now().getTime() + CLOCK_SKEW_MS)
    throw new ProblemError(422, instalmentMessages.paidInFuture, [
      { path: 'body.paidAt', code: 'in_future', message: instalmentMessages.paidInFuture },
    ])
  return afterLiveCollections(deps, instalmentMessages.paidByProvider, () =>
    deps.db.transaction(async (tx): Promise<Step<Instalment>> => {
      const stored = await lockByExternalId(tx, externalId)
      if (!stored) throw new ProblemError(404, instalmentMessages.notFound)
      const contractExternalId = await contractExternalIdOf(tx, stored.contractId)
      if (stored.cancelledAt) throw new ProblemError(409, instalmentMessages.cancelled)
      if (stored.status === 'PAID') {
        const outside = paidOutsideOf(stored)
        if (!outside)
          throw new ProblemError(409, instalmentMessages.paidByPortal(at(stored.paidAt)))
        if (outside.method === input.method && outside.reference === input.reference)
          return toInstalment(stored, contractExternalId)
        throw new ProblemError(409, instalmentMessages.paidOutside(outside.reference))
      }
      const due = dueOn(stored, paidAt)
      if (input.amount < due.total) {
        const message = instalmentMessages.paidTooLittle(due.total, due.day)
        throw new ProblemError(422, message, [{ path: 'body.amount', code: 'too_small', message }])
      }
      const held = await liveHolder(tx, stored)
      if (held) return { held }
      const [row] = await tx
        .update(paymentOrders)
        .set({
          status: 'PAID',
          paidValue: input.amount,
          paidAt,
          data: sql`${paymentOrders.data} || ${JSON.stringify({
            paidOutside: { method: input.method, reference: input.reference },
          })}::jsonb`,
        })
        .where(eq(paymentOrders.id, stored.id))
        .returning()
      return toInstalment(row as OrderRow, contractExternalId)
    }),
  )
}

/** Cancels an open instalment: hidden from the holder, its live collections ended. */
export function cancelInstalment(
  deps: PaymentsDeps,
  externalId: string,
  reason: string | null,
): Promise<Instalment> {
  return afterLiveCollections(deps, instalmentMessages.cancelledByProvider, () =>
    deps.db.transaction(async (tx): Promise<Step<Instalment>> => {
      const stored = await lockByExternalId(tx, externalId)
      if (!stored) throw new ProblemError(404, instalmentMessages.notFound)
      const contractExternalId = await contractExternalIdOf(tx, stored.contractId)
      if (stored.cancelledAt) return toInstalment(stored, contractExternalId)
      if (stored.status === 'PAID') throw new ProblemError(409, instalmentMessages.paidUnchangeable)
      const held = await liveHolder(tx, stored)
      if (held) return { held }
      const [row] = await tx
        .update(paymentOrders)
        .set({
          cancelledAt: deps.now(),
          data: sql`${paymentOrders.data} || ${JSON.stringify({ cancelReason: reason })}::jsonb`,
        })
        .where(eq(paymentOrders.id, stored.id))
        .returning()
      return toInstalment(row as OrderRow, contractExternalId)
    }),
  )
}

async function contractExternalIdOf(tx: Database, contractId: string) {
  const [row] = await tx
    .select({ externalId: contracts.externalId })
    .from(contracts)
    .where(eq(contracts.id, contractId))
  return row?.externalId ?? null
}
