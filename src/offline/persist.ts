import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { Query } from '@tanstack/react-query'

/**
 * Small reads that need no Dexie table survive a reload in localStorage. A query opts in with
 * `meta: { persist: true }`; everything personal and large lives in Dexie instead.
 */
export const persistedCacheKey = 'portal-titular-query-cache'

export const queryPersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: persistedCacheKey,
})

export const shouldPersistQuery = (query: Query) =>
  query.state.status === 'success' && query.meta?.persist === true
