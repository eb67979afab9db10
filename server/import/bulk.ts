/**
 * The import's fast path (issue 25): a chunk of rows of one kind read with one query per table
 * and the new ones inserted with one statement, instead of a transaction of five to nine
 * statements per row. It takes only the plain cases — a record that does not exist yet, or one
 * that exists with the same values — and builds the rows with the services' own builders. Every
 * other row (a change, an adoption, a payment outside, a conflict) is answered `'single'` and
 * goes through the integration API's service, with all its rules.
 */
import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type {
  ContractUpsert,
  DependentUpsert,
  InstalmentUpsert,
  MemberUpsert,
} from '../../contract/integration'
import type { Database } from '../db/client'
import {
  contracts,
  dependents,
  dependentTypes,
  holders,
  modelContracts,
  paymentOrders,
  persons,
} from '../db/schema'
import { memberColumns, newDependentRow, newMemberRow, sameTypeName } from '../services/members'
import { contractColumns, holderColumns } from '../services/provider-contracts'
import { instalmentColumns, instalmentUnchanged } from '../services/provider-instalments'
import { sameValues } from '../services/upserts'
import type { Kind } from './resources'

export interface BulkItem {
  externalId: string
  input: unknown
  /** The row carries a payment made outside the portal: the service marks it. */
  paidOutside: boolean
}

export type BulkWritten = { outcome: 'CREATED' | 'UNCHANGED'; id: string }
/** What became of each item, in order: written here, or left to the service. */
export type BulkResult = BulkWritten | 'single'

/** Kinds with a fast path; plans and cards are few and always go one by one. */
export const bulkKinds = new Set<Kind>(['members', 'contracts', 'dependents', 'instalments'])

type Plan = {
  /** Index of the item, and the row to insert for it. */
  inserts: Array<{
    index: number
    values: Record<string, unknown>
    /** A new contract's holder row. */
    holder?: ReturnType<typeof holderColumns>
  }>
  results: BulkResult[]
}

const byExternalId = <T extends { externalId: string | null }>(rows: T[]) =>
  new Map(rows.map((row) => [row.externalId as string, row]))

const idsOf = async (
  tx: Database,
  table: typeof persons | typeof contracts | typeof modelContracts,
  externalIds: string[],
) =>
  new Map(
    (
      await tx
        .select({ id: table.id, externalId: table.externalId })
        .from(table)
        .where(inArray(table.externalId, [...new Set(externalIds)]))
    ).map((row) => [row.externalId as string, row.id]),
  )

export async function writeBulk(
  tx: Database,
  kind: Kind,
  items: BulkItem[],
  now: Date,
): Promise<BulkResult[]> {
  if (!bulkKinds.has(kind) || items.length === 0) return items.map(() => 'single')
  const plan = await planners[kind as 'members'](tx, items, now)
  if (plan.inserts.length === 0) return plan.results
  const table = tables[kind as 'members']
  try {
    // Under a savepoint: a conflict (a CPF or e-mail taken meanwhile, an externalId written by
    // a request at the same moment) sends this chunk's new rows one by one, each with its answer.
    const created = await tx.transaction(async (savepoint) => {
      const rows = await insertRows(
        savepoint,
        table,
        plan.inserts.map((insert) => insert.values),
      )
      if (kind === 'contracts') await insertHolders(savepoint, items, plan, rows)
      return rows
    })
    const ids = byExternalId(created)
    for (const { index } of plan.inserts) {
      const row = ids.get((items[index] as BulkItem).externalId)
      plan.results[index] = row ? { outcome: 'CREATED', id: row.id } : 'single'
    }
  } catch {
    for (const { index } of plan.inserts) plan.results[index] = 'single'
  }
  return plan.results
}

const tables = {
  members: persons,
  contracts,
  dependents,
  instalments: paymentOrders,
} as const

/** The holder row of each contract just created. */
async function insertHolders(
  tx: Database,
  items: BulkItem[],
  plan: Plan,
  created: Array<{ id: string; externalId: string | null }>,
) {
  const ids = byExternalId(created)
  const values = plan.inserts.flatMap(({ index, values: contract, holder }) => {
    const row = ids.get((items[index] as BulkItem).externalId)
    return row && holder
      ? [{ ...holder, contractId: row.id, updatedAt: contract.updatedAt as Date }]
      : []
  })
  if (values.length) await insertRows(tx, holders, values)
}

