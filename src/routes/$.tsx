import { createFileRoute, redirect } from '@tanstack/react-router'
import { session } from '../api/session'
import { unmatchedRouteTarget } from '../lib/route-access'

// Unmatched routes (spec §2): home when logged in, otherwise the request-code login.
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: unmatchedRouteTarget(session.token(), Date.now()), replace: true })
  },
})
