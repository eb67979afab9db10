import { createFileRoute } from '@tanstack/react-router'

// Payments list: built in the payments issue; the route exists so the bottom navigation works.
export const Route = createFileRoute('/_app/search')({
  staticData: { backRoute: '/home' },
  component: () => <h1>Pagamentos</h1>,
})