/**
 * Inserts `rows` (the table's own property names, the same keys in each) as one JSON parameter
 * read by `jsonb_to_recordset`, skipping an externalId already taken; returns the new ids. A
 * multi-row VALUES of 500 rows has over 10,000 parameters, and building and parsing them cost
 * four times this.
 */
async function insertRows(
  tx: Database,
  table: PgTable & { id: AnyPgColumn; externalId?: AnyPgColumn },
  rows: Array<Record<string, unknown>>,
): Promise<Array<{ id: string; externalId: string | null }>> {
  const first = rows[0]
  if (!first) return []
  const columns = getTableColumns(table)
  const keys = Object.keys(first)
  const named = keys.map((key) => {
    const column = columns[key]
    if (!column) throw new Error(`coluna desconhecida: ${key}`)
    return { key, name: column.name, type: column.getSQLType() }
  })
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        named.map(({ key, name }) => {
          const value = row[key]
          return [name, value instanceof Date ? value.toISOString() : (value ?? null)]
        }),
      ),
    ),
  )
  const list = sql.raw(named.map(({ name }) => `"${name}"`).join(', '))
  const shape = sql.raw(named.map(({ name, type }) => `"${name}" ${type}`).join(', '))
  const conflict = 'externalId' in columns ? sql` on conflict (external_id) do nothing` : sql``
  const result = await tx.execute(
    sql`insert into ${table} (${list}) select ${list} from jsonb_to_recordset(${json}::jsonb) as r(${shape})${conflict} returning id, ${'externalId' in columns ? sql`external_id` : sql`null as external_id`}`,
  )
  const inserted = (
    result as unknown as { rows: Array<{ id: string; external_id: string | null }> }
  ).rows
  return inserted.map((row) => ({ id: row.id, externalId: row.external_id }))
}

/**
 * The dependent types, with the names these rows give that the catalogue lacks added first, as
 * the service adds one (a production database starts with none).
 */
async function typesNamed(tx: Database, names: string[]) {
  const types = await tx.select().from(dependentTypes)
  const missing: string[] = []
  for (const name of names)
    if (![...types.map((type) => type.name), ...missing].some((known) => sameTypeName(known, name)))
      missing.push(name)
  if (missing.length === 0) return types
  await tx
    .insert(dependentTypes)
    .values(missing.map((name) => ({ name })))
    .onConflictDoNothing({ target: dependentTypes.name })
  return tx.select().from(dependentTypes)
}

const planners: Record<
  'members' | 'contracts' | 'dependents' | 'instalments',
  (tx: Database, items: BulkItem[], now: Date) => Promise<Plan>
