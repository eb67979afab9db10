import { createFileRoute, useRouter } from '@tanstack/react-router'
import { PrivacyPage } from '../features/privacy/components/privacy-page'
import { IconButton } from '../ui/button'
import { ArrowBackIcon } from '../ui/icons'
import { Shell } from '../ui/shell'

/** How the portal treats personal data (issue 28): public, linked from /login and the menu. */
export const Route = createFileRoute('/privacidade')({ component: PrivacyScreen })

function PrivacyScreen() {
  const router = useRouter()
  // Back where the person came from (the login or the menu); opened on its own, the login.
  const back = () =>
    router.history.canGoBack() ? router.history.back() : void router.navigate({ to: '/login' })
  return (
    <Shell
      start={
        <IconButton label="Voltar" onClick={back}>
          <ArrowBackIcon />
        </IconButton>
      }
    >
      <PrivacyPage />
    </Shell>
  )
}
