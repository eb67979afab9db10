import { useMutation } from '@tanstack/react-query'
import { adhesionTerm } from '../../../../contract/api/contracts'
import { call } from '../../../api/call'
import { ApiError } from '../../../api/client'
import { base64ToBlob, shareOrDownload } from '../../../lib/files'
import { toast, toastDuration } from '../../../ui/toast'

export const downloadContractFailed = 'Não foi possível baixar o contrato.'

/** The signed adhesion term as a PDF (spec §7 view-contract), shared or downloaded. */
export function useDownloadContract(contractId: string, contractNumber: string | null) {
  return useMutation({
    mutationFn: async () => {
      const base64 = await call(adhesionTerm, { params: { id: contractId } })
      const fileName = `Termo de Adesão${contractNumber ? ` ${contractNumber}` : ''}.pdf`
      await shareOrDownload(base64ToBlob(base64, 'application/pdf'), fileName, 'Termo de Adesão')
    },
    // The spec's message, and why when the server could not be reached.
    onError: (error) =>
      toast.error(downloadContractFailed, {
        description: error instanceof ApiError && error.noConnection ? error.message : undefined,
        duration: toastDuration.error,
      }),
  })
}
