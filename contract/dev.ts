/** Demo mode only (docs/design.md §4): the messages the server would have sent. */
import * as v from 'valibot'
import { deliveryChannels } from './auth'
import { queryObject } from './http'

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
