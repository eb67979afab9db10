/** Reminders: the open instalments as a calendar file, and which reminders the person gets. */
import * as v from 'valibot'
import type { Operation } from '../operation'
import { reminderPreferences, reminderPreferencesRequest } from '../reminders'
import { badBody, error, holderErrors, idParam } from './answers'

export const instalmentCalendar = {
  id: 'instalmentCalendar',
  method: 'GET',
  path: '/client/contract/payment-orders/{id}/calendar',
  summary: 'As parcelas em aberto, num arquivo de calendário.',
  tag: 'reminders',
  access: 'holder',
  params: idParam,
  answers: {
    200: { file: 'text/calendar', text: v.pipe(v.string(), v.startsWith('BEGIN:VCALENDAR')) },
    ...holderErrors,
    404: error,
  },
} as const satisfies Operation

export const getReminderPreferences = {
  id: 'getReminderPreferences',
  method: 'GET',
  path: '/client/reminder-preferences',
  summary: 'Quais lembretes a pessoa recebe.',
  tag: 'reminders',
  access: 'holder',
  answers: { 200: reminderPreferences, ...holderErrors },
} as const satisfies Operation

export const saveReminderPreferences = {
  id: 'saveReminderPreferences',
  method: 'PUT',
  path: '/client/reminder-preferences',
  summary: 'Liga ou desliga lembretes.',
  tag: 'reminders',
  access: 'holder',
  body: reminderPreferencesRequest,
  answers: { 200: reminderPreferences, ...badBody, ...holderErrors },
} as const satisfies Operation
