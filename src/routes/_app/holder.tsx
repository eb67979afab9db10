import { createFileRoute } from '@tanstack/react-router'

// Registration ("Meu cadastro"): built in the registration issue.
export const Route = createFileRoute('/_app/holder')({
  staticData: { backRoute: '/home' },
  component: () => <h1>Meu cadastro</h1>,
})
