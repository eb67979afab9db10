/**
 * Writing a person's registration (spec §3 Person, File attachment) from a validated save:
 * the row's fields, the photo and the attachments. Callers run these inside their transaction,
 * after every rule has passed.
 */
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm'
import type { AttachmentInput, PersonInput } from '../../contract/registration'
import type { Database } from '../db/client'
import { filesAttached, persons } from '../db/schema'
import { ApiError } from '../http/errors'
import { registrationMessages } from './registration-rules'

type PersonValues = Omit<typeof persons.$inferInsert, 'id' | 'createdAt'>

/** The person's columns as the save sets them; the photo only when a new one was sent. */
export function personValues(
  person: PersonInput,
  photo: string | null,
  updatedAt: Date,
): PersonValues {
  return {
    firstName: person.first_name,
    lastName: person.last_name,
    birthDate: person.birth_date,
    gender: person.gender,
    email: person.email,
    ...(photo ? { imageBase64: photo } : {}),
    rg: person.documents.rg,
    cpf: person.documents.cpf,
    passport: person.documents.passport,
    birthCertificate: person.documents.birth_certificate,
    phoneDdi: person.phone.number_ddi,
    phoneNumber: person.phone.number,
    cep: person.address.cep,
    state: person.address.state,
    city: person.address.city,
    country: person.address.country,
    street: person.address.street,
    neighborhood: person.address.neighborhood,
    addressNumber: person.address.number,
    complement: person.address.complement,
    // A holder's own save: a provider's later write must then name this version (decision 019).
    writtenBy: 'holder',
    updatedAt,
  }
}

/**
 * The e-mail is the login and unique among people (schema), so a save may not take someone
 * else's. Checked first to answer in Portuguese; the unique index still has the last word. The
 * answer does not confirm that the e-mail is registered (the old one did, naming "outra pessoa"):
 * it only says this one cannot be used, which unique logins make unavoidable.
 */
export async function assertEmailFree(tx: Database, email: string | null, personId: string | null) {
  if (!email) return
  const [taken] = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(
      personId ? and(eq(persons.email, email), ne(persons.id, personId)) : eq(persons.email, email),
    )
    .limit(1)
  if (taken) throw new ApiError(422, registrationMessages.emailUnavailable)
}

type KeptAttachment = Extract<AttachmentInput, { id: string }>
type NewAttachment = Exclude<AttachmentInput, KeptAttachment>
const isKept = (file: AttachmentInput): file is KeptAttachment => 'id' in file
const isNew = (file: AttachmentInput): file is NewAttachment => !isKept(file)

/** Attachments listed by id must be this person's own (null: a person not yet created). */
export async function assertAttachmentsOwned(
  tx: Database,
  files: AttachmentInput[],
  personId: string | null,
) {
  const kept = files.filter(isKept).map((file) => file.id.toLowerCase())
  if (kept.length === 0) return
  if (personId === null) throw new ApiError(404, registrationMessages.attachmentNotFound)
  const owned = await tx
    .select({ id: filesAttached.id })
    .from(filesAttached)
    .where(and(eq(filesAttached.personId, personId), inArray(filesAttached.id, kept)))
  const ownedIds = new Set(owned.map((file) => file.id))
  if (kept.some((id) => !ownedIds.has(id))) {
    throw new ApiError(404, registrationMessages.attachmentNotFound)
  }
}

/** Keeps the listed attachments, removes the unlisted ones and stores the new ones, in order. */
export async function replaceAttachments(
  tx: Database,
  personId: string,
  files: AttachmentInput[],
  now: Date,
) {
  const kept = files.filter(isKept).map((file) => file.id.toLowerCase())
  await tx
    .delete(filesAttached)
    .where(
      kept.length > 0
        ? and(eq(filesAttached.personId, personId), notInArray(filesAttached.id, kept))
        : eq(filesAttached.personId, personId),
    )
  const added = files.filter(isNew)
  if (added.length === 0) return
  await tx.insert(filesAttached).values(
    added.map((file, index) => ({
      personId,
      name: file.name,
      contentType: file.content_type,
      contentBase64: file.file_attachment.base_64,
      // The read lists attachments by creation time: a millisecond apart keeps the sent order.
      createdAt: new Date(now.getTime() + index),
    })),
  )
}
