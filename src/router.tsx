import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { RouteError } from './ui/route-error'

export type RouterContext = { queryClient: QueryClient }

/** Route metadata (spec §2): bottom navigation, page transition, where the back arrow goes. */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    hideBottomNav?: boolean
    transition?: 'fade' | 'slide'
    backRoute?: string
  }
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query owns freshness; the router must not cache loader results on its own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
