import { onlineManager, QueryClient } from '@tanstack/react-query'
import { ApiError } from './client'

export function createQueryClient() {
  // Query v5 assumes "online" until it sees an event; an app opened with no signal must start
  // offline so its fetches wait, and then resume by themselves when the connection returns.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; a dropped connection might.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  })
}
