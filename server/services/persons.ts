import { and, eq, ne, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { persons } from '../db/schema'

/** The person who logs in with this e-mail (stored lower-case), with what delivery needs. */
export async function findPersonByEmail(db: Database, email: string) {
  const [person] = await db
    .select({
      id: persons.id,
      email: persons.email,
      phoneDdi: persons.phoneDdi,
      phoneNumber: persons.phoneNumber,
    })
    .from(persons)
    .where(eq(persons.email, email.toLowerCase()))
    .limit(1)
  return person
}

/** The CPF as the unique index compares it (migration 0021): its digits, none as null. */
const cpfKey = sql`nullif(regexp_replace(${persons.cpf}, '[^0-9]', '', 'g'), '')`

/**
 * The person other than `except` who holds this CPF (compared as digits), if any: read to answer
 * in words before the unique index refuses the write (it still has the last word under races).
 */
export async function cpfOwner(tx: Database, cpf: string | null, except: string | null) {
  const digits = cpf?.replace(/\D/g, '')
  if (!digits) return undefined
  const [owner] = await tx
    .select({ id: persons.id, externalId: persons.externalId })
    .from(persons)
    .where(except ? and(eq(cpfKey, digits), ne(persons.id, except)) : eq(cpfKey, digits))
    .limit(1)
  return owner
}
