/**
 * "Adicionar ao calendário" (issue 17): the open instalments of a holder's contract as an
 * iCalendar file, one all-day event per due date with an alarm, so the phone's calendar reminds
 * the holder even with the app's notifications off. Made on the server with `ics`, so the app's
 * bundle and precache carry none of it.
 */
import { createEvents, type EventAttributes } from 'ics'
import type { PaymentOrder } from '../../contract/payments'
import { appOrigin, type Config } from '../config'
import { reais } from './holder-messages'
import { addDaysTo, brazilianDate, instalmentDue, todayInSaoPaulo } from './payment-amounts'

const dateArray = (day: string): [number, number, number] => {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number)
  return [year, month, date]
}

/**
 * The alarm: `daysBefore` days ahead of the due date at 09:00 (the reminders' own lead), or at
 * 09:00 on the day itself when that is 0. Relative to the all-day event's start (00:00).
 */
const alarmTrigger = (daysBefore: number) =>
  daysBefore === 0 ? { hours: 9, before: false } : { hours: 24 * daysBefore - 9, before: true }

export function instalmentCalendar(
  config: Pick<Config, 'publicUrl' | 'port' | 'reminders' | 'brand'>,
  instalments: PaymentOrder[],
  now: Date,
): string {
  const today = todayInSaoPaulo(now)
  const url = `${appOrigin(config)}/search`
  const events: EventAttributes[] = instalments
    .filter((instalment) => instalment.status !== 'PAID')
    .map((instalment) => {
      const amount = instalmentDue(
        {
          id: instalment.id,
          installment: instalment.installment,
          description: instalment.description,
          status: instalment.status,
          dueDate: instalment.due_date,
          value: instalment.value,
          discount: instalment.discount,
        },
        today,
      ).total
      const title = `${instalment.description}: ${reais(amount)}`
      return {
        uid: `${instalment.id}@portal-do-titular`,
        title,
        description: `Parcela ${instalment.installment}, de ${reais(amount)}, vence em ${brazilianDate(instalment.due_date)}. Depois do vencimento há multa e juros. Pague pelo ${config.brand.productName}: ${url}`,
        url,
        start: dateArray(instalment.due_date),
        end: dateArray(addDaysTo(instalment.due_date, 1)),
        transp: 'TRANSPARENT',
        busyStatus: 'FREE',
        alarms: [
          {
            action: 'display',
            description: title,
            trigger: alarmTrigger(config.reminders.daysBefore),
          },
        ],
      }
    })
  const { error, value } = createEvents(events, {
    productId: 'portal-do-titular/parcelas',
    calName: `Parcelas do ${config.brand.productName}`,
  })
  // Our own events always validate; a failure here is a bug, answered as one (500).
  if (error || value === null) throw error ?? new Error('ics: calendário vazio')
  return value
}
