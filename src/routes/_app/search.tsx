import { useIsFetching } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import * as v from 'valibot'
import { instalmentKeys } from '../../api/query-keys'
import { useContract } from '../../features/contracts/api/contract'
import { SwitchContract } from '../../features/contracts/components/switch-contract'
import { useInstalments, useSendPaymentLink } from '../../features/payments/api/instalments'
import { openInstalmentReceipt } from '../../features/payments/api/receipts'
import { InstalmentList } from '../../features/payments/components/instalment-list'
import { dueOf } from '../../features/payments/logic/due'
import { tabOfLink } from '../../features/payments/logic/selection'
import { CalendarButton } from '../../features/reminders/components/calendar-button'
import { Skeleton } from '../../ui/skeleton'
import { useOnline } from '../../ui/use-online'

/**
 * Pix Automático (decision 025): its QR library and schemas load after the list, apart, and are
 * kept on first use, not precached (scripts/build-sw.ts). Offline before that first use, the
 * section only says it needs internet.
 */
const PixAutomaticoSection = lazy(() =>
  import('../../features/payments/components/pix-automatico-section').catch(() => ({
    default: PixAutomaticoOffline,
  })),
)

/** The same chunk's line atop the list while an authorization waits for her (issue 27). */
const PixAutomaticoPending = lazy(() =>
  import('../../features/payments/components/pix-automatico-section')
    .then((module) => ({ default: module.PixAutomaticoPending }))
    .catch(() => ({ default: () => null })),
)

function PixAutomaticoOffline() {
  return (
    <section aria-labelledby="pix-automatico-title">
      <h2 id="pix-automatico-title">Pix Automático</h2>
      <p role="status">Sem conexão: o Pix Automático precisa de internet.</p>
    </section>
  )
}

/** Beyond the spec: ?aba=vencidos opens on that tab (the card screen's way to the overdue ones). */
const tabSearch = v.object({
  aba: v.fallback(v.optional(v.picklist(['todos', 'pagos', 'a-pagar', 'vencidos'])), undefined),
})

export const Route = createFileRoute('/_app/search')({
  staticData: { backRoute: '/home' },
  validateSearch: tabSearch,
  component: Payments,
})

function Payments() {
  const { contractId } = Route.useRouteContext()
  const { aba } = Route.useSearch()
  const { contract } = useContract(contractId)
  const { instalments } = useInstalments(contractId)
  const sendLink = useSendPaymentLink()
  const online = useOnline()
  // Nothing on the device yet and the first answer on its way: placeholders where the list goes.
  const fetching = useIsFetching({ queryKey: instalmentKeys.contract(contractId) }) > 0
  const firstSync = fetching && !instalments?.length
  const overdue = dueOf(instalments ?? [])
  if (!contract) return <Skeleton />
  return (
    <>
      <InstalmentList
        contractName={contract.model_contract.name}
        contractNumber={contract.contract_number}
        instalments={instalments ?? []}
        initialTab={tabOfLink(aba)}
        online={online}
        paying={sendLink.isPending}
        onPay={(ids) => sendLink.mutate(ids, { onSuccess: (url) => window.location.assign(url) })}
        onReceipt={(instalment) => void openInstalmentReceipt(contractId, instalment)}
        contractActions={
          <>
            <SwitchContract />
            {instalments?.some((instalment) => instalment.status !== 'PAID') && (
              <CalendarButton contractId={contractId} online={online} />
            )}
          </>
        }
        actions={
          <Suspense>
            <PixAutomaticoPending source={{ contractId }} />
          </Suspense>
        }
        after={
          <Suspense>
            <PixAutomaticoSection
              source={{ contractId }}
              online={online}
              owedNow={overdue.kind === 'overdue' ? overdue.owedToday : undefined}
            />
          </Suspense>
        }
      />
      {firstSync && <Skeleton label="Carregando parcelas…" />}
    </>
  )
}
