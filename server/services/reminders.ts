/**
 * Payment reminders (issue 17): REMINDER_DAYS_BEFORE days before each unpaid instalment's due
 * date and on the day it becomes overdue, the holder gets the amount and a payment link that
 * opens /pagamento, by e-mail and WhatsApp (the login codes' adapters), on the channels they
 * left on. A pass may run on any instance, at any time, any number of times: each message is
 * claimed in `reminder_sends` (unique per instalment, kind and channel) before it goes out, and
 * only the pass whose insert landed sends it.
 */
import { and, eq, gte, isNull, lte, ne, notInArray, sql } from 'drizzle-orm'
import type { reminderChannels, reminderKinds } from '../../contract/reminders'
import {
  contracts,
  holders,
  paymentOrders,
  persons,
  pixRecurrences,
  reminderPreferences,
  reminderSends,
} from '../db/schema'
import { holderContact, type MessageDeps, reais } from './holder-messages'
import {
  addDaysTo,
  brazilianDate,
  daysBetween,
  effectiveStatus,
  instalmentDue,
  todayInSaoPaulo,
} from './payment-amounts'
import { insertHolderLink, newLinkCode, paymentLinkUrl } from './payment-links'

export type ReminderKind = (typeof reminderKinds)[number]
export type ReminderChannel = (typeof reminderChannels)[number]

/**
 * An overdue reminder belongs to the day the instalment turns OVERDUE; a pass that missed that
 * day (the server was down) still sends it within this many days, and never later: a reminder
 * weeks late reads as a dunning letter, which is not this feature.
 */
export const OVERDUE_CATCH_UP_DAYS = 3

/** Contracts whose instalments are no longer collected from the holder. */
const notCollected = ['CANCELLED', 'INACTIVE']

export interface SentReminder {
  instalmentId: string
  installment: number
  kind: ReminderKind
  channel: ReminderChannel
  to: string
}

export interface ReminderReport {
  /** The São Paulo day the pass ran for. */
  day: string
  /** Instalments the pass looked at (inside a reminder window, with somewhere to send). */
  considered: number
  /** What this pass claimed and handed to the adapters (another pass's claims are not here). */
  sent: SentReminder[]
}

/** Which reminder an unpaid instalment is due today, if any. */
export function reminderKindOn(
  dueDate: string,
  today: string,
  daysBefore: number,
): ReminderKind | undefined {
  const until = daysBetween(today, dueDate)
  if (until >= 0 && until <= daysBefore) return 'DUE_SOON'
  if (effectiveStatus('NOT_PAID', dueDate, today) === 'OVERDUE' && -until <= OVERDUE_CATCH_UP_DAYS)
    return 'OVERDUE'
  return undefined
}

const whenDue = (days: number, dueDate: string) =>
  days === 0
    ? `vence hoje (${brazilianDate(dueDate)})`
    : days === 1
      ? `vence amanhã (${brazilianDate(dueDate)})`
      : `vence em ${days} dias, em ${brazilianDate(dueDate)}`

/** The message, in Portuguese, the same on both channels. */
export function reminderMessage(input: {
  kind: ReminderKind
  description: string
  installment: number
  dueDate: string
  amount: number
  today: string
  link: string
  /** Who the message is from: the brand's product name. */
  from: string
}) {
  const what = `a parcela ${input.installment} (${input.description}), de ${reais(input.amount)},`
  if (input.kind === 'DUE_SOON') {
    const days = daysBetween(input.today, input.dueDate)
    return {
      subject:
        days === 0
          ? 'Sua parcela vence hoje'
          : `Sua parcela vence em ${brazilianDate(input.dueDate)}`,
      text: `${input.from}: ${what} ${whenDue(days, input.dueDate)}. Para pagar agora, abra: ${input.link}`,
    }
  }
  return {
    subject: 'Parcela vencida',
    text: `${input.from}: ${what} venceu em ${brazilianDate(input.dueDate)} e está em atraso (o valor já inclui multa e juros). Para pagar agora, abra: ${input.link}`,
  }
}

interface Target {
  channel: ReminderChannel
  to: string
}

/** An unpaid instalment that calls for a reminder today, with where its holder wants it. */
interface Due {
  order: typeof paymentOrders.$inferSelect
  email: string | null
  kind: ReminderKind
  targets: Target[]
}

