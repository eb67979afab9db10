/**
 * Whether this instance can serve: the database answers, and it has every migration this code
 * was written for. Counted as Drizzle's migrator counts (db/client.ts migrates at start): a
 * migration is pending when its journal time is after the last one recorded in
 * drizzle.__drizzle_migrations. An older instance beside a newer, already migrated one is ready.
 */
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { type Database, migrationsFolder } from '../db/client'

export type Readiness =
  | { ready: true }
  | { ready: false; problem: 'database'; cause: unknown }
  | { ready: false; problem: 'migrations'; pending: number }

/** A probe that waits longer than this is answered "not ready" rather than left hanging. */
const DATABASE_TIMEOUT_MS = 2_000

let expected: number[] | undefined
/** The journal times of this code's migrations, read once (they do not change while it runs). */
const migrationTimes = () => {
  expected ??= readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis)
  return expected
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

async function lastAppliedMigration(db: Database): Promise<number | undefined> {
  const [tracked] = rowsOf<{ present: boolean }>(
    await db.execute(
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    ),
  )
  if (!tracked?.present) return undefined
  const [last] = rowsOf<{ at: string | null }>(
    await db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`),
  )
  return last?.at ? Number(last.at) : undefined
}

export async function checkReadiness(
  db: Database,
  timeoutMs = DATABASE_TIMEOUT_MS,
): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  let last: number | undefined | 'timeout'
  try {
    last = await Promise.race([lastAppliedMigration(db), timeout])
  } catch (cause) {
    return { ready: false, problem: 'database', cause }
  } finally {
    clearTimeout(timer)
  }
  if (last === 'timeout') {
    return {
      ready: false,
      problem: 'database',
      cause: new Error(`sem resposta em ${timeoutMs} ms`),
    }
  }
  const pending = migrationTimes().filter((time) => last === undefined || time > last).length
  return pending === 0 ? { ready: true } : { ready: false, problem: 'migrations', pending }
}
