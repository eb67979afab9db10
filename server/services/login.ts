/**
 * Passwordless login (spec §7, docs/design.md §6): request a one-time code by e-mail or WhatsApp, then
 * trade it for a session token. Answers never reveal whether an e-mail belongs to a holder.
 */
import type { DeliveryChannel } from '../../contract/auth'
import type { ServerDeps } from '../deps'
import { tooManyRequests } from '../http/errors'
import { loginRules } from './login-limits'
import { consumeCode, deleteOldCodes, generateCode, hashCode, storeCode } from './otp'
import { findPersonByEmail } from './persons'
import { type Count, deleteOldWindows, hit, type Rule } from './rate-limit'
import { deleteOldSessions, openSession } from './sessions'
import { signSessionToken } from './tokens'

export const loginMessages = {
  codeByEmail: 'Se o e-mail estiver cadastrado, você receberá o código de acesso em instantes.',
  codeByWhatsApp:
    'Se o e-mail estiver cadastrado, você receberá o código de acesso em instantes no WhatsApp do cadastro.',
  tooManyRequests: 'Muitas solicitações de código. Aguarde alguns minutos e tente novamente.',
  tooManyTries: (seconds: number) =>
    `Muitas tentativas com código inválido. Aguarde ${describeWait(seconds)} e tente novamente.`,
  invalidCode: 'Código inválido ou expirado.',
} as const

const SWEEP_EVERY_MS = 60 * 60 * 1000

/** A login counter: its rate-limit key and the rule it is counted under. */
export interface Counted {
  key: string
  rule: Rule
}

