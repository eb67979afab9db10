import type { Dependent, Person } from '../../../api/schemas'
import type { StoredContract } from '../../../offline/db'
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

export function applyHolderDraft(
  contract: StoredContract,
  values: FormValues,
  photo: string | null,
): StoredContract {
  if (!contract.holder) return contract
  const person = personWithDraft(contract.holder.person, values, photo, contract.holder.person.id)
  return { ...contract, holder_name: person.name, holder: { ...contract.holder, person } }
}

/** Updates an existing dependent, or adds the new one under a temporary id until the server's arrives. */
export function applyDependentDraft(
  contract: StoredContract,
  draft: { values: FormValues; photo: string | null; type: Dependent['dependent_type'] },
  existing: Dependent | null,
  temporaryId: string,
): StoredContract {
  if (existing) {
    const dependents = contract.dependents.map((dependent) =>
      dependent.id === existing.id
        ? {
            ...dependent,
            dependent_type: draft.type ?? dependent.dependent_type,
            person: personWithDraft(dependent.person, draft.values, draft.photo, dependent.id),
          }
        : dependent,
    )
    return { ...contract, dependents }
  }
  const added: Dependent = {
    id: temporaryId,
    status: 'ACTIVE',
    updated_at: new Date().toISOString(),
    dependent_type: draft.type,
    person: personWithDraft(null, draft.values, draft.photo, temporaryId),
  }
  return { ...contract, dependents: [...contract.dependents, added] }
}
