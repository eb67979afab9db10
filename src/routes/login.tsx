import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import * as v from 'valibot'
import { deliveryChannels } from '../../contract/auth'
import { AuthPage, authStyles } from '../features/auth/components/auth-page'
import { RequestCodeForm } from '../features/auth/components/request-code-form'
import { afterPaint } from '../ui/after-paint'

export const Route = createFileRoute('/login')({
  // Coming back from the verify screen: the e-mail and channel typed before stay filled in.
  validateSearch: v.object({
    email: v.optional(v.string()),
    send_to: v.optional(v.fallback(v.picklist(deliveryChannels), 'email')),
  }),
  staticData: { hideBottomNav: true },
  component: LoginScreen,
})

/** Not in the first view: loaded after it has painted, and only where the browser has WebAuthn. */
const PasskeyLogin = lazy(() => import('../features/auth/passkeys/passkey-login'))

/**
 * True once the screen has painted: the button's code is asked for only then, so the login form
 * never waits on one more request (loaded during the first render, it put 0.5 s on /login's
 * simulated LCP in Lighthouse: 2.2 -> 2.7 s).
 */
function usePainted() {
  const [painted, setPainted] = useState(false)
  useEffect(() => afterPaint(() => setPainted(true)), [])
  return painted
}

function LoginScreen() {
  const navigate = useNavigate()
  const { email, send_to } = Route.useSearch()
  const painted = usePainted()
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
      {painted && 'PublicKeyCredential' in window && (
        <Suspense>
          <PasskeyLogin />
        </Suspense>
      )}
      {/* What the portal keeps and why, before anyone types an e-mail (issue 28). A plain link:
          /login's first view has no bytes to spare for the router's. */}
      <a className={authStyles.legal} href="/privacidade">
        Privacidade
      </a>
    </AuthPage>
  )
}
