/**
 * Registration saves (spec §7 photo-holder and add-dependent) and the dependent types. Each save
 * runs inside the caller's transaction: it locks what it versions, checks every rule of spec §4
 * and §5, and only then writes. A refusal is an ApiError, and nothing it wrote survives it.
 */
import { and, count, eq, ne } from 'drizzle-orm'
import type { DependentType } from '../../contract/contracts'
import type {
  AddDependentRequest,
  PhotoHolderRequest,
  SaveResponse,
} from '../../contract/registration'
import { mandatoryMessage, missingMandatoryField } from '../../contract/registration'
import type { Database } from '../db/client'
import { contracts, dependents, dependentTypes, holders, persons } from '../db/schema'
import { ApiError } from '../http/errors'
import { idOrNotFound } from '../http/validate'
import { contractMessages } from './contracts'
import { changedMemberFields, dependentSaved, holderUpdated } from './event-records'
import type { Answer } from './idempotency'
import { isStale, nextVersion } from './idempotency-rules'
import {
  assertAttachmentsOwned,
  assertEmailFree,
  personValues,
  replaceAttachments,
} from './person-writes'
import { cpfOwner, dependentInForce, holdsContract } from './persons'
import {
  dependentReadOnly,
  holderReadOnly,
  limitReached,
  lockedFieldChange,
  registrationMessages,
} from './registration-rules'
import { isUniqueViolation } from './upserts'

const sameId = (sent: string | null | undefined, stored: string) =>
  sent === null || sent === undefined || sent.toLowerCase() === stored

const saved = (id: string, version: Date): Answer => ({
  status: 200,
  body: {
    message: registrationMessages.saved,
    updated_at: version.toISOString(),
    id,
  } satisfies SaveResponse,
})

/** POST /client/photo-holder: the holder's own person, photo and attachments. */
export async function saveHolder(
  tx: Database,
  personId: string,
  input: PhotoHolderRequest,
  now: Date,
): Promise<Answer> {
  const contractId = idOrNotFound(input.contract_id, contractMessages.notFound)
  // All contracts of a holder share one person: their saves run one at a time.
  const [stored] = await tx.select().from(persons).where(eq(persons.id, personId)).for('update')
  const [found] = await tx
    .select({ contract: contracts, holder: holders })
    .from(holders)
    .innerJoin(contracts, eq(contracts.id, holders.contractId))
    .where(and(eq(holders.contractId, contractId), eq(holders.personId, personId)))
  if (!stored || !found) throw new ApiError(404, contractMessages.notFound)
  const { contract, holder } = found
  const { person } = input.holder
  const named = [input.holder.person_id, person.id, person.person_id]
  if (!sameId(input.holder.id, holder.id) || !named.every((id) => sameId(id, personId))) {
    throw new ApiError(404, registrationMessages.holderNotFound)
  }
  if (holderReadOnly(contract.status)) throw new ApiError(403, registrationMessages.holderReadOnly)
  if (isStale(new Date(input.updated_at), holder.updatedAt)) {
    throw new ApiError(409, registrationMessages.stale)
  }
  const locked = lockedFieldChange(stored, person, 'holder')
  if (locked) throw new ApiError(422, locked)
  const missing = missingMandatoryField(person, contract.holderMandatoryData)
  if (missing) throw new ApiError(400, mandatoryMessage(missing))
  await assertAttachmentsOwned(tx, person.files_attached, personId)
  await assertEmailFree(tx, person.email, personId)
  if (await cpfOwner(tx, person.documents.cpf, personId))
    throw new ApiError(422, registrationMessages.cpfUnavailable)

  // Every holder row of the person shows this person, so every one gets the new version.
  const versions = await tx
    .select({ updatedAt: holders.updatedAt })
    .from(holders)
    .where(eq(holders.personId, personId))
  const latest = Math.max(...versions.map((row) => row.updatedAt.getTime()))
  const version = nextVersion(new Date(latest), now)
  const values = personValues(person, input.photo?.base_64 ?? null, version)
  await writeUnique(() => tx.update(persons).set(values).where(eq(persons.id, personId)))
  await replaceAttachments(tx, personId, person.files_attached, now)
  await tx.update(holders).set({ updatedAt: version }).where(eq(holders.personId, personId))
  // The provider's system hears what changed, in this same transaction (decision 019).
  await holderUpdated(tx, {
    personId,
    contractId: contract.id,
    changedFields: changedMemberFields(stored, values),
    version,
    at: now,
  })
  return saved(holder.id, version)
}

