/**
 * Plans (contract models) as the provider's integration API sees them (decision 019): found
 * and kept by the provider's `externalId`; an upsert that changes nothing writes nothing.
 */
import { asc, eq, gt } from 'drizzle-orm'
import type { Plan, PlanUpsert } from '../../contract/integration'
import type { Database } from '../db/client'
import { modelContracts } from '../db/schema'
import { type Cursor, pageOf } from './cursor'
import type { Upserted } from './upserts'

type Row = typeof modelContracts.$inferSelect

const toPlan = (row: Row): Plan => ({
  id: row.id,
  externalId: row.externalId,
  name: row.name,
  updatedAt: row.updatedAt.toISOString(),
})

export async function planByExternalId(db: Database, externalId: string): Promise<Plan | null> {
  const [row] = await db
    .select()
    .from(modelContracts)
    .where(eq(modelContracts.externalId, externalId))
  return row ? toPlan(row) : null
}

/**
 * Creates or updates the plan the provider knows as `externalId`. Two calls at once for a new
 * id: the insert that loses the unique index becomes an update of the winner's row.
 */
export async function upsertPlan(
  db: Database,
  externalId: string,
  input: PlanUpsert,
  now: Date,
): Promise<Upserted<Plan>> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(modelContracts)
      .where(eq(modelContracts.externalId, externalId))
      .for('update')
    if (existing) {
      if (existing.name === input.name) return { outcome: 'unchanged', item: toPlan(existing) }
      const [row] = await tx
        .update(modelContracts)
        .set({ name: input.name, updatedAt: now })
        .where(eq(modelContracts.id, existing.id))
        .returning()
      return { outcome: 'updated', item: toPlan(row as Row) }
    }
    const [created] = await tx
      .insert(modelContracts)
      .values({ externalId, name: input.name, updatedAt: now })
      .onConflictDoNothing({ target: modelContracts.externalId })
      .returning()
    if (created) return { outcome: 'created', item: toPlan(created) }
    // Another call created it between our read and our insert: this one is then an update.
    const [row] = await tx
      .update(modelContracts)
      .set({ name: input.name, updatedAt: now })
      .where(eq(modelContracts.externalId, externalId))
      .returning()
    return { outcome: 'updated', item: toPlan(row as Row) }
  })
}

/** Plans in a stable order (by id), `limit` at a time after the cursor. */
export async function listPlans(db: Database, cursor: Cursor | undefined, limit: number) {
  const rows = await db
    .select()
    .from(modelContracts)
    .where(cursor ? gt(modelContracts.id, cursor.after) : undefined)
    .orderBy(asc(modelContracts.id))
    .limit(limit + 1)
  return pageOf(rows.map(toPlan), limit, (plan) => plan.id)
}
