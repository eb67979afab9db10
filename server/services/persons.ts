import { and, eq, ne, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { dependents, holders, persons } from '../db/schema'

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

/** Whether the person holds the contract. */
export async function holdsContract(tx: Database, contractId: string, personId: string) {
  const [holder] = await tx
    .select({ id: holders.id })
    .from(holders)
    .where(and(eq(holders.contractId, contractId), eq(holders.personId, personId)))
    .limit(1)
  return holder !== undefined
}

/**
 * The contract's dependent in force that is this person (an INACTIVE one is history), other than
 * `except`: a person is on a contract once.
 */
export async function dependentInForce(
  tx: Database,
  contractId: string,
  personId: string,
  except: string | null = null,
) {
  const [dependent] = await tx
    .select({ id: dependents.id, externalId: dependents.externalId })
    .from(dependents)
    .where(
      and(
        eq(dependents.contractId, contractId),
        eq(dependents.personId, personId),
        ne(dependents.status, 'INACTIVE'),
        except ? ne(dependents.id, except) : undefined,
      ),
    )
    .limit(1)
  return dependent
}
