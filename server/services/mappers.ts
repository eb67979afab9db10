/**
 * Rows to the API shapes of contract/contracts.ts (spec §3). A person is one row, so the nested
 * documents, phone and address objects carry the person's id.
 */
import type { FileAttachment, Person } from '../../contract/contracts'
import type { RecurrenceView } from '../../contract/pix-automatico'
import type { filesAttached, persons, pixRecurrences } from '../db/schema'

export type PersonRow = typeof persons.$inferSelect
export type FileRow = typeof filesAttached.$inferSelect

export const fullName = (person: Pick<PersonRow, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim()

export function toFileAttachment(file: FileRow): FileAttachment {
  return {
    id: file.id,
    name: file.name,
    content_type: file.contentType,
    person_id: file.personId,
    file_attachment_id: file.id,
    file_attachment: { base_64: file.contentBase64 },
  }
}

export function toPerson(person: PersonRow, files: FileRow[]): Person {
  return {
    id: person.id,
    name: fullName(person),
    first_name: person.firstName,
    last_name: person.lastName,
    birth_date: person.birthDate,
    gender: person.gender,
    email: person.email,
    image: person.imageBase64 ? { base_64: person.imageBase64 } : null,
    documents: {
      id: person.id,
      rg: person.rg,
      cpf: person.cpf,
      passport: person.passport,
      birth_certificate: person.birthCertificate,
    },
    phone: { id: person.id, number_ddi: person.phoneDdi, number: person.phoneNumber },
    address: {
      id: person.id,
      cep: person.cep,
      state: person.state,
      city: person.city,
      country: person.country,
      street: person.street,
      neighborhood: person.neighborhood,
      number: person.addressNumber,
      complement: person.complement,
    },
    files_attached: files.filter((file) => file.personId === person.id).map(toFileAttachment),
  }
}

/** Timestamps go out as ISO strings; missing ones as null. */
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null)

/** A Pix Automático authorization's amount: each charge's fixed value, or else the most one may be. */
export const recurrenceAmountOf = (
  row: Pick<typeof pixRecurrences.$inferSelect, 'fixedAmount' | 'maximumAmount'>,
): RecurrenceView['amount'] =>
  row.fixedAmount !== null
    ? { kind: 'FIXED', value: row.fixedAmount }
    : { kind: 'MAXIMUM', value: row.maximumAmount ?? 0 }
