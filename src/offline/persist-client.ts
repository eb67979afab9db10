import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client'
import { persistedCacheKey, shouldPersistQuery } from './persist'

/** Loaded by `useRestoredQueries` (./persist) after the first render, never in the entry. */
const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: persistedCacheKey,
})

export const restoreQueries = (queryClient: QueryClient) =>
  persistQueryClientRestore({ queryClient, persister, maxAge: 7 * 24 * 60 * 60_000 })

/** Saves the opted-in queries on every cache change; returns the way to stop. */
export const saveQueries = (queryClient: QueryClient) =>
  persistQueryClientSubscribe({
    queryClient,
    persister,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  })
