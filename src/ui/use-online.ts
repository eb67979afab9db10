import { useSyncExternalStore } from 'react'
import { connectivity } from '../api/connectivity'

/** Whether the server can be reached (docs/design.md §5), as React state. */
export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.online, () => true)
}
