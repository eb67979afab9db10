import { instalmentCalendar } from '../../../../contract/api/reminders'
import { call } from '../../../api/call'
import { ApiError } from '../../../api/client'
import { shareOrDownload } from '../../../lib/files'
import { toast, toastDuration } from '../../../ui/toast'

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
export async function addInstalmentsToCalendar(contractId: string) {
  try {
    const text = await call(instalmentCalendar, { params: { id: contractId } })
    const blob = new Blob([text], { type: 'text/calendar' })
    await shareOrDownload(blob, fileName, 'Parcelas')
    toast.success(calendarMessages.done, { duration: toastDuration.default })
  } catch (error) {
    const offline = error instanceof ApiError && error.noConnection
    toast.error(offline ? calendarMessages.offline : calendarMessages.failed, {
      description: !offline && error instanceof ApiError ? error.message : undefined,
      duration: toastDuration.error,
    })
  }
}