> = {
  async members(tx, items, now) {
    const stored = byExternalId(
      await tx
        .select()
        .from(persons)
        .where(
          inArray(
            persons.externalId,
            items.map((item) => item.externalId),
          ),
        ),
    )
    const plan: Plan = { inserts: [], results: [] }
    items.forEach((item, index) => {
      const input = item.input as MemberUpsert
      const row = stored.get(item.externalId)
      if (row)
        plan.results[index] = sameValues(row, memberColumns(input))
          ? { outcome: 'UNCHANGED', id: row.id }
          : 'single'
      else {
        plan.results[index] = 'single'
        plan.inserts.push({ index, values: newMemberRow(item.externalId, input, now) })
      }
    })
    return plan
  },

  async contracts(tx, items, now) {
    const inputs = items.map((item) => item.input as ContractUpsert)
    // One query at a time: a transaction is one connection.
    const plans = await idsOf(
      tx,
      modelContracts,
      inputs.map((input) => input.planExternalId),
    )
    const people = await idsOf(
      tx,
      persons,
      inputs.map((input) => input.holderExternalId),
    )
    const stored = await tx
      .select({ contract: contracts, holder: holders })
      .from(contracts)
      .innerJoin(holders, eq(holders.contractId, contracts.id))
      .where(
        inArray(
          contracts.externalId,
          items.map((item) => item.externalId),
        ),
      )
    const storedById = new Map(stored.map((row) => [row.contract.externalId as string, row]))
    const plan: Plan = { inserts: [], results: [] }
    items.forEach((item, index) => {
      const input = inputs[index] as ContractUpsert
      const planId = plans.get(input.planExternalId)
      const personId = people.get(input.holderExternalId)
      plan.results[index] = 'single'
      if (!planId || !personId) return
      const values = contractColumns(input, planId)
      const holder = holderColumns(input, personId)
      const row = storedById.get(item.externalId)
      if (row) {
        if (sameValues(row.contract, values) && sameValues(row.holder, holder))
          plan.results[index] = { outcome: 'UNCHANGED', id: row.contract.id }
      } else
        plan.inserts.push({
          index,
          values: { ...values, externalId: item.externalId, createdAt: now, updatedAt: now },
          holder,
        })
    })
    return plan
  },

  async dependents(tx, items, now) {
    const inputs = items.map((item) => item.input as DependentUpsert)
    const contractIds = await idsOf(
      tx,
      contracts,
      inputs.map((input) => input.contractExternalId),
    )
    const people = await idsOf(
      tx,
      persons,
      inputs.map((input) => input.memberExternalId),
    )
    const types = await typesNamed(
      tx,
      inputs.map((input) => input.type),
    )
    const stored = await tx
      .select()
      .from(dependents)
      .where(
        inArray(
          dependents.externalId,
          items.map((item) => item.externalId),
        ),
      )
    const storedById = byExternalId(stored)
    // A dependent the holder added (no externalId) for the same person and contract is adopted
    // by the service, never doubled.
    const adoptable = new Set(
      (
        await tx
          .select({ contractId: dependents.contractId, personId: dependents.personId })
          .from(dependents)
          .where(
            and(
              isNull(dependents.externalId),
              inArray(dependents.contractId, [...new Set(contractIds.values())]),
            ),
          )
      ).map((row) => `${row.contractId} ${row.personId}`),
    )
    const plan: Plan = { inserts: [], results: [] }
    items.forEach((item, index) => {
      const input = inputs[index] as DependentUpsert
      const contractId = contractIds.get(input.contractExternalId)
      const personId = people.get(input.memberExternalId)
      const type = types.find((candidate) => sameTypeName(candidate.name, input.type))
      plan.results[index] = 'single'
      if (!contractId || !personId || !type) return
      const values = { personId, dependentTypeId: type.id, status: input.status }
      const row = storedById.get(item.externalId)
      if (row) {
        if (row.contractId === contractId && sameValues(row, values))
          plan.results[index] = { outcome: 'UNCHANGED', id: row.id }
      } else if (!adoptable.has(`${contractId} ${personId}`))
        plan.inserts.push({
          index,
          values: newDependentRow(item.externalId, contractId, values, now),
        })
    })
    return plan
  },

  async instalments(tx, items, now) {
    const inputs = items.map((item) => item.input as InstalmentUpsert)
    const contractIds = await idsOf(
      tx,
      contracts,
      inputs.map((input) => input.contractExternalId),
    )
    const stored = await tx
      .select()
      .from(paymentOrders)
      .where(
        inArray(
          paymentOrders.externalId,
          items.map((item) => item.externalId),
        ),
      )
    const storedById = byExternalId(stored)
    const plan: Plan = { inserts: [], results: [] }
    items.forEach((item, index) => {
      const input = inputs[index] as InstalmentUpsert
      const contractId = contractIds.get(input.contractExternalId)
      plan.results[index] = 'single'
      if (!contractId || item.paidOutside) return
      const values = instalmentColumns(input)
      const row = storedById.get(item.externalId)
      if (row) {
        if (row.contractId === contractId && instalmentUnchanged(row, values))
          plan.results[index] = { outcome: 'UNCHANGED', id: row.id }
      } else
        plan.inserts.push({
          index,
          values: { ...values, externalId: item.externalId, contractId, createdAt: now },
        })
    })
    return plan
  },
}
