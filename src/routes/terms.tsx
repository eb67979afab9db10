import { createFileRoute, useRouter } from '@tanstack/react-router'
import { PendingTerms } from '../features/contracts/components/pending-terms'
import { signOut } from '../offline/sign-out'
import { IconButton } from '../ui/button'
import { ArrowBackIcon } from '../ui/icons'
import { Shell } from '../ui/shell'

export const Route = createFileRoute('/terms')({
  staticData: { hideBottomNav: true, backRoute: '/login' },
  component: TermsScreen,
})

function TermsScreen() {
  const { queryClient } = Route.useRouteContext()
  const router = useRouter()
  // 'Discordo' clears the token and goes to login (spec §2 screen 4). The back arrow leads to
  // login too, and with the token still there login would bounce straight back: it leaves as well.
  const leave = async () => {
    await signOut(queryClient)
    void router.navigate({ to: '/login' })
  }
  const back = (
    <IconButton label="Voltar" onClick={() => void leave()}>
      <ArrowBackIcon />
    </IconButton>
  )
  return (
    <Shell start={back}>
      <PendingTerms onDisagree={() => void leave()} />
    </Shell>
  )
}
