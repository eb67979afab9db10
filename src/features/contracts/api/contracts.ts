import { queryOptions, useQuery } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { listContracts } from '../../../../contract/api/contracts'
import { call } from '../../../api/call'
import { contractKeys } from '../../../api/query-keys'
import { storeContracts } from '../../../offline/contract-store'
import { db } from '../../../offline/db'
import { contractQueryOptions } from './contract'

/**
 * The holder's contracts, validated and written through to the device. The list carries every
 * contract whole (spec §3), so each answer also counts as a fresh read of each contract: the
 * detail queries are marked fresh with it, and the layout's loader does not read the chosen
 * contract a second time right after login (spec §7: loaded once per id).
 */
export const contractsQueryOptions = () =>
  queryOptions({
    queryKey: contractKeys.list(),
    queryFn: async ({ client }) => {
      const contracts = await call(listContracts)
      const syncedAt = Date.now()
      await db.transaction('rw', db.contracts, db.outbox, async () => {
        // Contracts the server no longer lists must not linger on the device.
        await db.contracts
          .where('id')
          .noneOf(contracts.map((c) => c.id))
          .delete()
        await storeContracts(contracts, syncedAt)
      })
      for (const contract of contracts)
        client.setQueryData(contractQueryOptions(contract.id).queryKey, syncedAt, {
          updatedAt: syncedAt,
        })
      return contracts
    },
  })

/** The holder's contracts as the device knows them, refreshed from the server in the background. */
export function useContracts() {
  const query = useQuery(contractsQueryOptions())
  const contracts = useLiveQuery(() => db.contracts.orderBy('id').toArray(), [])
  // ISO timestamps sort as plain strings; localeCompare would build a collator (ICU) at start.
  const sorted = contracts
    ?.slice()
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
  return {
    contracts: sorted,
    loading: sorted === undefined || (query.isPending && !sorted.length),
    error: query.error,
  }
}
