/**
 * Plans (contract models) as the provider's integration API sees them (decision 019): found
 * and kept by the provider's `externalId`, with how their instalments may be paid (the plan's
 * payment settings); an upsert that changes nothing writes nothing.
 */
import { asc, eq, gt } from 'drizzle-orm'
import type { CardLayoutUpsert, Plan, PlanPayments, PlanUpsert } from '../../contract/integration'
import type { Database } from '../db/client'
import { modelContracts, paymentSettings } from '../db/schema'
import { ProblemError } from '../http/integration'
import { type CardLook, defaultTemplates } from './card-layout'
import { type Cursor, pageOf } from './cursor'
import { sameValues, type Upserted, upsertRetrying } from './upserts'

export const planMessages = { notFound: 'Nenhum plano com este externalId.' } as const

type Row = typeof modelContracts.$inferSelect
type Settings = typeof paymentSettings.$inferSelect

const toPlan = (row: Row, settings: Settings | null): Plan => ({
  id: row.id,
  externalId: row.externalId,
  name: row.name,
  payments: settings
    ? {
        pix: settings.validPaymentTypes.pix,
        credit: settings.validPaymentTypes.credit,
        recurrence: settings.validPaymentTypes.recurrence,
        boletoPix: settings.validPaymentTypes.boleto_pix,
        pixMinutes: settings.expirationPix,
        fixedInstallments: settings.fixedInstallments,
        gatewayCompanyId: settings.gatewayId,
      }
    : null,
  updatedAt: row.updatedAt.toISOString(),
})

/** A new plan's settings when the provider sends none: every method (the server limits them). */
const everyMethod: PlanPayments = {
  pix: true,
  credit: true,
  recurrence: true,
  boletoPix: true,
  pixMinutes: 30,
  fixedInstallments: 0,
  gatewayCompanyId: '',
}

const settingsColumns = (payments: PlanPayments) => ({
  validPaymentTypes: {
    pix: payments.pix,
    credit: payments.credit,
    recurrence: payments.recurrence,
    boleto_pix: payments.boletoPix,
  },
  expirationPix: payments.pixMinutes,
  fixedInstallments: payments.fixedInstallments,
  gatewayId: payments.gatewayCompanyId,
})

function planRows(db: Database) {
  return db
    .select({ plan: modelContracts, settings: paymentSettings })
    .from(modelContracts)
    .leftJoin(paymentSettings, eq(paymentSettings.modelContractId, modelContracts.id))
}

export async function planByExternalId(db: Database, externalId: string): Promise<Plan | null> {
  const [row] = await planRows(db).where(eq(modelContracts.externalId, externalId))
  return row ? toPlan(row.plan, row.settings) : null
}

/** The plan's settings as sent; none sent keeps them (or, for a plan without, every method). */
async function writeSettings(tx: Database, planId: string, payments: PlanPayments) {
  const values = settingsColumns(payments)
  await tx
    .insert(paymentSettings)
    .values({ modelContractId: planId, ...values })
    .onConflictDoUpdate({ target: paymentSettings.modelContractId, set: values })
}

/**
 * Creates or updates the plan the provider knows as `externalId`. Two calls at once for a new
 * id: the insert that loses the unique index is run again as an update of the winner's row.
 */
export function upsertPlan(
  db: Database,
  externalId: string,
  input: PlanUpsert,
  now: Date,
): Promise<Upserted<Plan>> {
  return upsertRetrying(() =>
    db.transaction(async (tx): Promise<Upserted<Plan> | 'lost'> => {
      const [existing] = await tx
        .select()
        .from(modelContracts)
        .where(eq(modelContracts.externalId, externalId))
        .for('update')
      const read = async () => {
        const plan = await planByExternalId(tx, externalId)
        if (!plan) throw new Error('plano gravado e não lido')
        return plan
      }
      if (existing) {
        const [settings] = await tx
          .select()
          .from(paymentSettings)
          .where(eq(paymentSettings.modelContractId, existing.id))
        const sameName = existing.name === input.name
        const sameSettings =
          input.payments === undefined
            ? settings !== undefined
            : settings !== undefined && sameValues(settings, settingsColumns(input.payments))
        if (sameName && sameSettings) return { outcome: 'unchanged', item: await read() }
        if (!sameName)
          await tx
            .update(modelContracts)
            .set({ name: input.name, updatedAt: now })
            .where(eq(modelContracts.id, existing.id))
        if (!sameSettings) await writeSettings(tx, existing.id, input.payments ?? everyMethod)
        return { outcome: 'updated', item: await read() }
      }
      const [created] = await tx
        .insert(modelContracts)
        .values({ externalId, name: input.name, updatedAt: now })
        .onConflictDoNothing({ target: modelContracts.externalId })
        .returning()
      if (!created) return 'lost'
      await writeSettings(tx, created.id, input.payments ?? everyMethod)
      return { outcome: 'created', item: await read() }
    }),
  )
}

/** Plans in a stable order (by id), `limit` at a time after the cursor. */
export async function listPlans(db: Database, cursor: Cursor | undefined, limit: number) {
  const rows = await planRows(db)
    .where(cursor ? gt(modelContracts.id, cursor.after) : undefined)
    .orderBy(asc(modelContracts.id))
    .limit(limit + 1)
  return pageOf(
    rows.map((row) => toPlan(row.plan, row.settings)),
    limit,
    (plan) => plan.id,
  )
}

/** The plan's card templates: its own, or the portal's (`custom: false`) to start from. */
export async function planCardLayout(db: Database, externalId: string, look: CardLook) {
  const [row] = await db
    .select({ layout: modelContracts.cardLayout })
    .from(modelContracts)
    .where(eq(modelContracts.externalId, externalId))
  if (!row) throw new ProblemError(404, planMessages.notFound)
  const layout = row.layout ?? defaultTemplates(look)
  return { planExternalId: externalId, custom: row.layout !== null, ...layout }
}

/**
 * Sets (or, with null, removes) the plan's card templates. The app asks for a card's layout
 * each time it is opened with signal, so the next view and the next pass show it.
 */
export async function setPlanCardLayout(
  db: Database,
  externalId: string,
  layout: CardLayoutUpsert | null,
  now: Date,
) {
  const [row] = await db
    .update(modelContracts)
    .set({ cardLayout: layout, updatedAt: now })
    .where(eq(modelContracts.externalId, externalId))
    .returning({ id: modelContracts.id })
  if (!row) throw new ProblemError(404, planMessages.notFound)
}
