/**
 * Sliding-window counters in the database, so every server instance shares them. A key's count
 * is this window's events plus the previous window's, weighted by how much of it still overlaps
 * the last `windowMs` (the "sliding window counter" of Cloudflare and Redis' rate-limit
 * patterns). Unlike a fixed window, a burst at a window's edge cannot get twice the limit
 * through: the previous window's events still count as the next one begins.
 */
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rateLimits } from '../db/schema'

export interface Rule {
  /** Events allowed in any `windowMs`. */
  limit: number
  windowMs: number
}

export interface Count {
  /** The sliding count, this event included. */
  count: number
  /** Whole seconds until one more event would be allowed again (≥ 1). */
  retryAfterSeconds: number
}

const windowStartOf = (now: Date, windowMs: number) =>
  Math.floor(now.getTime() / windowMs) * windowMs

/** Adds `by` events (negative: takes back ones counted before) and returns the sliding count. */
export async function hit(
  db: Database,
  key: string,
  rule: Rule,
  now: Date,
  by = 1,
): Promise<Count> {
  const start = windowStartOf(now, rule.windowMs)
  let current: number
  if (by > 0) {
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart: new Date(start), count: by })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + ${by}` },
      })
      .returning({ count: rateLimits.count })
    current = row?.count ?? by
  } else {
    const [row] = await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} + ${by}, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, new Date(start))))
      .returning({ count: rateLimits.count })
    current = row?.count ?? 0
  }
  const [previous] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(eq(rateLimits.key, key), eq(rateLimits.windowStart, new Date(start - rule.windowMs))),
    )
  return slidingCount(previous?.count ?? 0, current, (now.getTime() - start) / rule.windowMs, rule)
}

/**
 * The weighted count, and when it will have fallen below the limit again, for a window that
 * is `elapsed` (0..1) through, with `previous` events in the window before and `current` in it.
 */
export function slidingCount(
  previous: number,
  current: number,
  elapsed: number,
  rule: Rule,
): Count {
  const count = previous * (1 - elapsed) + current
  const room = rule.limit - 1
  let waitFraction: number
  if (count <= room) waitFraction = 0
  else if (current <= room && previous > 0) {
    // Within this window, once enough of the previous one has slid out.
    waitFraction = 1 - (room - current) / previous - elapsed
  } else {
    // Not before the next window, once enough of this one has slid out too.
    waitFraction = 1 - elapsed + (current > 0 ? Math.max(0, 1 - room / current) : 0)
  }
  return {
    count: Math.ceil(count - 1e-9),
    retryAfterSeconds: Math.max(1, Math.ceil((waitFraction * rule.windowMs) / 1000 - 1e-6)),
  }
}

/** Windows that ended long ago no longer limit anything (the longest rule is one day). */
export async function deleteOldWindows(db: Database, now: Date) {
  await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - 3 * 86_400_000)))
}
