import { createFileRoute } from '@tanstack/react-router'

// Dependents list ("Seus Dependentes"): built in the registration issue.
export const Route = createFileRoute('/_app/dependents')({
  staticData: { backRoute: '/home' },
  component: () => <h1>Seus Dependentes</h1>,
})
