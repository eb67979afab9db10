import { createFileRoute } from '@tanstack/react-router'
import { Scheduling } from '../../features/scheduling/components/scheduling'

/**
 * /profile is the scheduling screen (spec §2 screen 13, "Agendar" in the bottom bar), whatever its URL says: the spec
 * fixes the URL, so the file keeps it. The profile itself is /home (home.tsx).
 */
export const Route = createFileRoute('/_app/profile')({
  staticData: { backRoute: '/home' },
  component: Scheduling,
})
