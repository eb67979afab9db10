/**
 * The version of what a holder reads of a contract (contracts.version, bumped by the triggers of
 * migration 0007), in one call of `holder_contract_version`: undefined when the person does not
 * hold the contract, so the revalidation of an answer checks ownership as the full read does.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { preparedPerDatabase } from '../db/prepared'
import { versionMemoOf } from '../db/version-memo'

const holderContractVersion = preparedPerDatabase((db) =>
  db
    .select({ version: sql<string | number | bigint | null>`version` })
    .from(
      sql`holder_contract_version(${sql.placeholder('personId')}::uuid, ${sql.placeholder('contractId')}::uuid) as version`,
    )
    .prepare('holder_contract_version'),
)

export async function contractVersion(
  db: Database,
  personId: string,
  contractId: string,
): Promise<string | undefined> {
  // The embedded database tells this process of every new version: what it read still holds.
  const memo = versionMemoOf(db)
  const kept = memo?.get(contractId, personId)
  if (kept !== undefined) return kept
  const mark = memo?.mark()
  const [found] = await holderContractVersion(db).execute({ personId, contractId })
  // A bigint: node-postgres gives it as text, PGlite as a number.
  if (found?.version === null || found?.version === undefined) return undefined
  const version = String(found.version)
  if (memo && mark !== undefined) memo.keep(mark, contractId, personId, version)
  return version
}
