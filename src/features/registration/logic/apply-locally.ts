import type { Dependent, Person } from '../../../../contract/contracts'
import type { LocalChange, StoredContract } from '../../../offline/db'
import { type FormValues, toPersonPayload } from './form'

/** The person as the device shows it after a save it has not confirmed with the server yet. */
export function personWithDraft(
  person: Person | null,
  values: FormValues,
  photo: string | null,
  id: string,
): Person {
  // The same fields, cleaned the same way, as the payload that goes to the server.
  const { documents, phone, address, ...names } = toPersonPayload(values, {})
  return {
    ...names,
    id: person?.id ?? id,
    name: `${names.first_name} ${names.last_name}`.trim(),
    image: photo ? { base_64: photo } : (person?.image ?? null),
    documents: { ...documents, id: person?.documents.id ?? id },
    phone: { ...phone, id: person?.phone.id ?? id },
    address: { ...address, id: person?.address.id ?? id },
    files_attached: person?.files_attached ?? [],
  }
}

export function holderChange(
  contract: StoredContract,
  values: FormValues,
  photo: string | null,
): LocalChange {
  const holder = contract.holder
  return { holderPerson: personWithDraft(holder?.person ?? null, values, photo, holder?.id ?? '') }
}

/**
 * An existing dependent with the draft applied, or the new one under its temporary id
 * ('new:<key>') until the server's id arrives.
 */
export function dependentChange(
  draft: { values: FormValues; photo: string | null; type: Dependent['dependent_type'] },
  existing: Dependent | null,
  temporaryId: string,
): LocalChange {
  if (existing)
    return {
      dependent: {
        ...existing,
        dependent_type: draft.type ?? existing.dependent_type,
        person: personWithDraft(existing.person, draft.values, draft.photo, existing.id),
      },
    }
  return {
    dependent: {
      id: temporaryId,
      status: 'ACTIVE',
      updated_at: new Date().toISOString(),
      dependent_type: draft.type,
      person: personWithDraft(null, draft.values, draft.photo, temporaryId),
    },
  }
}