/** POST /client/add-dependent: a new dependent on the holder's contract, or an edit of one. */
export async function saveDependent(
  tx: Database,
  personId: string,
  input: AddDependentRequest,
  now: Date,
): Promise<Answer> {
  const contractId = idOrNotFound(input.contract_id, contractMessages.notFound)
  // Dependent saves of one contract run one at a time, so the limit holds under concurrency.
  const [found] = await tx
    .select({ contract: contracts, holder: holders })
    .from(holders)
    .innerJoin(contracts, eq(contracts.id, holders.contractId))
    .where(and(eq(holders.contractId, contractId), eq(holders.personId, personId)))
    .for('update', { of: contracts })
  if (!found) throw new ApiError(404, contractMessages.notFound)
  const { contract, holder } = found
  const sent = input.dependent
  const { person } = sent

  const existing = sent.id ? await lockDependent(tx, contract.id, sent.id) : undefined
  if (existing) {
    const named = [sent.person_id, person.id, person.person_id]
    if (!named.every((id) => sameId(id, existing.person.id))) {
      throw new ApiError(404, registrationMessages.dependentNotFound)
    }
    if (dependentReadOnly(holder.status, existing.dependent.status)) {
      throw new ApiError(403, registrationMessages.dependentReadOnly)
    }
    if (input.updated_at && isStale(new Date(input.updated_at), existing.dependent.updatedAt)) {
      throw new ApiError(409, registrationMessages.stale)
    }
    const locked = lockedFieldChange(existing.person, person, 'dependent')
    if (locked) throw new ApiError(422, locked)
  } else if (limitReached(await activeDependents(tx, contract.id), contract.dependentsIncluded)) {
    throw new ApiError(422, registrationMessages.limitReached)
  }
  const [type] = await tx
    .select({ id: dependentTypes.id })
    .from(dependentTypes)
    .where(eq(dependentTypes.id, sent.dependent_type.id))
  if (!type) throw new ApiError(400, registrationMessages.invalidDependentType)
  const missing = missingMandatoryField(person, contract.dependentMandatoryData)
  if (missing) throw new ApiError(400, mandatoryMessage(missing))
  const dependentPersonId = existing?.person.id ?? null
  await assertAttachmentsOwned(tx, person.files_attached, dependentPersonId)
  await assertEmailFree(tx, person.email, dependentPersonId)
  await assertCpfFree(tx, person.documents.cpf, dependentPersonId, contract.id)

  const photo = input.photo?.base_64 ?? null
  if (existing) {
    const version = nextVersion(existing.dependent.updatedAt, now)
    const values = personValues(person, photo, version)
    await writeUnique(() =>
      tx.update(persons).set(values).where(eq(persons.id, existing.person.id)),
    )
    await replaceAttachments(tx, existing.person.id, person.files_attached, now)
    await tx
      .update(dependents)
      .set({ dependentTypeId: type.id, writtenBy: 'holder', updatedAt: version })
      .where(eq(dependents.id, existing.dependent.id))
    await dependentSaved(tx, {
      dependentId: existing.dependent.id,
      created: false,
      changedFields: [
        ...changedMemberFields(existing.person, values),
        ...(existing.dependent.dependentTypeId === type.id ? [] : ['type']),
      ],
      version,
      at: now,
    })
    return saved(existing.dependent.id, version)
  }
  const [created] = await writeUnique(() =>
    tx
      .insert(persons)
      .values({ ...personValues(person, photo, now), createdAt: now })
      .returning({ id: persons.id }),
  )
  if (!created) throw new Error('pessoa do dependente não criada')
  await replaceAttachments(tx, created.id, person.files_attached, now)
  const [dependent] = await tx
    .insert(dependents)
    .values({
      contractId: contract.id,
      personId: created.id,
      dependentTypeId: type.id,
      // Spec §4 lists no review step for new dependents, and they stay editable: ACTIVE.
      status: 'ACTIVE',
      writtenBy: 'holder',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: dependents.id })
  if (!dependent) throw new Error('dependente não criado')
  await dependentSaved(tx, {
    dependentId: dependent.id,
    created: true,
    changedFields: [],
    version: now,
    at: now,
  })
  return saved(dependent.id, now)
}

/**
 * A dependent's CPF is nobody else's (one person per CPF), and never the holder's or another
 * dependent's of this contract: those get their own words, as the holder already sees them.
 */
async function assertCpfFree(
  tx: Database,
  cpf: string | null,
  dependentPersonId: string | null,
  contractId: string,
) {
  const owner = await cpfOwner(tx, cpf, dependentPersonId)
  if (!owner) return
  if (await holdsContract(tx, contractId, owner.id))
    throw new ApiError(422, registrationMessages.holderAsDependent)
  const dependent = await dependentInForce(tx, contractId, owner.id)
  if (dependent) throw new ApiError(422, registrationMessages.dependentTwice)
  throw new ApiError(422, registrationMessages.cpfUnavailable)
}

async function lockDependent(tx: Database, contractId: string, dependentId: string) {
  const [row] = await tx
    .select({ dependent: dependents, person: persons })
    .from(dependents)
    .innerJoin(persons, eq(persons.id, dependents.personId))
    .where(and(eq(dependents.id, dependentId), eq(dependents.contractId, contractId)))
    .for('update', { of: dependents })
  if (!row) throw new ApiError(404, registrationMessages.dependentNotFound)
  return row
}

async function activeDependents(tx: Database, contractId: string): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(dependents)
    .where(and(eq(dependents.contractId, contractId), ne(dependents.status, 'INACTIVE')))
  return row?.count ?? 0
}

/** A concurrent save that took the same e-mail or CPF first gets the same answer as a taken one. */
async function writeUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, 'persons_cpf_idx'))
      throw new ApiError(422, registrationMessages.cpfUnavailable)
    if (isUniqueViolation(error)) throw new ApiError(422, registrationMessages.emailUnavailable)
    throw error
  }
}

/** POST /rql/dependent-types: every type, by name as a Brazilian reader sorts them. */
export async function listDependentTypes(db: Database): Promise<DependentType[]> {
  const rows = await db
    .select({ id: dependentTypes.id, name: dependentTypes.name })
    .from(dependentTypes)
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
}