/** Today's reminders: one query over the window, the holder's contact and switches joined in. */
async function dueReminders(deps: MessageDeps, today: string): Promise<Due[]> {
  const { daysBefore } = deps.config.reminders
  const rows = await deps.db
    .select({
      order: paymentOrders,
      person: persons,
      email: sql<boolean>`coalesce(${reminderPreferences.email}, true)`,
      whatsapp: sql<boolean>`coalesce(${reminderPreferences.whatsapp}, true)`,
      // An active Pix Automático authorization will collect it by itself (decision 025).
      automatic: sql<boolean>`exists (
        select 1 from ${pixRecurrences}
        where ${pixRecurrences.contractId} = ${paymentOrders.contractId}
          and ${pixRecurrences.status} = 'APROVADA'
          and ${paymentOrders.dueDate} >= ${pixRecurrences.firstDate}
          and (${pixRecurrences.lastDate} is null or ${paymentOrders.dueDate} <= ${pixRecurrences.lastDate})
      )`,
    })
    .from(paymentOrders)
    .innerJoin(contracts, eq(contracts.id, paymentOrders.contractId))
    .innerJoin(holders, eq(holders.contractId, paymentOrders.contractId))
    .innerJoin(persons, eq(persons.id, holders.personId))
    .leftJoin(reminderPreferences, eq(reminderPreferences.personId, persons.id))
    .where(
      and(
        ne(paymentOrders.status, 'PAID'),
        isNull(paymentOrders.cancelledAt),
        gte(paymentOrders.dueDate, addDaysTo(today, -OVERDUE_CATCH_UP_DAYS)),
        lte(paymentOrders.dueDate, addDaysTo(today, daysBefore)),
        notInArray(contracts.status, notCollected),
      ),
    )
    .orderBy(paymentOrders.dueDate, paymentOrders.id)
  return rows.flatMap(({ order, person, email, whatsapp, automatic }) => {
    const kind = reminderKindOn(order.dueDate, today, daysBefore)
    // "Pay it now" for an instalment the holder's bank will debit by itself would have it paid
    // twice (the second refunded, but taken): no reminder before its due date. Once overdue (the
    // debit failed), it is reminded like any other.
    if (kind === 'DUE_SOON' && automatic) return []
    const contact = holderContact(person)
    const targets: Target[] = []
    if (email && contact.email) targets.push({ channel: 'email', to: contact.email })
    if (whatsapp && contact.phone) targets.push({ channel: 'whatsapp', to: contact.phone })
    return kind && targets.length ? [{ order, email: contact.email, kind, targets }] : []
  })
}

/**
 * Claims the reminder's channels and, for those this pass won, creates the payment link the
 * message carries and (demo mode) the dev outbox's copy, all in one transaction: what commits is
 * what will be sent. Answers the channels won, none when another pass got there first.
 */
async function claimReminder(
  deps: MessageDeps,
  due: Due,
  message: { text: string; code: string; link: string },
  today: string,
  now: Date,
): Promise<Target[]> {
  const { order, kind, targets } = due
  return deps.db.transaction(async (tx) => {
    const won = await tx
      .insert(reminderSends)
      .values(
        targets.map(({ channel }) => ({
          paymentOrderId: order.id,
          kind,
          channel,
          passDay: today,
          linkCode: message.code,
          sentAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ channel: reminderSends.channel })
    const mine = targets.filter((target) => won.some((row) => row.channel === target.channel))
    if (mine.length === 0) return mine
    await insertHolderLink(tx, {
      code: message.code,
      contractId: order.contractId,
      instalmentIds: [order.id],
      now,
    })
    if (deps.demoOutbox) {
      for (const target of mine) {
        await deps.demoOutbox(tx, {
          to: target.to,
          email: due.email ?? '',
          channel: target.channel === 'email' ? 'email' : 'cellphone',
          // A reminder's key in the outbox is the link it carries, as sent.
          code: message.link,
          text: message.text,
          sentAt: now,
          reminder: kind,
          instalmentId: order.id,
        })
      }
    }
    return mine
  })
}

/**
 * One reminder pass for the day of `now` in São Paulo. Safe to repeat and to run on several
 * instances at once: see the file's comment. A delivery that fails is logged, not retried (the
 * claim stands, so nobody is told twice).
 */
export async function runReminderPass(deps: MessageDeps, now: Date): Promise<ReminderReport> {
  const today = todayInSaoPaulo(now)
  const dues = await dueReminders(deps, today)
  const report: ReminderReport = { day: today, considered: dues.length, sent: [] }
  for (const due of dues) {
    const { order, kind } = due
    const code = newLinkCode()
    const link = paymentLinkUrl(deps.config, code)
    const message = reminderMessage({
      kind,
      description: order.description,
      installment: order.installment,
      dueDate: order.dueDate,
      amount: instalmentDue(order, today).total,
      today,
      link,
      from: deps.config.brand.productName,
    })
    const claimed = await claimReminder(deps, due, { ...message, code, link }, today, now)
    for (const target of claimed) {
      const delivery =
        target.channel === 'email'
          ? deps.mail.send({ to: target.to, subject: message.subject, text: message.text })
          : deps.whatsapp.send({ to: target.to, text: message.text })
      await delivery.catch((error: unknown) =>
        deps.logger.error(
          { err: error },
          `[lembretes] falha ao enviar o lembrete da parcela ${order.id} por ${target.channel}`,
        ),
      )
      report.sent.push({ instalmentId: order.id, installment: order.installment, kind, ...target })
    }
  }
  return report
}

/**
 * Runs the pass now and then every `everyMs` (REMINDERS_EVERY), like the reconciler: safe on
 * every instance, because a reminder is claimed before it goes out. Answers the stop function.
 */
export function startReminders(deps: MessageDeps, everyMs: number): () => Promise<void> {
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  let timer: ReturnType<typeof setTimeout> | undefined
  const loop = async () => {
    running = runReminderPass(deps, deps.now()).then(
      (report) =>
        deps.logger.info(
          `[lembretes] rodada de ${report.day}: ${report.sent.length} lembrete(s) enviado(s)`,
        ),
      (error: unknown) => deps.logger.error({ err: error }, '[lembretes] a rodada falhou'),
    )
    await running
    if (!stopped) timer = setTimeout(() => void loop(), everyMs)
  }
  void loop()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
