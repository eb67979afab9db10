/**
 * Demo mode only: every message the server "sent" (login codes, payment messages, payment
 * reminders) is kept here so people and tests can read it.
 */
import { and, asc, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { devOutbox } from './schema'

export interface OutboxMessage {
  to: string
  email: string
  channel: string
  code: string
  text: string
  sentAt: Date
  /** A payment reminder's kind (DUE_SOON, OVERDUE); absent for codes and payment messages. */
  reminder?: string
  instalmentId?: string
}

export async function recordOutbox(tx: Database, message: OutboxMessage) {
  await tx.insert(devOutbox).values(message)
}

/** A destination given as the e-mail or phone it went to, phone digits in any format, or the account e-mail. */
function sentTo(to: string): SQL | undefined {
  const digits = to.replace(/\D/g, '')
  const matches = [eq(devOutbox.to, to), eq(devOutbox.email, to.toLowerCase())]
  // A plausible phone number matches by digits, with or without the country code.
  if (digits.length >= 8 && !to.includes('@')) {
    matches.push(sql`regexp_replace(${devOutbox.to}, '\\D', '', 'g') like ${`%${digits}`}`)
  }
  return or(...matches)
}

/**
 * The latest message for a destination that is not a reminder: a reminder sent meanwhile must
 * not hide the login code someone is waiting for.
 */
export async function latestOutbox(db: Database, to: string) {
  const [row] = await db
    .select()
    .from(devOutbox)
    .where(and(sentTo(to), isNull(devOutbox.reminder)))
    .orderBy(desc(devOutbox.sentAt))
    .limit(1)
  return row
}

/** Every reminder sent, oldest first, in a stable order; only a destination's when `to` is given. */
export async function reminderOutbox(db: Database, to: string | undefined) {
  return (
    db
      .select()
      .from(devOutbox)
      .where(and(isNotNull(devOutbox.reminder), to === undefined ? undefined : sentTo(to)))
      // Same moment (one pass): by instalment, e-mail before WhatsApp ('email' > 'cellphone').
      .orderBy(asc(devOutbox.sentAt), asc(devOutbox.instalmentId), desc(devOutbox.channel))
  )
}
