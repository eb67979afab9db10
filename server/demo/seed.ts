/**
 * Demo data (docs/design.md §4), written once: on first start in demo mode, only while no person
 * exists, in one transaction. Ids are fixed (see demo/ids.ts) so tests can rely on them.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { persons } from '../db/schema'
import { seedAna } from './data/ana'
import { seedBruno } from './data/bruno'
import { seedCatalogue } from './data/catalogue'
import { seedCarla, seedDavi, seedElisa } from './data/others'
import { addPaymentsToEarlierDemo, seedAnaPaymentLinks, seedPaymentSettings } from './data/payments'

export { demoEmails, demoGatewayId, demoIds, demoPaymentLinks } from './data/ids'

/** Any fixed number: two instances starting on one empty database must not both seed. */
const SEED_LOCK = 727_002

/**
 * Returns true when it wrote the demo data, false when the database already had people (a demo
 * database from before payments existed only gets their set-up added).
 */
export async function seedDemoData(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const existing = await tx.select({ id: persons.id }).from(persons).limit(1)
    if (existing.length > 0) {
      await addPaymentsToEarlierDemo(tx, now)
      return false
    }
    await seedCatalogue(tx)
    await seedPaymentSettings(tx)
    await seedAna(tx, now)
    await seedAnaPaymentLinks(tx, now)
    await seedBruno(tx, now)
    await seedCarla(tx, now)
    await seedDavi(tx, now)
    await seedElisa(tx)
    return true
  })
}
