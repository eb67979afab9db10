import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { deliveryChannels } from '../../contract/auth'
import { AuthPage } from '../features/auth/components/auth-page'
import {
  NoContracts,
  noContractsTitle,
  useAnotherEmail,
} from '../features/auth/components/no-contracts'
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
  // A right code that found no contract: the screen is that state's, with its own title.
  const [noContracts, setNoContracts] = useState(false)
  const channel = send_to ?? 'email'
  const anotherEmail = useAnotherEmail(channel)

  const toolbar = (
    <>
      {/* Back to the request screen with what was typed there, to fix a typo or switch channel. */}
      <IconButton
        label="Voltar"
        onClick={() =>
          noContracts ? anotherEmail(email) : navigate({ to: '/login', search: { email, send_to } })
        }
      >
        <ArrowBackIcon />
      </IconButton>
      <SignOutMenu />
    </>
  )

  if (noContracts)
    return (
      <AuthPage title={noContractsTitle} toolbar={toolbar}>
        <NoContracts email={email} channel={channel} />
      </AuthPage>
    )
  return (
    <AuthPage title="Inserir código de entrada" toolbar={toolbar}>
      <VerifyCodeForm
        email={email}
        channel={channel}
        onLoggedIn={(token) => {
          // The offer of a passkey waits for the first screen after this code login.
          passkeyOffer.afterCodeLogin()
          return enter(token)
        }}
        onNoContracts={() => setNoContracts(true)}
      />
    </AuthPage>
  )
}
