import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { session } from '../api/session'
import { SignOutMenu } from '../features/auth/components/sign-out-menu'
import { PaymentScreen } from '../features/payments/components/payment-screen'
import { readOnServer } from '../lib/read-on-server'
import { IconButton } from '../ui/button'
import { ArrowBackIcon } from '../ui/icons'
import { Shell } from '../ui/shell'

/** Spec §2 screen 14: open to anyone with the link's code. */
export const Route = createFileRoute('/pagamento')({
  validateSearch: v.object({ code: v.optional(v.pipe(v.string(), v.trim()), '') }),
  staticData: { hideBottomNav: true, holdsInstallOffer: true },
  // Read before the server renders it (decision 020); in the browser, by the screen itself.
  ...readOnServer(async (code) =>
    (await import('../features/payments/api/checkout')).paymentLinkQueryOptions(code),
  ),
  component: PaymentLinkRoute,
})

function PaymentLinkRoute() {
  const { code } = Route.useSearch()
  const navigate = useNavigate()
  // Back arrow and 'Sair' only for a holder who came from the app (a stored contract id).
  const fromApp = session.contractId() !== null
  return (
    <Shell
      start={
        fromApp ? (
          <IconButton label="Voltar" onClick={() => void navigate({ to: '/search' })}>
            <ArrowBackIcon />
          </IconButton>
        ) : undefined
      }
      end={fromApp ? <SignOutMenu /> : undefined}
    >
      <PaymentScreen code={code} />
    </Shell>
  )
}
