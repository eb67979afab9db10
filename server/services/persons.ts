import { eq } from 'drizzle-orm'
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
