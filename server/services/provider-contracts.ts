/**
 * Contracts as the provider's integration API writes them (decision 019): the plan, the holder
 * (a member), the status, series and number, the dates, the dependents included and the
 * mandatory-data maps, found by the provider's `externalId`. The holder only accepts the terms
 * of a contract; the provider writes the rest.
 */
import { asc, eq, gt } from 'drizzle-orm'
import type { Contract, ContractUpsert } from '../../contract/integration'
import type { Database } from '../db/client'
import { contracts, holders, modelContracts, persons } from '../db/schema'
import { ProblemError } from '../http/integration'
import { type Cursor, pageOf } from './cursor'
import { dependentsOf } from './members'
import { dependentInForce } from './persons'
import { memberNamed, sameValues, type Upserted, unknownReference, upsertRetrying } from './upserts'

/** A day kept as a moment: noon UTC is the same day in every Brazilian time zone. */
const dayToMoment = (day: string | null) => (day ? new Date(`${day}T12:00:00Z`) : null)
const momentToDay = (moment: Date | null) => (moment ? moment.toISOString().slice(0, 10) : null)

function contractRows(db: Database) {
  return db
    .select({
      contract: contracts,
      holder: holders,
      planExternalId: modelContracts.externalId,
      holderExternalId: persons.externalId,
    })
    .from(contracts)
    .innerJoin(holders, eq(holders.contractId, contracts.id))
    .innerJoin(modelContracts, eq(modelContracts.id, contracts.modelContractId))
    .innerJoin(persons, eq(persons.id, holders.personId))
}

type ContractRow = Awaited<ReturnType<ReturnType<typeof contractRows>['where']>>[number]

async function toContracts(db: Database, rows: ContractRow[]): Promise<Contract[]> {
  const all = await dependentsOf(
    db,
    rows.map((row) => row.contract.id),
  )
  return rows.map(({ contract, holder, planExternalId, holderExternalId }) => ({
    id: contract.id,
    externalId: contract.externalId,
    planId: contract.modelContractId,
    planExternalId,
    holderId: holder.personId,
    holderExternalId,
    status: contract.status,
    holderStatus: holder.status,
    series: contract.serie,
    number: contract.contractNumber,
    saleDate: momentToDay(contract.dateTime),
    expiresOn: momentToDay(contract.expiration),
    dependentsIncluded: contract.dependentsIncluded,
    holderMandatoryData: contract.holderMandatoryData,
    dependentMandatoryData: contract.dependentMandatoryData,
    termsAcceptedAt: contract.termsAcceptedAt?.toISOString() ?? null,
    dependents: all.filter((dependent) => dependent.contractId === contract.id),
    version: String(contract.version),
  }))
}

export async function contractByExternalId(db: Database, externalId: string) {
  const rows = await contractRows(db).where(eq(contracts.externalId, externalId))
  const [item] = await toContracts(db, rows)
  return item ?? null
}

export async function listProviderContracts(
  db: Database,
  cursor: Cursor | undefined,
  limit: number,
) {
  const rows = await contractRows(db)
    .where(cursor ? gt(contracts.id, cursor.after) : undefined)
    .orderBy(asc(contracts.id))
    .limit(limit + 1)
  return pageOf(await toContracts(db, rows), limit, (item) => item.id)
}

export const contractColumns = (input: ContractUpsert, planId: string) => ({
  modelContractId: planId,
  status: input.status,
  serie: input.series,
  contractNumber: input.number,
  dateTime: dayToMoment(input.saleDate),
  expiration: dayToMoment(input.expiresOn),
  dependentsIncluded: input.dependentsIncluded,
  holderMandatoryData: input.holderMandatoryData,
  dependentMandatoryData: input.dependentMandatoryData,
})

/** The contract's holder row as a provider's upsert sets it. */
export const holderColumns = (input: ContractUpsert, personId: string) => ({
  personId,
  status: input.holderStatus,
})

const holderIsDependent =
  'Esta pessoa é dependente deste contrato: inative esse dependente antes de torná-la titular.'

/** A new holder may not be one of the contract's dependents in force at the same time. */
async function assertNotDependent(tx: Database, contractId: string, personId: string) {
  const dependent = await dependentInForce(tx, contractId, personId)
  if (dependent)
    throw new ProblemError(422, holderIsDependent, [
      { path: 'body.holderExternalId', code: 'conflict', message: holderIsDependent },
    ])
}

/** Creates or updates the contract the provider knows as `externalId`, with its holder row. */
export function upsertProviderContract(
  db: Database,
  externalId: string,
  input: ContractUpsert,
  now: Date,
): Promise<Upserted<Contract>> {
  return upsertRetrying(() =>
    db.transaction(async (tx): Promise<Upserted<Contract> | 'lost'> => {
      const [plan] = await tx
        .select({ id: modelContracts.id })
        .from(modelContracts)
        .where(eq(modelContracts.externalId, input.planExternalId))
      if (!plan) throw unknownReference('planExternalId', 'plano')
      const person = await memberNamed(tx, input.holderExternalId, 'holderExternalId')
      const values = contractColumns(input, plan.id)
      const holderValues = holderColumns(input, person.id)
      const read = async () => {
        const item = await contractByExternalId(tx, externalId)
        if (!item) throw new Error('contrato gravado e não lido')
        return item
      }

      const [stored] = await tx
        .select({ contract: contracts, holder: holders })
        .from(contracts)
        .innerJoin(holders, eq(holders.contractId, contracts.id))
        .where(eq(contracts.externalId, externalId))
        .for('update', { of: contracts })
      if (stored) {
        const same = sameValues(stored.contract, values) && sameValues(stored.holder, holderValues)
        if (same) return { outcome: 'unchanged', item: await read() }
        if (stored.holder.personId !== person.id)
          await assertNotDependent(tx, stored.contract.id, person.id)
        await tx
          .update(contracts)
          .set({ ...values, updatedAt: now })
          .where(eq(contracts.id, stored.contract.id))
        if (!sameValues(stored.holder, holderValues))
          await tx
            .update(holders)
            .set({ ...holderValues, updatedAt: now })
            .where(eq(holders.id, stored.holder.id))
        return { outcome: 'updated', item: await read() }
      }
      const [created] = await tx
        .insert(contracts)
        .values({ ...values, externalId, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: contracts.externalId })
        .returning({ id: contracts.id })
      if (!created) return 'lost'
      await tx.insert(holders).values({ ...holderValues, contractId: created.id, updatedAt: now })
      return { outcome: 'created', item: await read() }
    }),
  )
}
