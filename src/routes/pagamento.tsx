import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { session } from '../api/session'
import { SignOutMenu } from '../features/auth/components/sign-out-menu'
import { PaymentScreen } from '../features/payments/components/payment-screen'
import { IconButton } from '../ui/button'
import { ArrowBackIcon } from '../ui/icons'
import { Shell } from '../ui/shell'

/** Spec §2 screen 14: open to anyone with the link's code. */
export const Route = createFileRoute('/pagamento')({
  validateSearch: v.object({ code: v.optional(v.pipe(v.string(), v.trim()), '') }),
  staticData: { hideBottomNav: true },
  // On the server only (decision 020): the screen is rendered with its data, read before. In
  // the browser the screen reads it itself, as it did before (the page's answer, taken over).
  ...(import.meta.env.SSR
    ? {
        loaderDeps: ({ search }: { search: { code?: string } }) => ({ code: search.code }),
        loader: async ({
          context,
          deps: { code },
        }: {
          context: { queryClient: import('@tanstack/react-query').QueryClient }
          deps: { code?: string }
        }) => {
          if (!code) return
          const { paymentLinkQueryOptions } = await import('../features/payments/api/checkout')
          // Kept until the render has read it (the screen itself keeps a link no longer).
          await context.queryClient.prefetchQuery({
            ...paymentLinkQueryOptions(code),
            gcTime: 60_000,
          })
        },
      }
    : {}),
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
