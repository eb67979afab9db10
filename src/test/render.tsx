import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { Toaster } from '../ui/toaster'

/** The heading of the page a form leaves to: the tests see the form has gone. */
export const elsewhereHeading = 'Fora do formulário'

/**
 * Renders a screen as the app does: inside a router (memory history, the screen at '/', an
 * empty page at '/elsewhere' to leave to), TanStack Query, and the toaster. `screen` gets the
 * router so it can leave the way the app does (a navigation the router may block).
 */
export function renderScreen(screen: (router: { leave: () => void }) => ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const root = createRootRoute({ component: Outlet })
  const history = createMemoryHistory({ initialEntries: ['/'] })
  const leave = () => history.push('/elsewhere')
  const form = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => screen({ leave }),
  })
  const elsewhere = createRoute({
    getParentRoute: () => root,
    path: '/elsewhere',
    component: () => <h1>{elsewhereHeading}</h1>,
  })
  const router = createRouter({ routeTree: root.addChildren([form, elsewhere]), history })
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { user, history, queryClient }
}
