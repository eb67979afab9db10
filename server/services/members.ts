/**
 * People and dependents as the provider's integration API writes them (decision 019), found by
 * the provider's `externalId`. The holder edits the same records in the portal: each carries its
 * version and who wrote it last, and `assertWritable` keeps a holder's edit from being replaced
 * unseen. A provider's write moves the versions the holder's app holds too (holders and
 * dependents rows), so an edit queued offline on the old data is refused as stale, never applied
 * over the provider's.
 */
import { and, asc, eq, gt, inArray, isNull, max, ne } from 'drizzle-orm'
import type { Dependent, DependentUpsert, Member, MemberUpsert } from '../../contract/integration'
import type { Database } from '../db/client'
import { contracts, dependents, dependentTypes, holders, persons } from '../db/schema'
import { ProblemError } from '../http/integration'
import { type Cursor, pageOf } from './cursor'
import { nextVersion } from './idempotency-rules'
import { cpfOwner, dependentInForce, holdsContract } from './persons'
import {
  assertWritable,
  contractNamed,
  immutableField,
  isUniqueViolation,
  memberNamed,
  sameValues,
  type Upserted,
  upsertRetrying,
} from './upserts'

type PersonRow = typeof persons.$inferSelect

const toMember = (row: PersonRow): Member => ({
  id: row.id,
  externalId: row.externalId,
  version: row.updatedAt.toISOString(),
  writtenBy: row.writtenBy,
  firstName: row.firstName,
  lastName: row.lastName,
  birthDate: row.birthDate,
  gender: row.gender,
  email: row.email,
  cpf: row.cpf,
  rg: row.rg,
  passport: row.passport,
  birthCertificate: row.birthCertificate,
  phoneDdi: row.phoneDdi,
  phone: row.phoneNumber,
  cep: row.cep,
  state: row.state,
  city: row.city,
  country: row.country,
  street: row.street,
  neighborhood: row.neighborhood,
  addressNumber: row.addressNumber,
  complement: row.complement,
  payerBank: row.payerBank,
  updatedAt: row.updatedAt.toISOString(),
})

/** The person's columns as a provider's upsert sets them (photo and attachments stay). */
export const memberColumns = (input: MemberUpsert) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  birthDate: input.birthDate,
  gender: input.gender,
  email: input.email,
  cpf: input.cpf,
  rg: input.rg,
  passport: input.passport,
  birthCertificate: input.birthCertificate,
  phoneDdi: input.phoneDdi,
  phoneNumber: input.phone,
  cep: input.cep,
  state: input.state,
  city: input.city,
  country: input.country,
  street: input.street,
  neighborhood: input.neighborhood,
  addressNumber: input.addressNumber,
  complement: input.complement,
  payerBank: input.payerBank,
})

/** A person the provider creates, as inserted (one at a time here, by the hundred in imports). */
export const newMemberRow = (externalId: string, input: MemberUpsert, now: Date) => ({
  ...memberColumns(input),
  externalId,
  writtenBy: 'provider' as const,
  createdAt: now,
  updatedAt: now,
})

const emailTaken = () =>
  new ProblemError(422, 'Este e-mail já é o login de outra pessoa.', [
    { path: 'body.email', code: 'taken', message: 'Este e-mail já é o login de outra pessoa.' },
  ])

export const cpfMessages = {
  taken: (externalId: string | null) =>
    `Este CPF já é de outra pessoa${externalId ? ` (externalId ${externalId})` : ''}. Uma pessoa tem um só cadastro: use o externalId dela, ou corrija o CPF.`,
} as const

const cpfTaken = (externalId: string | null) => {
  const message = cpfMessages.taken(externalId)
  return new ProblemError(422, message, [{ path: 'body.cpf', code: 'taken', message }])
}

export async function memberByExternalId(db: Database, externalId: string) {
  const [row] = await db.select().from(persons).where(eq(persons.externalId, externalId))
  return row ? toMember(row) : null
}

export async function listMembers(db: Database, cursor: Cursor | undefined, limit: number) {
  const rows = await db
    .select()
    .from(persons)
    .where(cursor ? gt(persons.id, cursor.after) : undefined)
    .orderBy(asc(persons.id))
    .limit(limit + 1)
  return pageOf(rows.map(toMember), limit, (item) => item.id)
}

/**
 * The newest version the holder's app may hold of this person (the person, its holder rows,
 * its dependent rows), so the next one is later than all of them.
 */
async function latestVersionOf(tx: Database, person: PersonRow): Promise<Date> {
  const [holder] = await tx
    .select({ at: max(holders.updatedAt) })
    .from(holders)
    .where(eq(holders.personId, person.id))
  const [dependent] = await tx
    .select({ at: max(dependents.updatedAt) })
    .from(dependents)
    .where(eq(dependents.personId, person.id))
  const times = [person.updatedAt, holder?.at, dependent?.at].map((at) => at?.getTime() ?? 0)
  return new Date(Math.max(...times))
}

