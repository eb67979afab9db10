import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { deliveryChannels } from '../../contract/auth'
import { AuthPage } from '../features/auth/components/auth-page'
import { SignOutMenu } from '../features/auth/components/sign-out-menu'
import { VerifyCodeForm } from '../features/auth/components/verify-code-form'
import { passkeyOffer } from '../features/auth/passkeys/support'
import { useEnterAfterLogin } from '../features/contracts/use-enter-after-login'
import { IconButton } from '../ui/button'
import { ArrowBackIcon } from '../ui/icons'

export const Route = createFileRoute('/verify-code')({
  validateSearch: v.object({
    email: v.optional(v.string(), ''),
    // Absent means e-mail, so the spec's URL (?email=…) stays as it was.
    send_to: v.optional(v.fallback(v.picklist(deliveryChannels), 'email')),
  }),
  beforeLoad: ({ search }) => {
    if (!search.email) throw redirect({ to: '/login', replace: true })
  },
  staticData: { hideBottomNav: true, backRoute: '/login' },
  component: VerifyCodeScreen,
})

function VerifyCodeScreen() {
  const { email, send_to } = Route.useSearch()
  const navigate = useNavigate()
  const enter = useEnterAfterLogin()

  const toolbar = (
    <>
      {/* Back to the request screen with what was typed there, to fix a typo or switch channel. */}
      <IconButton
        label="Voltar"
        onClick={() => navigate({ to: '/login', search: { email, send_to } })}
      >
        <ArrowBackIcon />
      </IconButton>
      <SignOutMenu />
    </>
  )

  return (
    <AuthPage title="Inserir código de entrada" toolbar={toolbar}>
      <VerifyCodeForm
        email={email}
        channel={send_to ?? 'email'}
        onLoggedIn={(token) => {
          // The offer of a passkey waits for the first screen after this code login.
          passkeyOffer.afterCodeLogin()
          return enter(token)
        }}
      />
    </AuthPage>
  )
}
