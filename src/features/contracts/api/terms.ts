import interFont from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { acceptTerms, getTerms } from '../../../../contract/api/contracts'
import { termDocumentStyle } from '../../../../contract/term-style'
import { call } from '../../../api/call'
import { ApiError } from '../../../api/client'
import { contractKeys } from '../../../api/query-keys'
import { brand } from '../../../brand'
import { sanitizedDocument } from '../../../lib/sanitize'
import { db } from '../../../offline/db'
import { toast, toastDuration } from '../../../ui/toast'

export const acceptTermFailed = 'Erro ao aceitar o termo'
export const popupBlocked = 'Não foi possível abrir nova janela — verifique bloqueador de pop-up.'

/**
 * Opens the term (spec §7 term/contract) in a new tab. The tab is opened within the tap, before
 * the request, because browsers block windows opened after an await.
 */
export async function openTerm(contractId: string) {
  const tab = window.open('', '_blank')
  if (!tab) {
    toast.error(popupBlocked, { duration: toastDuration.error })
    return
  }
  try {
    const html = await call(getTerms, { query: { id: contractId } })
    const font = new URL(interFont, window.location.href).href
    const page = sanitizedDocument(
      html,
      'Termos de Compra',
      termDocumentStyle(font, brand.primary),
      {
        href: new URL('/terms', window.location.href).href,
        label: 'Voltar para aceitar os termos',
        note: 'Leu os termos? Volte ao portal e toque em “Li e aceito” para continuar.',
      },
    )
    const blob = new Blob([page], { type: 'text/html' })
    tab.location.href = URL.createObjectURL(blob)
  } catch (error) {
    tab.close()
    if (error instanceof ApiError && error.serverMessage)
      toast.error(error.serverMessage, { duration: toastDuration.error })
    else toast.error(error instanceof Error ? error.message : String(error))
  }
}

/** 'Li e aceito' (spec §7 term accept): 200 means accepted; the device learns it at once. */
export function useAcceptTerm() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (contractId: string) => {
      await call(acceptTerms, { params: { contractId } })
      await db.contracts.update(contractId, { terms: true })
      // The list's answer refreshes every contract it carries (detail queries included).
      await queryClient.invalidateQueries({ queryKey: contractKeys.list() })
    },
    onError: () => toast.error(acceptTermFailed, { duration: toastDuration.error }),
  })
}