/**
 * Creates or updates the person the provider knows as `externalId`. `ifMatch` is the version
 * the provider read (If-Match), when it sent one.
 */
export function upsertMember(
  db: Database,
  externalId: string,
  input: MemberUpsert,
  ifMatch: string | undefined,
  now: Date,
): Promise<Upserted<Member>> {
  const values = memberColumns(input)
  return upsertRetrying(() =>
    db.transaction(async (tx): Promise<Upserted<Member> | 'lost'> => {
      const [stored] = await tx
        .select()
        .from(persons)
        .where(eq(persons.externalId, externalId))
        .for('update')
      if (values.email) {
        const [taken] = await tx
          .select({ id: persons.id })
          .from(persons)
          .where(
            stored
              ? and(eq(persons.email, values.email), ne(persons.id, stored.id))
              : eq(persons.email, values.email),
          )
        if (taken) throw emailTaken()
      }
      const owner = await cpfOwner(tx, values.cpf, stored?.id ?? null)
      if (owner) throw cpfTaken(owner.externalId)
      if (stored) {
        if (sameValues(stored, values)) return { outcome: 'unchanged', item: toMember(stored) }
        assertWritable(toMember(stored), ifMatch)
        const version = nextVersion(await latestVersionOf(tx, stored), now)
        const [row] = await tx
          .update(persons)
          .set({ ...values, writtenBy: 'provider', updatedAt: version })
          .where(eq(persons.id, stored.id))
          .returning()
          .catch(rethrowTaken)
        // The holder's app holds these versions: a save queued on the old data is now stale.
        await tx.update(holders).set({ updatedAt: version }).where(eq(holders.personId, stored.id))
        await tx
          .update(dependents)
          .set({ updatedAt: version })
          .where(eq(dependents.personId, stored.id))
        return { outcome: 'updated', item: toMember(row as PersonRow) }
      }
      if (ifMatch !== undefined)
        throw new ProblemError(412, 'Nenhuma pessoa com este externalId para comparar o If-Match.')
      const [created] = await tx
        .insert(persons)
        .values(newMemberRow(externalId, input, now))
        .onConflictDoNothing({ target: persons.externalId })
        .returning()
        .catch(rethrowTaken)
      return created ? { outcome: 'created', item: toMember(created) } : 'lost'
    }),
  )
}

/** A write that lost the race for an e-mail or CPF to another gets the same answer as a late one. */
function rethrowTaken(error: unknown): never {
  if (isUniqueViolation(error, 'persons_email_unique')) throw emailTaken()
  if (isUniqueViolation(error, 'persons_cpf_idx')) throw cpfTaken(null)
  throw error
}

// ---------------------------------------------------------------- dependents

const dependentFields = {
  dependent: dependents,
  contractExternalId: contracts.externalId,
  memberExternalId: persons.externalId,
  type: dependentTypes.name,
}

const toDependent = (row: {
  dependent: typeof dependents.$inferSelect
  contractExternalId: string | null
  memberExternalId: string | null
  type: string | null
}): Dependent => ({
  id: row.dependent.id,
  externalId: row.dependent.externalId,
  contractId: row.dependent.contractId,
  contractExternalId: row.contractExternalId,
  memberId: row.dependent.personId,
  memberExternalId: row.memberExternalId,
  type: row.type,
  status: row.dependent.status,
  version: row.dependent.updatedAt.toISOString(),
  writtenBy: row.dependent.writtenBy,
})

function dependentRows(db: Database) {
  return db
    .select(dependentFields)
    .from(dependents)
    .innerJoin(contracts, eq(contracts.id, dependents.contractId))
    .innerJoin(persons, eq(persons.id, dependents.personId))
    .leftJoin(dependentTypes, eq(dependentTypes.id, dependents.dependentTypeId))
}

export async function dependentByExternalId(db: Database, externalId: string) {
  const [row] = await dependentRows(db).where(eq(dependents.externalId, externalId))
  return row ? toDependent(row) : null
}

/** Every dependent of these contracts, the holder's own additions too, in creation order. */
export async function dependentsOf(db: Database, contractIds: string[]) {
  if (contractIds.length === 0) return []
  const rows = await dependentRows(db)
    .where(inArray(dependents.contractId, contractIds))
    .orderBy(asc(dependents.createdAt), asc(dependents.id))
  return rows.map(toDependent)
}

/** Dependent type names compare in any letter case, accents counted. */
export const sameTypeName = (a: string, b: string) =>
  a.localeCompare(b, 'pt-BR', { sensitivity: 'accent' }) === 0

/** A dependent the provider creates, as inserted. */
export const newDependentRow = (
  externalId: string,
  contractId: string,
  values: { personId: string; dependentTypeId: string; status: DependentUpsert['status'] },
  now: Date,
) => ({
  ...values,
  contractId,
  externalId,
  writtenBy: 'provider' as const,
  createdAt: now,
  updatedAt: now,
})

