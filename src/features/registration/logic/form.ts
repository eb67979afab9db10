import type { Person } from '../../../../contract/contracts'
import { digits } from '../../../../contract/format'
import {
  birthDateMessage,
  type RegistrationField,
  registrationFieldLabels,
} from '../../../../contract/registration'

/**
 * The registration form's fields and their labels (spec §5), shared with the server so both say
 * the same 'Preencha o campo obrigatório: …' for the same field, in the spec's order.
 */
export const fieldLabels = registrationFieldLabels
export type FieldKey = RegistrationField
export type FormValues = Record<FieldKey, string>

/**
 * The address in the order a person says it (and a CEP lookup fills it): CEP, street, number,
 * complement, then neighbourhood, city, state and country (issue 27). The spec's label list
 * keeps its own order for the server's messages.
 */
export const addressFields = [
  'cep',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'country',
] as const

/** Spec §4/§9: after a successful save the app goes back after 1.5 s. */
export const backAfterSaveMs = 1500

export const formMessages = {
  mandatory: (label: string) => `Preencha o campo obrigatório: ${label}`,
  birthDate: birthDateMessage,
  birthDateRule: 'Preencha a data corretamente no formato DD/MM/AAAA',
  identificationHint:
    'Inclua ao menos um documento de identificação, como CPF, RG ou certidão de nascimento.',
  saved: 'Cadastro realizado com sucesso!',
} as const

/**
 * What is left of the required fields, atop the form: a count of what is done read "8 de 16"
 * before anything was typed, the country and the holder's address counted (audit 13).
 */
export function requiredLeft(count: number): string {
  if (count === 0) return 'Todos os campos obrigatórios preenchidos'
  return count === 1 ? 'Falta 1 campo obrigatório' : `Faltam ${count} campos obrigatórios`
}

/** The same beside a section's title, where "obrigatório" is the form's top line's word. */
export const sectionLeft = (count: number) =>
  count === 1 ? 'falta 1 campo' : `faltam ${count} campos`

/** yyyy-mm-dd → dd/mm/aaaa (empty when absent). */
export function toBrazilianDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '')
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}

/** dd/mm/aaaa → yyyy-mm-dd for a real calendar date, else null (spec §5: sent as year-month-day). */
export function toIsoDate(brazilian: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(brazilian.trim())
  if (!match) return null
  const [, day, month, year] = match
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  const valid =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
  return valid ? `${year}-${month}-${day}` : null
}

export function toFormValues(person: Person | null | undefined): FormValues {
  // A new person (a dependent being added) starts from what nearly every holder here answers:
  // Brazil's calling code and Brazil (issue 27); both stay editable.
  const fresh = !person
  return {
    first_name: person?.first_name ?? '',
    last_name: person?.last_name ?? '',
    birthdate: toBrazilianDate(person?.birth_date),
    gender: person?.gender ?? '',
    rg: person?.documents.rg ?? '',
    cpf: person?.documents.cpf ?? '',
    passport: person?.documents.passport ?? '',
    birth_certificate: person?.documents.birth_certificate ?? '',
    email: person?.email ?? '',
    number_ddi: person?.phone.number_ddi
      ? `+${digits(person.phone.number_ddi)}`
      : fresh
        ? '+55'
        : '',
    phone: person?.phone.number ?? '',
    cep: person?.address.cep ?? '',
    state: person?.address.state ?? '',
    city: person?.address.city ?? '',
    country: person?.address.country ?? (fresh ? 'Brasil' : ''),
    street: person?.address.street ?? '',
    neighborhood: person?.address.neighborhood ?? '',
    number: person?.address.number ?? '',
    complement: person?.address.complement ?? '',
  }
}

/** Which sections the form shows: a field's section only when the contract requires it (spec §5). */
export function isShown(field: FieldKey, mandatory: Record<string, boolean>): boolean {
  if (field === 'first_name' || field === 'last_name') return true
  if (field === 'email' || field === 'number_ddi' || field === 'phone')
    return Boolean(mandatory.email || mandatory.phone || mandatory.number_ddi)
  if ((addressFields as readonly string[]).includes(field))
    return addressFields.some((key) => mandatory[key])
  return Boolean(mandatory[field])
}

export type Who = 'holder' | 'existingDependent' | 'newDependent'

/**
 * Spec §4: fields already filled at load are locked — first name, last name, CPF and e-mail for
 * the holder; first name, CPF and e-mail for a dependent, whose name fields are disabled once
 * the dependent exists. New dependents can edit everything.
 */
export function lockedFields(who: Who, atLoad: FormValues): Set<FieldKey> {
  if (who === 'newDependent') return new Set()
  const filled = (field: FieldKey) => atLoad[field].trim() !== ''
  const candidates: FieldKey[] =
    who === 'holder' ? ['first_name', 'last_name', 'cpf', 'email'] : ['first_name', 'cpf', 'email']
  const locked = new Set(candidates.filter(filled))
  if (who === 'existingDependent') {
    locked.add('first_name')
    locked.add('last_name')
  }
  return locked
}

/** Spec §4 edit rights: when the whole form is read-only. */
export function isReadOnly(
  who: Who,
  statuses: { contract?: string | null; holder?: string | null; dependent?: string | null },
): boolean {
  if (who === 'holder') return statuses.contract === 'REVIEW' || statuses.contract === 'INACTIVE'
  if (who === 'newDependent') return false
  return statuses.holder === 'REVIEW' || statuses.dependent === 'REVIEW'
}

/** The person part of photo-holder / add-dependent (spec §7): digits only, ISO birth date. */
export function toPersonPayload(
  values: FormValues,
  ids: { id?: string; documents?: string; phone?: string; address?: string },
) {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim())
  return {
    ...(ids.id ? { id: ids.id, person_id: ids.id } : {}),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    birth_date: values.birthdate.trim() ? toIsoDate(values.birthdate) : null,
    gender: orNull(values.gender),
    email: orNull(values.email),
    documents: {
      ...(ids.documents ? { id: ids.documents } : {}),
      rg: orNull(values.rg),
      cpf: orNull(digits(values.cpf)),
      passport: orNull(values.passport),
      birth_certificate: orNull(values.birth_certificate),
    },
    phone: {
      ...(ids.phone ? { id: ids.phone } : {}),
      number_ddi: orNull(digits(values.number_ddi)),
      number: orNull(digits(values.phone)),
    },
    address: {
      ...(ids.address ? { id: ids.address } : {}),
      cep: orNull(digits(values.cep)),
      state: orNull(values.state),
      city: orNull(values.city),
      country: orNull(values.country),
      street: orNull(values.street),
      neighborhood: orNull(values.neighborhood),
      number: orNull(values.number),
      complement: orNull(values.complement),
    },
  }
}

/**
 * Why some filled fields cannot be typed into (issue 27: a grey field with no reason reads as
 * broken): what identifies the person is changed by the provider, who can check it.
 */
export function lockedNote(labels: string[]): string {
  const list =
    labels.length > 1 ? `${labels.slice(0, -1).join(', ')} e ${labels.at(-1)}` : (labels[0] ?? '')
  return labels.length > 1
    ? `${list} identificam você e não podem ser alterados por aqui.`
    : `${list} identifica você e não pode ser alterado por aqui.`
}
