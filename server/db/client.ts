/**
 * Opens the database: embedded PGlite (a directory, or memory for tests) or PostgreSQL (pg Pool).
 * Both go through Drizzle's pg-core, so services see one `Database` type whichever driver runs.
 */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { dumpPglite } from './backup'
import { dataDirError, explainPgliteFailure, prepareFolder, probeFolder } from './data-dir'
import { type DataDirLock, lockDataDir } from './data-dir-lock'
import * as schema from './schema'
import { attachVersionMemo, VersionMemo } from './version-memo'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DatabaseHandle {
  db: Database
  driver: 'pglite' | 'postgres'
  /**
   * Applies pending SQL migrations from server/db/migrations; with `demo`, then the demo's own
   * tables' (server/db/migrations/demo), which a production database never gets.
   */
  migrate(options?: MigrateOptions): Promise<void>
  /**
   * Calls `onNotice` for each NOTIFY on `channel`, from this process or (PostgreSQL) any other
   * on the same database, once the notifying transaction commits. Notices can be lost (a dropped
   * connection), so a listener is a wake-up, never the only way work is found. Returns the
   * unsubscribe.
   */
  listen(channel: string, onNotice: () => void): Promise<() => Promise<void>>
  /** The embedded database in a folder: a consistent copy while it runs (`db/backup.ts`). */
  backup?: () => Promise<Blob>
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  /** postgres://… ; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined
  /**
   * PGlite keeps its files in `<dataDir>/pglite`; this process locks the folder until close().
   * A folder in use or unusable throws a DataDirError whose message is for the operator.
   */
  dataDir?: string | undefined
  /** In-memory PGlite (tests); ignores dataDir. */
  memory?: boolean
  /**
   * With `memory`: start from this dump of a database (PGlite's `dumpDataDir`) instead of an
   * empty one. Tests start from a migrated, seeded dump made once per run: an empty PGlite
   * costs 5 s of initdb, a dump 0.8 s.
   */
  image?: Blob
}

/** Beside this module: server/db/migrations, or dist-server/migrations in the built server. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** The demo's own tables (server/demo/schema.ts), kept in their own journal table. */
export const demoMigrations = {
  migrationsFolder: fileURLToPath(new URL('./migrations/demo', import.meta.url)),
  migrationsTable: '__drizzle_demo_migrations',
}

export type MigrateOptions = { demo?: boolean }

/** Any fixed number: instances starting together migrate one after another, not at once. */
const MIGRATION_LOCK = 727_001

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  if (options.memory) return await pgliteHandle(await startPglite(undefined, options.image))
  return openPglite(options.dataDir)
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir === undefined) return await pgliteHandle(await startPglite(undefined))
  const folder = resolve(dataDir)
  prepareFolder(folder)
  const lock = await lockDataDir(folder).catch((error) => {
    throw dataDirError(error, folder)
  })
  const dir = join(folder, 'pglite')
  try {
    prepareFolder(dir)
    const client = await startPglite(dir).catch((error) => {
      throw explainPgliteFailure(error, dir)
    })
    return await pgliteHandle(client, { dir, lock })
  } catch (error) {
    lock.release()
    throw error
  }
}

async function startPglite(dir: string | undefined, image?: Blob) {
  const client = dir
    ? new TextTypesPGlite(dir)
    : new TextTypesPGlite(image ? { loadDataDir: image } : {})
  await client.waitReady
  // Set after start: PGlite (re)builds its array-type parsers while starting.
  Object.assign(client.parsers, textParsers)
  return client
}

/**
 * PGlite is one process's database (its folder is locked): the versions it reads can be kept in
 * memory, forgotten on each notice of a new one (migration 0008). PGlite hands notices to its
 * listeners in microtasks queued while the writing query runs, so they are handled before that
 * query's caller resumes, and before any answer to the writer's request.
 */
async function keepVersionsInMemory(client: TextTypesPGlite, db: Database) {
  const memo = new VersionMemo()
  await client.listen('contract_versions', (contractId) => memo.notice(contractId))
  await client.exec(`SET portal.version_notices = 'on'`)
  attachVersionMemo(db, memo)
}

