import { createFileRoute } from '@tanstack/react-router'
import { Scheduling } from '../../features/scheduling/components/scheduling'

export const Route = createFileRoute('/_app/profile')({
  staticData: { backRoute: '/home' },
  component: Scheduling,
})