/**
 * The dependent type named `name` (any letter case, accents counted). The provider's names are
 * the catalogue the holder's form offers: one not there yet is added (a production database
 * starts with none; the demo seeds its own).
 */
async function dependentTypeNamed(tx: Database, name: string) {
  const types = await tx.select().from(dependentTypes)
  const found = types.find((type) => sameTypeName(type.name, name))
  if (found) return found
  await tx
    .insert(dependentTypes)
    .values({ name })
    .onConflictDoNothing({ target: dependentTypes.name })
  const [added] = await tx.select().from(dependentTypes).where(eq(dependentTypes.name, name))
  if (!added) throw new Error('tipo de dependente não gravado')
  return added
}

export const dependentMessages = {
  holderAsDependent: 'O titular do contrato não pode ser dependente dele mesmo.',
  twice: (externalId: string | null) =>
    `Esta pessoa já é dependente deste contrato${externalId ? ` (externalId ${externalId})` : ''}. Altere esse dependente em vez de criar outro.`,
} as const

const onMember = (message: string) =>
  new ProblemError(422, message, [{ path: 'body.memberExternalId', code: 'conflict', message }])

/**
 * A person is on a contract once: not as its holder and a dependent, not as two dependents in
 * force (an INACTIVE one is history, and may stay beside a new one).
 */
async function assertNotOnContract(
  tx: Database,
  contractId: string,
  personId: string,
  dependentId: string | null,
  status: DependentUpsert['status'],
) {
  if (await holdsContract(tx, contractId, personId))
    throw onMember(dependentMessages.holderAsDependent)
  if (status === 'INACTIVE') return
  const other = await dependentInForce(tx, contractId, personId, dependentId)
  if (other) throw onMember(dependentMessages.twice(other.externalId))
}

/**
 * Creates or updates a dependent the provider knows as `externalId`. One the holder added in
 * the portal for the same person on the same contract (it has no externalId) is adopted rather
 * than doubled.
 */
export function upsertDependent(
  db: Database,
  externalId: string,
  input: DependentUpsert,
  ifMatch: string | undefined,
  now: Date,
): Promise<Upserted<Dependent>> {
  return upsertRetrying(() =>
    db.transaction(async (tx): Promise<Upserted<Dependent> | 'lost'> => {
      const contract = await contractNamed(tx, input.contractExternalId)
      // Dependent writes of one contract run one at a time (as the holder's saves do), so the
      // checks below hold when two calls name the same person at once.
      await tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(eq(contracts.id, contract.id))
        .for('update')
      const person = await memberNamed(tx, input.memberExternalId)
      const type = await dependentTypeNamed(tx, input.type)
      const values = { personId: person.id, dependentTypeId: type.id, status: input.status }

      const [stored] = await tx
        .select()
        .from(dependents)
        .where(eq(dependents.externalId, externalId))
        .for('update')
      const [adopted] = stored
        ? []
        : await tx
            .select()
            .from(dependents)
            .where(
              and(
                eq(dependents.contractId, contract.id),
                eq(dependents.personId, person.id),
                isNull(dependents.externalId),
              ),
            )
            .for('update')
      const existing = stored ?? adopted
      if (existing && existing.contractId !== contract.id)
        throw immutableField(
          'contractExternalId',
          'Um dependente não muda de contrato: crie outro externalId no contrato novo.',
        )
      await assertNotOnContract(tx, contract.id, person.id, existing?.id ?? null, input.status)
      if (existing) {
        const read = async () => {
          const found = await dependentByExternalId(tx, externalId)
          if (!found) throw new Error('dependente gravado e não lido')
          return found
        }
        if (stored && sameValues(stored, values))
          return { outcome: 'unchanged', item: await read() }
        assertWritable(
          { version: existing.updatedAt.toISOString(), writtenBy: existing.writtenBy },
          ifMatch,
        )
        await tx
          .update(dependents)
          .set({
            ...values,
            externalId,
            writtenBy: 'provider',
            updatedAt: nextVersion(existing.updatedAt, now),
          })
          .where(eq(dependents.id, existing.id))
        return { outcome: 'updated', item: await read() }
      }
      if (ifMatch !== undefined)
        throw new ProblemError(
          412,
          'Nenhum dependente com este externalId para comparar o If-Match.',
        )
      const [created] = await tx
        .insert(dependents)
        .values(newDependentRow(externalId, contract.id, values, now))
        .onConflictDoNothing({ target: dependents.externalId })
        .returning({ id: dependents.id })
      if (!created) return 'lost'
      const item = await dependentByExternalId(tx, externalId)
      if (!item) throw new Error('dependente criado e não lido')
      return { outcome: 'created', item }
    }),
  )
}
