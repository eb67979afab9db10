/**
 * Full contracts of a holder (spec §3 "Contract (full)"), read in four queries whatever the
 * number of contracts: contracts with holder and model, model documents, dependents, attachments.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Contract, Dependent } from '../../src/api/schemas'
import type { Database } from '../db/client'
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
import { type FileRow, fullName, isoOrNull, toPerson } from './mappers'

/** Contracts whose holder is this person, oldest first; optionally just one of them. */
export async function listHolderContracts(
  db: Database,
  personId: string,
  contractId?: string,
): Promise<Contract[]> {
  const filters: SQL[] = [eq(holders.personId, personId)]
  if (contractId) filters.push(eq(contracts.id, contractId))
  const rows = await db
    .select({ contract: contracts, holder: holders, person: persons, model: modelContracts })
    .from(contracts)
    .innerJoin(holders, eq(holders.contractId, contracts.id))
    .innerJoin(persons, eq(persons.id, holders.personId))
    .innerJoin(modelContracts, eq(modelContracts.id, contracts.modelContractId))
    .where(and(...filters))
    .orderBy(asc(contracts.createdAt), asc(contracts.id))
  if (rows.length === 0) return []

  const contractIds = rows.map((row) => row.contract.id)
  const modelIds = [...new Set(rows.map((row) => row.model.id))]
  const [documents, dependentRows] = await Promise.all([
    db
      .select()
      .from(modelContractDocuments)
      .where(inArray(modelContractDocuments.modelContractId, modelIds))
      .orderBy(asc(modelContractDocuments.name)),
    db
      .select({ dependent: dependents, type: dependentTypes, person: persons })
      .from(dependents)
      .innerJoin(persons, eq(persons.id, dependents.personId))
      .leftJoin(dependentTypes, eq(dependentTypes.id, dependents.dependentTypeId))
      .where(inArray(dependents.contractId, contractIds))
      .orderBy(asc(dependents.createdAt), asc(dependents.id)),
  ])
  const personIds = [personId, ...dependentRows.map((row) => row.person.id)]
  const files: FileRow[] = await db
    .select()
    .from(filesAttached)
    .where(inArray(filesAttached.personId, personIds))
    .orderBy(asc(filesAttached.createdAt), asc(filesAttached.id))

  return rows.map(({ contract, holder, person, model }) => ({
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
      model_contract_documents: documents
        .filter((document) => document.modelContractId === model.id)
        .map((document) => ({
          id: document.id,
          name: document.name,
          content_type: document.contentType,
          file_attachment:
            document.contentBase64 === null ? null : { base_64: document.contentBase64 },
        })),
    },
    dependents: dependentRows
      .filter((row) => row.dependent.contractId === contract.id)
      .map(
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
  }))
}
