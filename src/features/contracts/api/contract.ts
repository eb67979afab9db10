import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { contract as contractSchema } from '../../../../contract/contracts'
import { apiPaths } from '../../../../contract/paths'
import { apiRequest } from '../../../api/client'
import { contractKeys } from '../../../api/query-keys'
import { storeContracts } from '../../../offline/contract-store'
import { db } from '../../../offline/db'

/** Fetches one contract, validates it and writes it through to the device's read model. */
export const contractQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contractKeys.detail(id),
    queryFn: async ({ signal }) => {
      const contract = await apiRequest(apiPaths.contract(id), {
        schema: contractSchema,
        signal,
      })
      const syncedAt = Date.now()
      await storeContracts([contract], syncedAt)
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
