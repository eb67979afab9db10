/** Demo mode only (docs/design.md §4): the messages the server would have sent. */
import * as v from 'valibot'
import { deliveryChannels } from './auth'
import { queryObject } from './http'
import { reminderChannels, reminderKinds } from './reminders'
import { isDay } from './rules'

/** GET /dev/outbox?to=… : an e-mail, a phone number (any format) or an account e-mail. */
export const devOutboxQuery = queryObject({
  to: v.pipe(
    v.string('Informe o destino (to).'),
    v.trim(),
    v.nonEmpty('Informe o destino (to).'),
    v.maxLength(254, 'O destino deve ter no máximo 254 caracteres.'),
  ),
})

export const devOutboxMessage = v.object({
  to: v.string(),
  channel: v.picklist(deliveryChannels),
  code: v.string(),
  text: v.string(),
  sent_at: v.string(),
})
export type DevOutboxMessage = v.InferOutput<typeof devOutboxMessage>

/** POST /dev/reminders?date=AAAA-MM-DD : one reminder pass as if it were that day (default today). */
export const devReminderPassQuery = queryObject({
  date: v.optional(
    v.pipe(v.string(), v.check(isDay, 'Informe a data como AAAA-MM-DD (ex.: 2026-12-07).')),
  ),
})

/** POST /dev/clock?date=AAAA-MM-DD : the demo server's clock at noon of that day, going on. */
export const devClockQuery = queryObject({
  date: v.pipe(
    v.string('Informe a data (date) como AAAA-MM-DD.'),
    v.check(isDay, 'Informe a data como AAAA-MM-DD (ex.: 2026-12-07).'),
  ),
})

const sentReminder = v.object({
  instalment_id: v.string(),
  installment: v.number(),
  kind: v.picklist(reminderKinds),
  channel: v.picklist(reminderChannels),
  to: v.string(),
})

export const devReminderPassReport = v.object({
  date: v.string(),
  considered: v.number(),
  sent: v.array(sentReminder),
})
export type DevReminderPassReport = v.InferOutput<typeof devReminderPassReport>

/** GET /dev/outbox/reminders?to=… : every reminder sent (only to `to` when given), oldest first. */
export const devReminderOutboxQuery = queryObject({
  to: v.optional(devOutboxQuery.entries.to),
})

export const devReminderMessage = v.object({
  to: v.string(),
  channel: v.picklist(reminderChannels),
  kind: v.picklist(reminderKinds),
  instalment_id: v.string(),
  link: v.string(),
  text: v.string(),
  sent_at: v.string(),
})
export const devReminderOutbox = v.array(devReminderMessage)
export type DevReminderMessage = v.InferOutput<typeof devReminderMessage>
