/** Which channels a holder gets payment reminders on (issue 17); no row means both. */
import { eq, sql } from 'drizzle-orm'
import type { ReminderPreferences } from '../../contract/reminders'
import type { Database } from '../db/client'
import { reminderPreferences } from '../db/schema'

export async function readReminderPreferences(
  db: Database,
  personId: string,
): Promise<ReminderPreferences> {
  const [row] = await db
    .select({ email: reminderPreferences.email, whatsapp: reminderPreferences.whatsapp })
    .from(reminderPreferences)
    .where(eq(reminderPreferences.personId, personId))
  return row ?? { email: true, whatsapp: true }
}

/** Stores both switches as sent (a repeat changes nothing): one upsert. */
export async function saveReminderPreferences(
  db: Database,
  personId: string,
  preferences: ReminderPreferences,
  now: Date,
): Promise<ReminderPreferences> {
  await db
    .insert(reminderPreferences)
    .values({ personId, ...preferences, updatedAt: now })
    .onConflictDoUpdate({
      target: reminderPreferences.personId,
      set: {
        email: sql`excluded.email`,
        whatsapp: sql`excluded.whatsapp`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
  return preferences
}
