import { instalmentCalendar } from '../../../../contract/api/reminders'
import { call } from '../../../api/call'
import { deliverFile } from '../../../ui/deliver-file'

export const calendarMessages = {
  offline: 'Sem conexão: adicionar ao calendário precisa de internet.',
  failed: 'Não foi possível baixar o calendário das parcelas.',
  done: 'Calendário baixado: abra o arquivo para adicionar as parcelas à sua agenda.',
} as const

/** The name the server gives it too (contract/reminders.ts, not imported: one shared chunk less). */
const fileName = 'parcelas.ics'

/**
 * "Adicionar ao calendário": the open instalments' due dates as an .ics file the server makes
 * (with the session's token), handed to the phone's share sheet or downloaded.
 */
export function addInstalmentsToCalendar(contractId: string) {
  return deliverFile(
    async () =>
      new Blob([await call(instalmentCalendar, { params: { id: contractId } })], {
        type: 'text/calendar',
      }),
    { name: fileName, title: 'Parcelas' },
    calendarMessages,
  )
}
