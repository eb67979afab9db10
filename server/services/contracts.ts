/**
 * Full contracts of a holder (spec §3 "Contract (full)"). One query whatever the number of
 * contracts: the `holder_contracts` function (migration 0001) returns each contract with its
 * holder, model, documents, dependents and files as JSON rows, mapped here to the API shape.
 */
import { sql } from 'drizzle-orm'
import type { Contract, Dependent } from '../../contract/contracts'
import type { Database } from '../db/client'
import { rowFromJson } from '../db/json-rows'
import { preparedPerDatabase } from '../db/prepared'
import {
  contracts,
  dependents,
  dependentTypes,
  filesAttached,
  holders,
  modelContractDocuments,
  modelContracts,
  persons,
} from '../db/schema'
import { type FileRow, fullName, isoOrNull, type PersonRow, toPerson } from './mappers'

export const contractMessages = {
  notFound: 'Contrato não encontrado.',
} as const

/** One contract of the holder with everything the API and the term documents show. */
export interface HolderContract {
  contract: typeof contracts.$inferSelect
  holder: typeof holders.$inferSelect
  person: PersonRow
  model: typeof modelContracts.$inferSelect
  documents: (typeof modelContractDocuments.$inferSelect)[]
  dependents: {
    dependent: typeof dependents.$inferSelect
    type: typeof dependentTypes.$inferSelect | null
    person: PersonRow
  }[]
  /** Attachments of the holder and of every dependent. */
  files: FileRow[]
}

interface ContractJson {
  contract: unknown
  holder: unknown
  person: unknown
  files: unknown[]
  model: unknown
  documents: unknown[]
  dependents: { dependent: unknown; type: unknown; person: unknown; files: unknown[] }[]
}

const holderContracts = preparedPerDatabase((db) =>
  db
    .select({ contract: sql<ContractJson>`contract` })
    .from(
      sql`holder_contracts(${sql.placeholder('personId')}::uuid, ${sql.placeholder('contractId')}::uuid) as contract`,
    )
    .prepare('holder_contracts'),
)

/** Contracts whose holder is this person, oldest first; with contractId, just that one. */
export async function readHolderContracts(
  db: Database,
  personId: string,
  contractId: string | null = null,
): Promise<HolderContract[]> {
  const rows = await holderContracts(db).execute({ personId, contractId })
  return rows.map(({ contract: json }) => ({
    contract: rowFromJson(contracts, json.contract),
    holder: rowFromJson(holders, json.holder),
    person: rowFromJson(persons, json.person),
    model: rowFromJson(modelContracts, json.model),
    documents: json.documents.map((document) => rowFromJson(modelContractDocuments, document)),
    dependents: json.dependents.map((entry) => ({
      dependent: rowFromJson(dependents, entry.dependent),
      type: entry.type ? rowFromJson(dependentTypes, entry.type) : null,
      person: rowFromJson(persons, entry.person),
    })),
    files: [json.files, ...json.dependents.map((entry) => entry.files)]
      .flat()
      .map((file) => rowFromJson(filesAttached, file)),
  }))
}

/** The holder's own contract with this id, or undefined (someone else's or no such contract). */
export async function findHolderContract(
  db: Database,
  personId: string,
  contractId: string,
): Promise<HolderContract | undefined> {
  const [found] = await readHolderContracts(db, personId, contractId)
  return found
}

export async function listHolderContracts(db: Database, personId: string): Promise<Contract[]> {
  return (await readHolderContracts(db, personId)).map(toContract)
}

export function toContract(rows: HolderContract): Contract {
  const { contract, holder, person, model, documents, files } = rows
  return {
    id: contract.id,
    status: contract.status,
    serie: contract.serie,
    contract_number: contract.contractNumber,
    created_at: contract.createdAt.toISOString(),
    date_time: isoOrNull(contract.dateTime),
    expiration: isoOrNull(contract.expiration),
    terms: contract.terms,
    holder_name: fullName(person),
    holder: {
      id: holder.id,
      contract_id: holder.contractId,
      status: holder.status,
      updated_at: holder.updatedAt.toISOString(),
      person: toPerson(person, files),
    },
    model_contract: {
      id: model.id,
      name: model.name,
      model_contract_documents: documents.map((document) => ({
        id: document.id,
        name: document.name,
        content_type: document.contentType,
        file_attachment:
          document.contentBase64 === null ? null : { base_64: document.contentBase64 },
      })),
    },
    dependents: rows.dependents.map(
      (row): Dependent => ({
        id: row.dependent.id,
        status: row.dependent.status,
        updated_at: row.dependent.updatedAt.toISOString(),
        dependent_type: row.type ? { id: row.type.id, name: row.type.name } : null,
        person: toPerson(row.person, files),
      }),
    ),
    dependents_included: contract.dependentsIncluded,
    holder_mandatory_data: contract.holderMandatoryData,
    dependent_mandatory_data: contract.dependentMandatoryData,
  }
}