async function pgliteHandle(
  client: TextTypesPGlite,
  folder?: { dir: string; lock: DataDirLock },
): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema })
  await keepVersionsInMemory(client, db)
  return {
    db,
    driver: 'pglite',
    // The folder's lock makes this the only process migrating it.
    async migrate({ demo = false } = {}) {
      try {
        await migratePglite(db, { migrationsFolder })
        if (demo) await migratePglite(db, demoMigrations)
      } catch (error) {
        // A full disk or a folder turned read-only says so; any other failure is a bug to see.
        throw (folder && probeFolder(folder.dir)) || error
      }
    },
    listen: (channel, onNotice) => client.listen(channel, () => onNotice()),
    ...(folder && { backup: () => dumpPglite(client) }),
    async close() {
      try {
        await client.close()
      } finally {
        folder?.lock.release()
      }
    },
  }
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error('[db] conexão ociosa com o PostgreSQL falhou:', error))
  const db = drizzleNodePg({ client: pool, schema })
  return {
    db,
    driver: 'postgres',
    async migrate({ demo = false } = {}) {
      // Advisory locks belong to a session, so lock, migrate and unlock on one connection.
      const connection = await pool.connect()
      try {
        const locked = drizzleNodePg({ client: connection, schema })
        await locked.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`)
        try {
          await migrateNodePg(locked, { migrationsFolder })
          if (demo) await migrateNodePg(locked, demoMigrations)
        } finally {
          await locked.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`)
        }
      } finally {
        connection.release()
      }
    },
    listen: (channel, onNotice) => listenPostgres(databaseUrl, channel, onNotice),
    close: () => endPool(pool),
  }
}

/**
 * LISTEN holds a connection of its own (a pooled one would be handed to queries). A dropped one
 * is opened again after a second; notices sent meanwhile are lost, which listeners allow for.
 */
async function listenPostgres(databaseUrl: string, channel: string, onNotice: () => void) {
  let client: pg.Client | undefined
  let stopped = false
  let retry: ReturnType<typeof setTimeout> | undefined
  const again = () => {
    if (stopped || retry) return
    retry = setTimeout(() => {
      retry = undefined
      connect().catch(again)
    }, 1_000)
    retry.unref()
  }
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice()
    })
    next.on('error', () => {
      next.end().catch(() => {})
      if (client === next) client = undefined
      again()
    })
    try {
      await next.connect()
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`)
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    if (stopped) await next.end()
    else client = next
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => {})
    client = undefined
  }
}

/**
 * pool.end() resolves once the pool has let go of its connections, before they have closed; wait
 * (briefly) for each to close, so whoever drops the database next (tests) finds none still open.
 */
async function endPool(pool: pg.Pool) {
  let open = pool.totalCount
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve()
    pool.on('remove', () => {
      open -= 1
      if (open <= 0) resolve()
    })
  })
  await pool.end()
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000).unref())])
}

/**
 * Types Drizzle reads as raw text (it maps dates itself), with the identity parsers it sends along
 * with every PGlite query. PGlite merges those into its ~300 built-in parsers on each query, which
 * costs about 65 µs: a tenth of the hot contract read. Installed once on the instance instead, the
 * per-query copy can be dropped with the same rows as the result.
 */
const textTypes = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]
const textParsers = Object.fromEntries(textTypes.map((type) => [type, (value: string) => value]))

/** Options without the per-query parsers when every one of them is installed on the instance. */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options
  const installed = Object.keys(options.parsers).every((type) => Number(type) in textParsers)
  return installed ? { ...options, parsers: undefined } : options
}

class TextTypesPGlite extends PGlite {
  override query<T>(query: string, params?: unknown[], options?: QueryOptions) {
    return super.query<T>(query, params, withoutTextParsers(options))
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>) {
    return super.transaction((tx) =>
      callback(
        Object.create(tx, {
          query: {
            value: <R>(query: string, params?: unknown[], options?: QueryOptions) =>
              tx.query<R>(query, params, withoutTextParsers(options)),
          },
        }) as Transaction,
      ),
    )
  }
}