export function createLoginService(deps: ServerDeps) {
  const { db, config, now, logger } = deps
  const rules = loginRules(config)
  let lastSweep = 0

  /** Old windows and codes are removed now and then, on the path that creates them. */
  async function sweep(at: Date) {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = at.getTime()
    await deleteOldWindows(db, at)
    await deleteOldCodes(db, at)
    await deleteOldSessions(db, at)
  }

  async function requestCode(input: { email: string; channel: DeliveryChannel; address: string }) {
    const { email, channel, address } = input
    const at = now()
    const counts = await db.transaction(async (tx) => [
      await hit(tx, `otp:address:${address}`, rules.codesPerAddress, at),
      await hit(tx, `otp:email-address:${email}|${address}`, rules.codesPerEmailFromAddress, at),
      await hit(tx, `otp:email:${email}`, rules.codesPerEmail, at),
    ])
    const limits = [rules.codesPerAddress, rules.codesPerEmailFromAddress, rules.codesPerEmail]
    const over = counts.filter((count, i) => count.count > (limits[i]?.limit ?? 0))
    if (over.length) {
      throw tooManyRequests(
        loginMessages.tooManyRequests,
        Math.max(...over.map((count) => count.retryAfterSeconds)),
      )
    }
    await sweep(at)
    const answer = channel === 'email' ? loginMessages.codeByEmail : loginMessages.codeByWhatsApp

    const person = await findPersonByEmail(db, email)
    const to = person && (channel === 'email' ? email : phoneOf(person))
    // Outside demo mode the logs name no one (logger.ts): the person's id says who.
    const who = person && (config.demo ? email : `pessoa ${person.id}`)
    if (person && !to) {
      logger.warn(`[login] ${who} pediu o código por WhatsApp, mas não tem celular cadastrado`)
    }
    // A code is stored for every e-mail, known or not, so both answers take the same work and
    // time; one for an unknown e-mail is never sent, and could never open a session.
    const code = generateCode()
    const text = `Seu código de acesso ao ${config.brand.productName} é ${code}. Ele vale por ${describeDuration(config.otpTtlSeconds)}. Não compartilhe este código.`
    const { otp } = await deps.keys()
    await db.transaction(async (tx) => {
      await storeCode(tx, {
        email,
        codeHash: hashCode(otp, email, code),
        channel,
        now: at,
        ttlSeconds: config.otpTtlSeconds,
      })
      if (to) await deps.demoOutbox?.(tx, { to, email, channel, code, text, sentAt: at })
    })
    if (!to) return answer
    if (deps.demoOutbox) {
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
      ? deps.mail.send({ to, subject: `Seu código de acesso ao ${config.brand.productName}`, text })
      : deps.whatsapp.send({ to, text })
  }

  /**
   * A session token for a right, live code; null for anything else. Each try is counted before
   * the code is checked (so concurrent tries cannot slip past a limit) and given back when it
   * opens a session. Tries are limited per address, per account from one address and per
   * account in a day; past the daily limit an address that has not failed on the account today
   * still gets its try, so guesses from elsewhere cannot lock the owner out (decision 004).
   */
  async function login(input: { email: string; code: string; address: string }) {
    const { email, address } = input
    const at = now()
    const counted = await countTries({ email, address }, at)
    const { otp } = await deps.keys()
    const codeHash = hashCode(otp, email, input.code)
    const person = (await consumeCode(db, { email, codeHash, now: at }))
      ? await findPersonByEmail(db, email)
      : undefined
    if (!person?.email) return null
    return issueSession({ id: person.id, email: person.email }, counted, at)
  }

  /**
   * Counts one login try (a code, or a passkey) against every limit that applies, refusing with
   * 429 past one; answers the counters, to give back on success. Without an e-mail (a passkey
   * nobody registered) only the client address is counted.
   */
  async function countTries(input: { email?: string; address: string }, at: Date) {
    const { email, address } = input
    const counted: Counted[] = [{ key: `login:address:${address}`, rule: rules.triesPerAddress }]
    if (email !== undefined) {
      counted.push(
        { key: `login:email-address:${email}|${address}`, rule: rules.triesPerEmailFromAddress },
        { key: `login:email:${email}`, rule: rules.triesPerEmail },
        { key: `login:email-address-day:${email}|${address}`, rule: rules.triesPerEmail },
      )
    }
    const [perAddress, perEmailFromAddress, perEmail, fromAddressToday] = await db.transaction(
      async (tx) => {
        const counts: Count[] = []
        for (const { key, rule } of counted) counts.push(await hit(tx, key, rule, at))
        return counts as [Count, Count | undefined, Count | undefined, Count | undefined]
      },
    )
    const refused = [
      perAddress.count > rules.triesPerAddress.limit && perAddress,
      perEmailFromAddress !== undefined &&
        perEmailFromAddress.count > rules.triesPerEmailFromAddress.limit &&
        perEmailFromAddress,
      perEmail !== undefined &&
        fromAddressToday !== undefined &&
        perEmail.count > rules.triesPerEmail.limit &&
        fromAddressToday.count > 1 &&
        perEmail,
    ].filter((count) => count !== false)
    if (refused.length) {
      const wait = Math.max(...refused.map((count) => count.retryAfterSeconds))
      throw tooManyRequests(loginMessages.tooManyTries(wait), wait)
    }
    return counted
  }

  /**
   * The one way a session starts, for a code and a passkey alike: the tries counted are given
   * back, a `sessions` row is opened and its token signed.
   */
  async function issueSession(person: { id: string; email: string }, counted: Counted[], at: Date) {
    const { jwt } = await deps.keys()
    const sessionId = await db.transaction(async (tx) => {
      for (const { key, rule } of counted) await hit(tx, key, rule, at, -1)
      return openSession(tx, { personId: person.id, now: at, ttlSeconds: config.tokenTtlSeconds })
    })
    return signSessionToken(
      jwt,
      { id: person.id, email: person.email, sessionId },
      at,
      config.tokenTtlSeconds,
    )
  }

  return { requestCode, login, countTries, issueSession }
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

/** "1 minuto", "12 minutos", "3 horas": a wait rounded up, for a 429's message. */
export function describeWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  if (minutes < 60) return minutes === 1 ? '1 minuto' : `${minutes} minutos`
  const hours = Math.ceil(minutes / 60)
  return hours === 1 ? '1 hora' : `${hours} horas`
}
