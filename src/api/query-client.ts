import { onlineManager, QueryClient } from '@tanstack/react-query'
import { ApiError } from './client'
import { connectivity } from './connectivity'

/** How long a read stays fresh: screens that open within it reuse it instead of asking again. */
export const freshForMs = 30_000

export function createQueryClient() {
  // Query follows the app's one connectivity source, not navigator.onLine: reads wait while the
  // server cannot be reached and resume by themselves once a probe or request gets through.
  onlineManager.setEventListener((setOnline) => {
    setOnline(connectivity.online())
    return connectivity.subscribe(() => setOnline(connectivity.online()))
  })
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: freshForMs,
        // A 4xx will not get better by asking again; a dropped connection might.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      // Every mutation is a person's tap: try it now and say what happened, never wait silently
      // as a paused mutation while the app believes it is offline.
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}
