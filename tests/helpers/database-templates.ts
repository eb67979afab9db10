/**
 * Demo databases made once per test run and copied for every server, instead of built again.
 *
 * A new PGlite runs initdb: 5 s of CPU in memory, 3.3 s in a folder, before the migrations
 * (0.7 s) and the demo seed (0.5 s). The API tests open dozens of databases and the browser
 * journeys start a server per file, or per test where they use up the demo data, so that was
 * minutes of every run spent making the same database. A dump loads in 0.8 s; a folder copies
 * in 0.25 s and opens in 0.5 s (measured on the 2-core machine, quiet).
 *
 * `tests/global-setup.ts` builds them once per run (in processes of their own:
 * tests/build-database-templates.ts) and hands their place to the test workers with vitest's
 * provide/inject. The seed's dates follow the day it runs, so a
 * template made on another day (in Brazil's time) is not used: the test builds its own.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { openDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/demo/seed'
import { provided } from './provided'

export type DatabaseTemplates = {
  /** When the demo data was seeded (ISO 8601). */
  seededAt: string
  /** A PGlite dump (`dumpDataDir`) of the migrated demo database, for in-memory databases. */
  dump: string
  /** A DATA_DIR holding the migrated demo database in `pglite/`, closed, for servers. */
  dataDir: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates
  }
}

const brazilDay = (date: Date) =>
  date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })

/** The run's templates, when made today; undefined outside vitest or on another day. */
function todaysTemplates(): DatabaseTemplates | undefined {
  const templates = provided('databaseTemplates')
  if (!templates) return undefined
  return brazilDay(new Date(templates.seededAt)) === brazilDay(new Date()) ? templates : undefined
}

/** The migrated demo database as a dump to start an in-memory PGlite from, if there is one. */
export function demoDump(): Blob | undefined {
  const dump = todaysTemplates()?.dump
  return dump ? new Blob([readFileSync(dump)]) : undefined
}

/**
 * Puts the migrated demo database in `dataDir` (as the server keeps it, in `pglite/`) when the
 * run has one; false when it has none and the server must build it as on a first start.
 */
export function copyDemoDataDir(dataDir: string): boolean {
  const template = todaysTemplates()?.dataDir
  if (!template) return false
  cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true })
  return true
}

/** Writes a dump of the database in the DATA_DIR `dataDir` (closed) to `file`. */
export async function dumpDataDir(dataDir: string, file: string) {
  const client = new PGlite(join(dataDir, 'pglite'))
  // dumpDataDir before the database is ready never settles.
  await client.waitReady
  try {
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
  } finally {
    await client.close()
  }
}

/** Makes `dataDir` a DATA_DIR with the migrated, seeded demo database, as `npm start` would. */
export async function buildDemoDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true })
  const handle = await openDatabase({ dataDir })
  try {
    await handle.migrate({ demo: true })
    await seedDemoData(handle.db)
  } finally {
    await handle.close()
  }
}
