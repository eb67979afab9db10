import { personalData, personalDataPdf } from '../../../../contract/api/privacy'
import { call } from '../../../api/call'
import { ApiError } from '../../../api/client'
import { base64ToBlob, shareOrDownload } from '../../../lib/files'
import { toast, toastDuration } from '../../../ui/toast'

export const personalDataMessages = {
  offline: 'Sem conexão: baixar seus dados precisa de internet.',
  failed: 'Não foi possível baixar seus dados.',
  done: 'Seus dados foram baixados.',
} as const

export type PersonalDataFormat = 'pdf' | 'json'

const today = () => new Date().toISOString().slice(0, 10)

/**
 * "Meus dados pessoais" (LGPD art. 18, issue 28): the server's copy of everything it holds about
 * the person, for reading (PDF) or for another service (JSON), shared or downloaded.
 */
export async function downloadPersonalData(format: PersonalDataFormat) {
  try {
    const blob =
      format === 'pdf'
        ? base64ToBlob(await call(personalDataPdf), 'application/pdf')
        : new Blob([await call(personalData)], { type: 'application/json' })
    await shareOrDownload(blob, `meus-dados-${today()}.${format}`, 'Meus dados pessoais')
    toast.success(personalDataMessages.done, { duration: toastDuration.default })
  } catch (error) {
    const offline = error instanceof ApiError && error.noConnection
    toast.error(offline ? personalDataMessages.offline : personalDataMessages.failed, {
      description: !offline && error instanceof ApiError ? error.message : undefined,
      duration: toastDuration.error,
    })
  }
}
