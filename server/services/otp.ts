/**
 * One-time codes (docs/design.md §6): 6 digits from a CSPRNG, stored only as an HMAC bound to the
 * e-mail, valid OTP_TTL, single use, dead after MAX_ATTEMPTS wrong tries in all. One address gets
 * far fewer (login-limits.ts), so a stranger's guesses alone cannot kill the owner's code.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { otpCodes } from '../db/schema'

export const MAX_ATTEMPTS = 25

export const generateCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

export const hashCode = (key: Buffer, email: string, code: string) =>
  createHmac('sha256', key).update(`${email}:${code}`).digest('hex')

/** Stores a new code; earlier unused codes of the e-mail stop working (marked used). */
export async function storeCode(
  tx: Database,
  input: { email: string; codeHash: string; channel: string; now: Date; ttlSeconds: number },
) {
  const { email, codeHash, channel, now, ttlSeconds } = input
  await tx
    .update(otpCodes)
    .set({ usedAt: now })
    .where(and(eq(otpCodes.email, email), isNull(otpCodes.usedAt)))
  await tx.insert(otpCodes).values({
    email,
    codeHash,
    channel,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    createdAt: now,
  })
}

/**
 * Checks a code and, when right, uses it up. Every step is a conditional UPDATE, so concurrent
 * requests cannot both use one code nor get more than MAX_ATTEMPTS tries between them.
 */
export async function consumeCode(
  db: Database,
  input: { email: string; codeHash: string; now: Date },
): Promise<boolean> {
  const { email, codeHash, now } = input
  const live = and(
    isNull(otpCodes.usedAt),
    gt(otpCodes.expiresAt, now),
    lt(otpCodes.attempts, MAX_ATTEMPTS),
  )
  const [latest] = await db
    .select({ id: otpCodes.id, codeHash: otpCodes.codeHash })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), live))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
  if (!latest) return false

  if (!timingSafeEqual(Buffer.from(latest.codeHash, 'hex'), Buffer.from(codeHash, 'hex'))) {
    await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, latest.id), lt(otpCodes.attempts, MAX_ATTEMPTS)))
    return false
  }
  const used = await db
    .update(otpCodes)
    .set({ usedAt: now })
    .where(and(eq(otpCodes.id, latest.id), live))
    .returning({ id: otpCodes.id })
  return used.length === 1
}

/** Codes long past their expiry are kept for a day (support questions), then removed. */
export async function deleteOldCodes(db: Database, now: Date) {
  await db.delete(otpCodes).where(lt(otpCodes.expiresAt, new Date(now.getTime() - 86_400_000)))
}
