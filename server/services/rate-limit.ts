/**
 * Fixed-window counters in the database, so every server instance shares them. Each hit is one
 * atomic upsert-increment that returns the new count.
 */
import { lt, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rateLimits } from '../db/schema'

export const RATE_WINDOW_MS = 15 * 60 * 1000

export const windowStart = (now: Date) =>
  new Date(Math.floor(now.getTime() / RATE_WINDOW_MS) * RATE_WINDOW_MS)

export async function hit(db: Database, key: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: windowStart(now), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count })
  return row?.count ?? 1
}

/** Windows that ended long ago no longer limit anything. */
export async function deleteOldWindows(db: Database, now: Date) {
  await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)))
}
