/**
 * Messages to a contract's holder about their payments (a boleto, money that goes back), by
 * e-mail and WhatsApp with the same adapters as the login codes; demo mode keeps a copy in the
 * dev outbox. Delivery runs after the caller's answer and never fails it.
 */
import type { ServerDeps } from '../deps'
import { ApiError } from '../http/errors'
import type { LinkContext } from './payment-links'

export type MessageDeps = Pick<
  ServerDeps,
  'db' | 'config' | 'mail' | 'whatsapp' | 'now' | 'logger' | 'demoOutbox'
>

export const holderMessages = {
  noContact: 'O titular não tem e-mail nem celular cadastrado para receber mensagens.',
} as const

export const reais = (cents: number) =>
  `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** Where the holder is reached: e-mail and the mobile in E.164. */
export function holderContact(person: LinkContext['person']) {
  const email = person.email
  const phone = person.phoneNumber
    ? `+${`${person.phoneDdi ?? '55'}${person.phoneNumber}`.replace(/\D/g, '')}`
    : null
  return { email, phone }
}

/**
 * Sends `text` to the holder; `code` is what the dev outbox shows as the message's key (a
 * linha digitável, a payment id). Throws 422 when the holder can be reached nowhere.
 */
export async function tellHolder(
  deps: MessageDeps,
  person: LinkContext['person'],
  message: { subject: string; text: string; code: string },
) {
  const { email, phone } = holderContact(person)
  if (!email && !phone) throw new ApiError(422, holderMessages.noContact)
  const { subject, text, code } = message
  const { demoOutbox } = deps
  if (demoOutbox) {
    const sentAt = deps.now()
    await deps.db.transaction(async (tx) => {
      const account = email ?? ''
      if (email)
        await demoOutbox(tx, { to: email, email: account, channel: 'email', code, text, sentAt })
      if (phone)
        await demoOutbox(tx, {
          to: phone,
          email: account,
          channel: 'cellphone',
          code,
          text,
          sentAt,
        })
    })
  }
  setImmediate(() => {
    const deliveries = [
      email ? deps.mail.send({ to: email, subject, text }) : null,
      phone ? deps.whatsapp.send({ to: phone, text }) : null,
    ]
    for (const delivery of deliveries) {
      delivery?.catch((error: unknown) =>
        deps.logger.error({ err: error }, `[pagamentos] falha ao avisar a pessoa ${person.id}`),
      )
    }
  })
}
