import { useMutation } from '@tanstack/react-query'
import { adhesionTermPdf } from '../../../../contract/contracts'
import { apiPaths } from '../../../../contract/paths'
import { ApiError, apiRequest } from '../../../api/client'
import { base64ToBlob, shareOrDownload } from '../../../lib/files'
import { toast, toastDuration } from '../../../ui/toast'

export const downloadContractFailed = 'Não foi possível baixar o contrato.'

/** The signed adhesion term as a PDF (spec §7 view-contract), shared or downloaded. */
export function useDownloadContract(contractId: string, contractNumber: string | null) {
  return useMutation({
    mutationFn: async () => {
      const base64 = await apiRequest(apiPaths.adhesionTerm(contractId), {
        schema: adhesionTermPdf,
        responseType: 'text',
      })
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
