/**
 * Row changes as the database itself sees them, for the fuzz test: a trigger on every table of
 * the public schema logs each inserted, updated and deleted row (old and new, as jsonb) into
 * fuzz_audit.row_changes; a TRUNCATE is logged too. `take()` reads and empties the log and folds
 * it into each table's net change: rows there now that were not before (added) and the reverse
 * (removed). A write undone within the same request nets out (a card charge releasing the
 * instalments it claimed); a rolled-back transaction never reaches the log.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'

export type Row = Record<string, unknown>

export interface TableChange {
  table: string
  added: Row[]
  removed: Row[]
  truncated: boolean
}

interface LogRow extends Record<string, unknown> {
  table_name: string
  old_row: string | null
  new_row: string | null
  truncated: boolean
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

const logFunction = `
create or replace function fuzz_audit.log_row_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    insert into fuzz_audit.row_changes (table_name, truncated) values (tg_table_name, true);
  elsif tg_op = 'INSERT' then
    insert into fuzz_audit.row_changes (table_name, new_row) values (tg_table_name, to_jsonb(new));
  elsif tg_op = 'UPDATE' then
    insert into fuzz_audit.row_changes (table_name, old_row, new_row)
      values (tg_table_name, to_jsonb(old), to_jsonb(new));
  else
    insert into fuzz_audit.row_changes (table_name, old_row) values (tg_table_name, to_jsonb(old));
  end if;
  return null;
end $$`

/** Installs the log on every table there is now; answers the tables it watches. */
export async function watchRowChanges(db: Database) {
  await db.execute(sql.raw('create schema if not exists fuzz_audit'))
  await db.execute(
    sql.raw(`create table if not exists fuzz_audit.row_changes (
      id bigserial primary key, table_name text not null, old_row jsonb, new_row jsonb,
      truncated boolean not null default false)`),
  )
  await db.execute(sql.raw(logFunction))
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql.raw(`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
    ),
  ).map((row) => row.table_name)
  for (const table of tables) {
    await db.execute(
      sql.raw(`create or replace trigger fuzz_row_change after insert or update or delete
        on "${table}" for each row execute function fuzz_audit.log_row_change()`),
    )
    await db.execute(
      sql.raw(`create or replace trigger fuzz_truncate after truncate
        on "${table}" for each statement execute function fuzz_audit.log_row_change()`),
    )
  }

  /** The net change of every table since the last call (only tables that changed). */
  async function take(): Promise<TableChange[]> {
    const log = rowsOf<LogRow>(
      await db.execute(
        sql.raw(`delete from fuzz_audit.row_changes
          returning table_name, old_row::text as old_row, new_row::text as new_row, truncated`),
      ),
    )
    // jsonb prints its keys in one canonical order, so equal rows have equal text.
    const balances = new Map<string, { counts: Map<string, number>; truncated: boolean }>()
    for (const entry of log) {
      const balance = balances.get(entry.table_name) ?? { counts: new Map(), truncated: false }
      balances.set(entry.table_name, balance)
      if (entry.truncated) balance.truncated = true
      if (entry.new_row !== null) {
        balance.counts.set(entry.new_row, (balance.counts.get(entry.new_row) ?? 0) + 1)
      }
      if (entry.old_row !== null) {
        balance.counts.set(entry.old_row, (balance.counts.get(entry.old_row) ?? 0) - 1)
      }
    }
    const changes: TableChange[] = []
    for (const [table, { counts, truncated }] of balances) {
      const added: Row[] = []
      const removed: Row[] = []
      for (const [text, count] of counts) {
        for (let n = 0; n < Math.abs(count); n++)
          (count > 0 ? added : removed).push(JSON.parse(text))
      }
      if (added.length > 0 || removed.length > 0 || truncated) {
        changes.push({ table, added, removed, truncated })
      }
    }
    return changes
  }

  return { tables, take }
}
