import type { Contract } from '../../contract/contracts'
import { db, type LocalChange, type StoredContract } from './db'

/** The contract with a waiting save's change on top, as every screen should show it. */
export function withChange(stored: StoredContract, change: LocalChange): StoredContract {
  // No longer the server's copy: a revalidation must fetch it whole, never keep this one.
  const { etag: _serverVersion, ...contract } = stored
  if ('holderPerson' in change) {
    if (!contract.holder) return contract
    const person = change.holderPerson
    return { ...contract, holder_name: person.name, holder: { ...contract.holder, person } }
  }
  const { dependent } = change
  const known = contract.dependents.some((item) => item.id === dependent.id)
  return {
    ...contract,
    dependents: known
      ? contract.dependents.map((item) => (item.id === dependent.id ? dependent : item))
      : [...contract.dependents, dependent],
  }
}

/**
 * Writes contracts read from the server into the device, each with the changes of the saves
 * still waiting for that server on top: a refresh that lands before the outbox has delivered
 * must not make a 'pendente' edit vanish from the screens. `etags` (by contract id) are kept
 * with the copies that have no change on top.
 */
export async function storeContracts(
  contracts: Contract[],
  syncedAt: number,
  etags: Record<string, string | undefined> = {},
) {
  await db.transaction('rw', db.contracts, db.outbox, async () => {
    const waiting = await db.outbox
      .where('contractId')
      .anyOf(contracts.map((contract) => contract.id))
      .filter((row) => row.state !== 'refused')
      .sortBy('createdAt')
    await db.contracts.bulkPut(
      contracts.map((contract) =>
        waiting
          .filter((row) => row.contractId === contract.id)
          .reduce<StoredContract>((shown, row) => withChange(shown, row.change), {
            ...contract,
            syncedAt,
            etag: etags[contract.id],
          }),
      ),
    )
  })
}
