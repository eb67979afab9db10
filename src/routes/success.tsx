import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { SuccessScreen } from '../features/payments/components/success-screen'
import { Shell } from '../ui/shell'

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)))
/** Beyond the spec: the paid link's code, for its receipt. */
const optionalCode = v.fallback(
  v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))),
  undefined,
)

/** Spec §2 screen 15: msg and message change the title and the text. */
export const Route = createFileRoute('/success')({
  validateSearch: v.object({ msg: optionalText, message: optionalText, code: optionalCode }),
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
          const { paidSummaryQueryOptions } = await import('../features/payments/api/paid-summary')
          await context.queryClient.prefetchQuery(paidSummaryQueryOptions(code))
        },
      }
    : {}),
  component: SuccessRoute,
})

function SuccessRoute() {
  const { msg, message, code } = Route.useSearch()
  return (
    <Shell>
      <SuccessScreen title={msg} text={message} code={code} />
    </Shell>
  )
}
