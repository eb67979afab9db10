import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { SuccessScreen } from '../features/payments/components/success-screen'
import { readOnServer } from '../lib/read-on-server'
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
  // Read before the server renders it (decision 020); in the browser, by the screen itself.
  ...readOnServer(async (code) =>
    (await import('../features/payments/api/paid-summary')).paidSummaryQueryOptions(code),
  ),
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
