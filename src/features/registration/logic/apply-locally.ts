import type { Dependent, Person } from '../../../api/schemas'
import type { StoredContract } from '../../../offline/db'
import { type FormValues, toIsoDate } from './form'

const digits = (value: string) => value.replace(/\D/g, '')
const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

/** The person as the device shows it after a save it has not confirmed with the server yet. */
export function personWithDraft(
  person: Person | null,
  values: FormValues,
  photo: string | null,
  id: string,
): Person {
  const name = `${values.first_name.trim()} ${values.last_name.trim()}`.trim()
  return {
    id: person?.id ?? id,
    name,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    birth_date: toIsoDate(values.birthdate),
    gender: orNull(values.gender),
    email: orNull(values.email),
    image: photo ? { base_64: photo } : (person?.image ?? null),
    documents: {
      id: person?.documents.id ?? id,
      rg: orNull(values.rg),
      cpf: orNull(digits(values.cpf)),
      passport: orNull(values.passport),
      birth_certificate: orNull(values.birth_certificate),
    },
    phone: {
      id: person?.phone.id ?? id,
      number_ddi: orNull(digits(values.number_ddi)),
      number: orNull(digits(values.phone)),
    },
    address: {
      id: person?.address.id ?? id,
      cep: orNull(digits(values.cep)),
      state: orNull(values.state),
      city: orNull(values.city),
      country: orNull(values.country),
      street: orNull(values.street),
      neighborhood: orNull(values.neighborhood),
      number: orNull(values.number),
      complement: orNull(values.complement),
    },
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
