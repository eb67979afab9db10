import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { getContract } from '../../../../contract/api/contracts'
import { callRevalidating, pathOf } from '../../../api/call'
import { contractKeys } from '../../../api/query-keys'
import { session } from '../../../api/session'
import { storeContracts } from '../../../offline/contract-store'
import { db } from '../../../offline/db'

/**
 * Reads one contract, validates it and writes it through to the device's read model. The
 * device's copy is revalidated by its ETag: an unchanged contract costs a 304, not 14 KB.
 */
export const contractQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contractKeys.detail(id),
    queryFn: async () => {
      const input = { params: { id } }
      const stored = await db.contracts.get(id)
      const answer = await callRevalidating(getContract, input, { etag: stored?.etag })
      const syncedAt = Date.now()
      if (answer.unchanged) {
        await db.contracts.update(id, { syncedAt })
        return syncedAt
      }
      await storeContracts([answer.data], syncedAt, { [id]: answer.etag })
      // The tag the stored copy kept (none under a waiting save): the early read must agree.
      session.setContractEtag(pathOf(getContract, input), (await db.contracts.get(id))?.etag)
      return syncedAt
    },
    // Spec §7: loaded once per id; later visits read the device and refresh in the background.
    staleTime: 5 * 60_000,
  })

/**
 * Makes sure the device knows the contract: resolves at once with what it stored before
 * (refreshing in the background), or waits for the network the first time.
 */
export async function ensureContract(queryClient: QueryClient, id: string) {
  const stored = await db.contracts.get(id)
  if (stored) {
    void queryClient.prefetchQuery(contractQueryOptions(id))
    return stored
  }
  await queryClient.fetchQuery(contractQueryOptions(id))
  return db.contracts.get(id)
}

/** One hook for the contract: what the device knows, whether it is syncing, and when it last did. */
export function useContract(id: string) {
  const contract = useLiveQuery(() => db.contracts.get(id), [id])
  const query = useQuery(contractQueryOptions(id))
  return {
    contract,
    syncing: query.isFetching,
    syncedAt: contract?.syncedAt ?? null,
    error: query.error,
  }
}
