import { createFileRoute } from '@tanstack/react-router'

// Member cards: built in the member-cards issue; the route exists so the bottom navigation works.
export const Route = createFileRoute('/_app/favorites')({
  staticData: { backRoute: '/home' },
  component: () => <h1>Carteirinhas</h1>,
})
