/**
 * Copies of the embedded database (issue 28): `npm run portal -- backup <arquivo>` and
 * `… restore <arquivo>`. With PostgreSQL the standard tools do this (README, "Backups").
 *
 * A copy is PGlite's own dump of its folder (a gzipped tar), the format PGlite loads back with
 * `loadDataDir`. It is taken in PGlite's transaction queue right after a CHECKPOINT: every query
 * and transaction of the server waits in that queue, so none is open while the folder is read,
 * and an acknowledged write (acknowledged after its COMMIT) is wholly in the copy or wholly after
 * it. While a server runs on the folder it takes the copy itself (`local-socket.ts`); otherwise
 * the command opens the folder, holding its lock, and takes it.
 */
import { existsSync, readdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

/** What a portal database has and any other lacks: Drizzle's journal of our migrations. */
const JOURNAL = 'drizzle.__drizzle_migrations'

export class BackupError extends Error {}

/** The copy of a running PGlite, consistent as the module comment says. */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  // The checkpoint makes the copy start with nothing to replay; the queue makes it whole.
  await client.exec('CHECKPOINT')
  return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'))
}

/** The database folder inside DATA_DIR (as `db/client.ts` opens it). */
export const pgliteFolder = (dataDir: string) => join(dataDir, 'pglite')

/** True when DATA_DIR holds a database (PostgreSQL writes PG_VERSION first). */
export const holdsDatabase = (dataDir: string) =>
  existsSync(join(pgliteFolder(dataDir), 'PG_VERSION'))

/**
 * Opens `copy` in memory and reads how many migrations it has: a file that is not a copy of a
 * portal database stops here, before anything on disk changes.
 */
export async function checkCopy(copy: Blob, name: string): Promise<number> {
  let client: PGlite | undefined
  try {
    client = new PGlite({ loadDataDir: copy })
    await client.waitReady
    const result = await client.query<{ count: number }>(
      `select count(*)::int as count from ${JOURNAL}`,
    )
    return result.rows[0]?.count ?? 0
  } catch (error) {
    throw new BackupError(
      `O arquivo ${name} não é uma cópia do banco do portal (${error instanceof Error ? error.message : String(error)}). Nada foi alterado.`,
    )
  } finally {
    await client?.close().catch(() => undefined)
  }
}

/**
 * Puts `copy` in DATA_DIR, whose lock the caller holds. A database already there is kept beside
 * it (`pglite.antes-da-restauracao-<quando>`), never overwritten. Returns where it went.
 */
export async function restoreInto(
  dataDir: string,
  copy: Blob,
  now: Date,
): Promise<{ keptAt: string | undefined }> {
  const folder = pgliteFolder(dataDir)
  let keptAt: string | undefined
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    keptAt = join(dataDir, `pglite.antes-da-restauracao-${now.toISOString().replace(/[:.]/g, '-')}`)
    renameSync(folder, keptAt)
  }
  const client = new PGlite(folder, { loadDataDir: copy })
  try {
    await client.waitReady
    await client.query(`select count(*) from ${JOURNAL}`)
  } finally {
    await client.close()
  }
  return { keptAt }
}
