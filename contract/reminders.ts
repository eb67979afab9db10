/**
 * Payment reminders (issue 17): which channels the holder wants them on, and the calendar of
 * open instalments. Beyond the spec's §7.
 */
import * as v from 'valibot'
import { requestObject } from './http'

/** Ahead of the due date, and on the day it becomes overdue. */
export const reminderKinds = ['DUE_SOON', 'OVERDUE'] as const
export const reminderChannels = ['email', 'whatsapp'] as const

const channelSwitch = (label: string) =>
  v.boolean(`Informe se quer receber lembretes por ${label} (true ou false).`)

/** GET and PUT /client/reminder-preferences: each channel on (true) or off (false). */
export const reminderPreferences = v.object({
  email: v.boolean(),
  whatsapp: v.boolean(),
})
export type ReminderPreferences = v.InferOutput<typeof reminderPreferences>

/** PUT /client/reminder-preferences : both switches, as the screen shows them. */
export const reminderPreferencesRequest = v.pipe(
  // An array would pass as an object with no fields: refused as what it is.
  v.custom<unknown>(
    (input) => !Array.isArray(input),
    'Corpo da requisição inválido: envie um objeto JSON.',
  ),
  requestObject({
    email: channelSwitch('e-mail'),
    whatsapp: channelSwitch('WhatsApp'),
  }),
)
export type ReminderPreferencesRequest = v.InferOutput<typeof reminderPreferencesRequest>

/** The calendar file's name on the device. */
export const instalmentCalendarFileName = 'parcelas.ics'
