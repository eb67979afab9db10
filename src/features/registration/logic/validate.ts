import * as v from 'valibot'
import { digits } from '../../../../contract/format'
import { mandatoryMessage, personInput, photoInput } from '../../../../contract/registration'
import {
  addressFields,
  type FieldKey,
  type FormValues,
  formMessages,
  toIsoDate,
  toPersonPayload,
} from './form'

/**
 * Where a message shows: a field of the form, the type select, the photo or the documents;
 * 'form' for what no field can fix (it shows in the toast only).
 */
export type ErrorSlot = FieldKey | 'dependent_type' | 'photo' | 'attachments' | 'form'
export type FieldErrors = Partial<Record<ErrorSlot, string>>

/** The order a person meets the slots on screen: the first wrong one gets focus and the toast. */
export const screenOrder: ErrorSlot[] = [
  'form',
  'photo',
  'first_name',
  'last_name',
  'birthdate',
  'gender',
  'dependent_type',
  'rg',
  'cpf',
  'passport',
  'birth_certificate',
  'attachments',
  'email',
  'number_ddi',
  'phone',
  ...addressFields,
]

/** A request path (as valibot reports it) → the slot the person can fix it in. */
const slotOfPath: Record<string, ErrorSlot> = {
  first_name: 'first_name',
  last_name: 'last_name',
  birth_date: 'birthdate',
  gender: 'gender',
  email: 'email',
  'documents.rg': 'rg',
  'documents.cpf': 'cpf',
  'documents.passport': 'passport',
  'documents.birth_certificate': 'birth_certificate',
  'phone.number_ddi': 'number_ddi',
  'phone.number': 'phone',
  'address.cep': 'cep',
  'address.state': 'state',
  'address.city': 'city',
  'address.country': 'country',
  'address.street': 'street',
  'address.neighborhood': 'neighborhood',
  'address.number': 'number',
  'address.complement': 'complement',
  files_attached: 'attachments',
}

const slotOf = (issue: v.BaseIssue<unknown>): ErrorSlot => {
  const keys = (issue.path ?? []).map((item) => String(item.key))
  // The documents list reports the attachment's index and field: the list is the slot.
  if (keys[0] === 'files_attached') return 'attachments'
  return slotOfPath[keys.join('.')] ?? 'form'
}

type Draft = {
  values: FormValues
  photo: string | null
  attachments: Array<{ id?: string; name: string; content_type: string; base_64?: string }>
  dependentTypeId: string | null
}

/** A value the server would store as empty (spec §5 mandatory check): digits-only fields too. */
const digitFields = new Set<FieldKey>(['cpf', 'number_ddi', 'phone', 'cep'])
const isEmpty = (field: FieldKey, value: string) =>
  (digitFields.has(field) ? digits(value) : value.trim()) === ''

/**
 * Everything wrong with a registration draft at once, with the messages the server would give:
 * the same valibot schema as the server's `person` and `photo`, then the contract's mandatory
 * fields (spec §5), so nothing the server will refuse is applied on the device or queued.
 */
export function formErrors(
  draft: Draft,
  mandatory: Record<string, boolean>,
  { needsType }: { needsType: boolean },
): FieldErrors {
  const errors: FieldErrors = {}
  const add = (slot: ErrorSlot, message: string) => {
    errors[slot] ??= message
  }

  for (const field of Object.keys(draft.values) as FieldKey[])
    if (mandatory[field] && isEmpty(field, draft.values[field])) add(field, mandatoryMessage(field))
  // A date the person typed that is no date: said in the spec's words, not as "empty".
  if (draft.values.birthdate.trim() && !toIsoDate(draft.values.birthdate))
    add('birthdate', formMessages.birthDate)
  if (needsType && !draft.dependentTypeId)
    add('dependent_type', formMessages.mandatory('Tipo do dependente'))

  const person = v.safeParse(personInput, {
    ...toPersonPayload(draft.values, {}),
    files_attached: draft.attachments.map((file) =>
      file.id
        ? { id: file.id }
        : {
            name: file.name,
            content_type: file.content_type,
            file_attachment: { base_64: file.base_64 ?? '' },
          },
    ),
  })
  for (const issue of person.issues ?? []) add(slotOf(issue), issue.message)
  const photo = v.safeParse(photoInput, draft.photo ? { base_64: draft.photo } : null)
  for (const issue of photo.issues ?? []) add('photo', issue.message)
  return errors
}

/** The first message in screen order, or null when the draft can be saved. */
export function firstError(errors: FieldErrors): { slot: ErrorSlot; message: string } | null {
  const slot = screenOrder.find((candidate) => errors[candidate])
  return slot ? { slot, message: errors[slot] ?? '' } : null
}

/** Under the first message in the toast: how many fields need the person, in all. */
export const errorSummary = (count: number) =>
  count === 1 ? '1 campo precisa de correção.' : `${count} campos precisam de correção.`
