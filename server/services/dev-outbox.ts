/** Demo mode only: every code message is kept here so people and tests can read it. */
import { desc, eq, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { devOutbox } from '../db/schema'

export interface OutboxMessage {
  to: string
  email: string
  channel: string
  code: string
  text: string
  sentAt: Date
}

export async function recordOutbox(tx: Database, message: OutboxMessage) {
  await tx.insert(devOutbox).values(message)
}

/**
 * The latest message for a destination, given as the e-mail or phone it went to, the phone
 * digits in any format, or the account e-mail.
 */
export async function latestOutbox(db: Database, to: string) {
  const digits = to.replace(/\D/g, '')
  const matches = [eq(devOutbox.to, to), eq(devOutbox.email, to.toLowerCase())]
  // A plausible phone number matches by digits, with or without the country code.
  if (digits.length >= 8 && !to.includes('@')) {
    matches.push(sql`regexp_replace(${devOutbox.to}, '\\D', '', 'g') like ${`%${digits}`}`)
  }
  const [row] = await db
    .select()
    .from(devOutbox)
    .where(or(...matches))
    .orderBy(desc(devOutbox.sentAt))
    .limit(1)
  return row
}
