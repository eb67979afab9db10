import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { useContract } from '../../features/contracts/api/contract'
import { useInstalments, useSendPaymentLink } from '../../features/payments/api/instalments'
import { openInstalmentReceipt } from '../../features/payments/api/receipts'
import { InstalmentList } from '../../features/payments/components/instalment-list'
import { tabOfLink } from '../../features/payments/logic/selection'
import { useOnline } from '../../ui/use-online'

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
  if (!contract) return null
  return (
    <InstalmentList
      contractName={contract.model_contract.name}
      contractNumber={contract.contract_number}
      instalments={instalments ?? []}
      initialTab={tabOfLink(aba)}
      online={online}
      paying={sendLink.isPending}
      onPay={(ids) => sendLink.mutate(ids, { onSuccess: (url) => window.location.assign(url) })}
      onReceipt={(instalment) => void openInstalmentReceipt(contractId, instalment)}
    />
  )
}
