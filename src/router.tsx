import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { RouteError } from './ui/route-error'

export type RouterContext = { queryClient: QueryClient }

/**
 * Route metadata (spec §2): bottom navigation, page transition, where the back arrow goes; and
 * whether the install prompt waits (src/features/install/components/install-prompt.tsx).
 */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    hideBottomNav?: boolean
    transition?: 'fade' | 'slide'
    backRoute?: string
    /** A screen where the person pays: the install prompt waits for the next one. */
    holdsInstallOffer?: boolean
  }
}

/** `history`: the browser's by default; the server's rendering passes one at the page's URL. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    // Query owns freshness; the router must not cache loader results on its own.
    defaultPreloadStaleTime: 0,
    // Not in the server's rendering: its restoring script is inline, which the CSP refuses.
    scrollRestoration: !history,
    defaultErrorComponent: RouteError,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
