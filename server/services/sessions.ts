/**
 * Login sessions (the `sessions` table): one per code login, named by the token's `sid`. A
 * token works while its row is live, so "Sair" ends it on the server, not just on the device.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Database } from '../db/client'
import { sessions } from '../db/schema'

export async function openSession(
  db: Database,
  input: { personId: string; now: Date; ttlSeconds: number },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({
      personId: input.personId,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + input.ttlSeconds * 1000),
    })
    .returning({ id: sessions.id })
  if (!row) throw new Error('sessão não criada')
  return row.id
}

/** Live: not revoked, not expired, and its person still there (the row goes with the person). */
export async function isSessionLive(
  db: Database,
  input: { sessionId: string; personId: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, input.sessionId),
        eq(sessions.personId, input.personId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, input.now),
      ),
    )
    .limit(1)
  return rows.length === 1
}

/** Ends one session ("Sair") or, without `sessionId`, every session of the person. */
export async function revokeSessions(
  db: Database,
  input: { personId: string; sessionId?: string; now: Date },
) {
  await db
    .update(sessions)
    .set({ revokedAt: input.now })
    .where(
      and(
        eq(sessions.personId, input.personId),
        input.sessionId ? eq(sessions.id, input.sessionId) : undefined,
        isNull(sessions.revokedAt),
      ),
    )
}

/** Sessions past their expiry a day ago are of no use to anyone. */
export async function deleteOldSessions(db: Database, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now.getTime() - 86_400_000)))
}
