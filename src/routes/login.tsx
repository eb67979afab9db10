import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import * as v from 'valibot'
import { deliveryChannels } from '../../contract/auth'
import { AuthPage } from '../features/auth/components/auth-page'
import { RequestCodeForm } from '../features/auth/components/request-code-form'

export const Route = createFileRoute('/login')({
  // Coming back from the verify screen: the e-mail and channel typed before stay filled in.
  validateSearch: v.object({
    email: v.optional(v.string()),
    send_to: v.optional(v.fallback(v.picklist(deliveryChannels), 'email')),
  }),
  staticData: { hideBottomNav: true },
  component: LoginScreen,
})

/** Not in the first view: loaded beside it, and only where the browser has WebAuthn. */
const PasskeyLogin = lazy(() => import('../features/auth/passkeys/passkey-login'))

function LoginScreen() {
  const navigate = useNavigate()
  const { email, send_to } = Route.useSearch()
  return (
    <AuthPage
      title="Receber código de entrada"
      subtitle="Entre sem senha: enviamos um código de 6 números para você."
    >
      <RequestCodeForm
        initialEmail={email}
        initialChannel={send_to}
        onCodeSent={(sentTo, channel) =>
          navigate({
            to: '/verify-code',
            search: { email: sentTo, send_to: channel === 'email' ? undefined : channel },
          })
        }
      />
      {'PublicKeyCredential' in window && (
        <Suspense>
          <PasskeyLogin />
        </Suspense>
      )}
    </AuthPage>
  )
}
