/**
 * Passwordless login (spec §7, DESIGN.md §6): request a one-time code by e-mail or WhatsApp, then
 * trade it for a session token. Answers never reveal whether an e-mail belongs to a holder.
 */
import type { DeliveryChannel } from '../../src/api/schemas'
import type { ServerDeps } from '../deps'
import { ApiError } from '../http/errors'
import { recordOutbox } from './dev-outbox'
import { consumeCode, deleteOldCodes, generateCode, hashCode, storeCode } from './otp'
import { findPersonByEmail } from './persons'
import { deleteOldWindows, hit } from './rate-limit'
import { signSessionToken } from './tokens'

export const loginMessages = {
  codeByEmail: 'Se o e-mail estiver cadastrado, você receberá o código de acesso em instantes.',
  codeByWhatsApp:
    'Se o e-mail estiver cadastrado, você receberá o código de acesso em instantes no WhatsApp do cadastro.',
  tooManyRequests: 'Muitas solicitações de código. Aguarde alguns minutos e tente novamente.',
  invalidCode: 'Código inválido ou expirado.',
} as const

const SWEEP_EVERY_MS = 60 * 60 * 1000

export function createLoginService(deps: ServerDeps) {
  const { db, config, now, logger } = deps
  let lastSweep = 0

  async function enforceLimits(email: string, address: string, at: Date) {
    const [perDestination, perAddress] = await db.transaction(async (tx) => [
      await hit(tx, `otp:email:${email}`, at),
      await hit(tx, `otp:address:${address}`, at),
    ])
    if (perDestination > config.otpLimitPerDestination || perAddress > config.otpLimitPerAddress) {
      throw new ApiError(429, loginMessages.tooManyRequests)
    }
  }

  /** Old windows and codes are removed now and then, on the path that creates them. */
  async function sweep(at: Date) {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = at.getTime()
    await deleteOldWindows(db, at)
    await deleteOldCodes(db, at)
  }

  async function requestCode(input: { email: string; channel: DeliveryChannel; address: string }) {
    const { email, channel, address } = input
    const at = now()
    await enforceLimits(email, address, at)
    await sweep(at)
    const answer = channel === 'email' ? loginMessages.codeByEmail : loginMessages.codeByWhatsApp

    const person = await findPersonByEmail(db, email)
    if (!person) return answer
    const to = channel === 'email' ? email : phoneOf(person)
    // Outside demo mode the logs name no one (logger.ts): the person's id says who.
    const who = config.demo ? email : `pessoa ${person.id}`
    if (!to) {
      logger.warn(`[login] ${who} pediu o código por WhatsApp, mas não tem celular cadastrado`)
      return answer
    }

    const code = generateCode()
    const text = `Seu código de acesso ao Portal do Titular é ${code}. Ele vale por ${describeDuration(config.otpTtlSeconds)}. Não compartilhe este código.`
    const { otp } = await deps.keys()
    await db.transaction(async (tx) => {
      await storeCode(tx, {
        email,
        codeHash: hashCode(otp, email, code),
        channel,
        now: at,
        ttlSeconds: config.otpTtlSeconds,
      })
      if (config.demo) await recordOutbox(tx, { to, email, channel, code, text, sentAt: at })
    })
    if (config.demo) {
      logger.info(
        `[demo] código ${code} enviado para ${to} por ${channel === 'email' ? 'e-mail' : 'WhatsApp'}`,
      )
    }
    // Delivery happens after the answer, so its latency cannot tell a holder from a stranger.
    const by = channel === 'email' ? 'email' : 'whatsapp'
    setImmediate(() => {
      deliver(channel, to, text).then(
        () => deps.metrics.codeDelivered(by, true),
        (error: unknown) => {
          deps.metrics.codeDelivered(by, false)
          logger.error(
            { err: error },
            `[login] falha ao enviar o código para ${config.demo ? to : who}`,
          )
        },
      )
    })
    return answer
  }

  function deliver(channel: DeliveryChannel, to: string, text: string) {
    return channel === 'email'
      ? deps.mail.send({ to, subject: 'Seu código de acesso ao Portal do Titular', text })
      : deps.whatsapp.send({ to, text })
  }

  /** A session token for a right, live code; null for anything else. */
  async function login(input: { email: string; code: string }): Promise<string | null> {
    const at = now()
    const { otp, jwt } = await deps.keys()
    const codeHash = hashCode(otp, input.email, input.code)
    if (!(await consumeCode(db, { email: input.email, codeHash, now: at }))) return null
    const person = await findPersonByEmail(db, input.email)
    if (!person?.email) return null
    return signSessionToken(jwt, { id: person.id, email: person.email }, at, config.tokenTtlSeconds)
  }

  return { requestCode, login }
}

function phoneOf(person: { phoneDdi: string | null; phoneNumber: string | null }) {
  const digits = `${person.phoneDdi ?? ''}${person.phoneNumber ?? ''}`.replace(/\D/g, '')
  return person.phoneNumber ? `+${digits}` : undefined
}

/** "5 minutos", "1 hora", "45 segundos": how long a code lasts, in the message text. */
export function describeDuration(seconds: number): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hora', 'horas')
  if (seconds % 60 === 0) return plural(seconds / 60, 'minuto', 'minutos')
  return plural(seconds, 'segundo', 'segundos')
}
