import { personalData, personalDataPdf } from '../../../../contract/api/privacy'
import { call } from '../../../api/call'
import { base64ToBlob } from '../../../lib/files'
import { deliverFile } from '../../../ui/deliver-file'

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
export function downloadPersonalData(format: PersonalDataFormat) {
  return deliverFile(
    async () =>
      format === 'pdf'
        ? base64ToBlob(await call(personalDataPdf), 'application/pdf')
        : new Blob([await call(personalData)], { type: 'application/json' }),
    { name: `meus-dados-${today()}.${format}`, title: 'Meus dados pessoais' },
    personalDataMessages,
  )
}
