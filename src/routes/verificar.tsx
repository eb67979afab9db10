import { createFileRoute } from '@tanstack/react-router'
import { VerifyPage } from '../features/verify/components/verify-page'
import { Shell } from '../ui/shell'

// Open route (no login): staff at the gate check member passes here, with or without signal.
export const Route = createFileRoute('/verificar')({
  staticData: { hideBottomNav: true },
  component: () => (
    <Shell>
      <VerifyPage />
    </Shell>
  ),
})
