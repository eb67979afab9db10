import type { Query, QueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'

/**
 * Small reads that need no Dexie table survive a reload in localStorage. A query opts in with
 * `meta: { persist: true }`; everything personal and large lives in Dexie instead.
 */
export const persistedCacheKey = 'portal-titular-query-cache'

export const shouldPersistQuery = (query: Query) =>
  query.state.status === 'success' && query.meta?.persist === true

/** Clients whose stored queries were restored before the app first rendered, with the code. */
const restoredBefore = new WeakMap<QueryClient, typeof import('./persist-client')>()

/**
 * Restores the stored queries before the first render. For the server-rendered takeover
 * (src/boot.tsx): restored after it, the end of the restore re-rendered the whole app in one
 * blocking task (a state change outside a transition), not in the transition's slices.
 */
export async function restoreBeforeRender(queryClient: QueryClient): Promise<void> {
  try {
    const loaded = await import('./persist-client')
    await loaded.restoreQueries(queryClient).catch(() => undefined)
    restoredBefore.set(queryClient, loaded)
  } catch {
    // Its code did not load: the hook tries again after the first render.
  }
}

/**
 * What `PersistQueryClientProvider` does, with the persister and the (de)hydration code loaded
 * on first render instead of in the entry: /login's first view does not carry them. True while
 * the stored queries are being restored (for `IsRestoringProvider`: queries wait for it); once
 * restored, every cache change is saved again.
 */
export function useRestoredQueries(queryClient: QueryClient): boolean {
  const early = restoredBefore.get(queryClient)
  const [isRestoring, setIsRestoring] = useState(early === undefined)
  const persistence = useRef<typeof import('./persist-client') | null>(early ?? null)
  const didRestore = useRef(early !== undefined)
  useEffect(() => {
    if (!didRestore.current) {
      didRestore.current = true
      import('./persist-client')
        .then((loaded) => {
          persistence.current = loaded
          return loaded.restoreQueries(queryClient)
        })
        // A store that cannot be read is dropped by the restore itself; the app starts empty.
        .catch(() => undefined)
        .finally(() => setIsRestoring(false))
    }
    if (isRestoring || !persistence.current) return
    return persistence.current.saveQueries(queryClient)
  }, [queryClient, isRestoring])
  return isRestoring
}
