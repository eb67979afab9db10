import { createFileRoute } from '@tanstack/react-router'
import { useContract } from '../../features/contracts/api/contract'
import { GeneralDocuments } from '../../features/documents/components/general-documents'
import { Skeleton } from '../../ui/skeleton'

export const Route = createFileRoute('/_app/general-documents')({
  staticData: { backRoute: '/home' },
  component: GeneralDocumentsScreen,
})

function GeneralDocumentsScreen() {
  const { contractId } = Route.useRouteContext()
  const { contract } = useContract(contractId)
  if (!contract) return <Skeleton />
  return <GeneralDocuments documents={contract.model_contract.model_contract_documents} />
}
