/**
 * The demo's own tables (server/demo/schema.ts) live apart (issue 24): a production database
 * never gets them, a demo one does, and a database made before they moved loses them and only
 * them (migration 0012), its data untouched.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getTableName, is, sql } from 'drizzle-orm'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { PgTable } from 'drizzle-orm/pg-core'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { afterEach, describe, expect, it } from 'vitest'
import * as demoSchema from '../demo/schema'
import { seedDemoData } from '../demo/seed'
import { backends, scratchPostgres } from '../testing'
import { type DatabaseHandle, migrationsFolder, openDatabase } from './client'

const demoTables = Object.values(demoSchema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort()

/** The demo's tables 0012 moved out: those of its first migration (later ones add their own). */
const movedTables = demoTables.filter((name) =>
  readFileSync(join(migrationsFolder, 'demo/0000_demo_tables.sql'), 'utf8').includes(
    `CREATE TABLE "${name}"`,
  ),
)

/** Every table of the public schema, with its columns and how many rows it holds. */
async function tablesOf(handle: DatabaseHandle) {
  const { rows } = (await handle.db.execute(
    sql`select table_name, string_agg(column_name || ' ' || data_type, ', ' order by column_name) as columns
        from information_schema.columns where table_schema = 'public' group by table_name`,
  )) as unknown as { rows: Array<{ table_name: string; columns: string }> }
  const tables: Record<string, { columns: string; rows: number }> = {}
  for (const { table_name: name, columns } of rows) {
    const counted = (await handle.db.execute(
      sql.raw(`select count(*)::int as n from "${name}"`),
    )) as unknown as { rows: Array<{ n: number }> }
    tables[name] = { columns, rows: counted.rows[0]?.n ?? -1 }
  }
  return tables
}

/**
 * The product's migrations as they stood up to one of them: 0011, before the demo's tables
 * moved out; 0012, the move itself (later ones change other tables, which is not its concern).
 */
function migrationsUpTo(last: number) {
  const folder = mkdtempSync(join(tmpdir(), `migracoes-${last}-`))
  cpSync(migrationsFolder, folder, { recursive: true })
  const journalFile = join(folder, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number }>
  }
  journal.entries = journal.entries.filter((entry) => entry.idx <= last)
  writeFileSync(journalFile, JSON.stringify(journal))
  return folder
}

/** Every `ADD COLUMN` of the migrations after `last`, as statements to run on their own. */
function columnsAddedAfter(last: number): string[] {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ idx: number; tag: string }>
  }
  const statements = journal.entries
    .filter((entry) => entry.idx > last)
    .flatMap((entry) =>
      readFileSync(join(migrationsFolder, `${entry.tag}.sql`), 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim()),
    )
  // A column of a table those later migrations create comes with its table, not before it.
  const created = statements.flatMap(
    (statement) => /^CREATE TABLE "(\w+)"/.exec(statement)?.slice(1, 2) ?? [],
  )
  return statements.filter((statement) => {
    const table = /^ALTER TABLE "(\w+)" ADD COLUMN /.exec(statement)?.[1]
    return table !== undefined && !created.includes(table)
  })
}

describe.each(backends)('the demo’s tables apart (%s)', (backend) => {
  const cleanups: Array<() => Promise<void> | void> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })

  async function freshDatabase() {
    if (backend === 'pglite') {
      const handle = await openDatabase({ memory: true })
      cleanups.push(() => handle.close())
      return handle
    }
    const scratch = await scratchPostgres('pdt_demo_tables')
    const handle = await openDatabase({ databaseUrl: scratch.url })
    cleanups.push(async () => {
      await handle.close()
      await scratch.drop()
    })
    return handle
  }

  it('a production database has none of them; a demo one has them all', async () => {
    const handle = await freshDatabase()
    await handle.migrate()
    const production = Object.keys(await tablesOf(handle))
    expect(production).toContain('contracts')
    expect(production.filter((name) => demoTables.includes(name))).toEqual([])

    await handle.migrate({ demo: true })
    const demo = Object.keys(await tablesOf(handle))
    expect(demo.filter((name) => demoTables.includes(name)).sort()).toEqual(demoTables)
  })

  it('a database made before loses the demo’s tables and nothing else: every other table, column and row stays', async () => {
    const handle = await freshDatabase()
    const before = migrationsUpTo(11)
    const move = migrationsUpTo(12)
    cleanups.push(() => {
      for (const folder of [before, move]) rmSync(folder, { recursive: true, force: true })
    })
    const migrateTo = (migrationsFolder: string) =>
      handle.driver === 'pglite'
        ? migratePglite(handle.db as never, { migrationsFolder })
        : migrateNodePg(handle.db as never, { migrationsFolder })
    await migrateTo(before)
    // Today's seed writes columns that migrations after 0012 added: added first, so it runs on
    // a database of 0011. 0012 touches none of them (it only drops the demo's tables).
    for (const statement of columnsAddedAfter(12)) await handle.db.execute(sql.raw(statement))
    await seedDemoData(handle.db)
    const old = await tablesOf(handle)
    expect(Object.keys(old)).toEqual(expect.arrayContaining(movedTables))
    expect(movedTables).toContain('sandbox_pix_cobs')
    expect(old.sandbox_card_tokens?.rows).toBeGreaterThan(0)

    await migrateTo(move)
    const now = await tablesOf(handle)
    const productOnly = Object.fromEntries(
      Object.entries(old).filter(([name]) => !demoTables.includes(name)),
    )
    expect(now).toEqual(productOnly)
  })
})
