/**
 * Hot reads as prepared queries, one per database handle: Drizzle builds their SQL once instead
 * of on every call, and on PostgreSQL each pooled connection parses and plans them once (named
 * statements). PGlite has no named statements; its plans stay warm inside the PL/pgSQL functions
 * the hot reads call.
 */
import type { Database } from './client'

export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>()
  return (db) => {
    let query = prepared.get(db)
    if (!query) {
      query = prepare(db)
      prepared.set(db, query)
    }
    return query
  }
}
