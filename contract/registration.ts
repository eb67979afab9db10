/**
 * Registration (spec §5, §7): the holder's own data and dependents, as the forms send them and the
 * server stores them. The field labels and messages here are the ones both sides show.
 */
import * as v from 'valibot'
import { dependentType } from './contracts'
import { detectFileType } from './file-signatures'
import { decodedSize, isBase64, sizeCheck, stripDataUrl } from './files'
import {
  emptyObjectRequest,
  isPlainObject,
  optionalDigits,
  optionalEmailField,
  optionalStateField,
  optionalText,
  optionalUuidOf,
  requestObject,
  section,
  uuidOf,
} from './http'
import { isBirthDate, isValidCpf } from './rules'

/** Limits of a registration save; the server answers 413 above the size ones. */
export const registrationLimits = {
  photoBytes: 1024 * 1024,
  attachmentBytes: 2 * 1024 * 1024,
  attachments: 10,
  /** Whole request body of photo-holder and add-dependent (photo plus attachments, in base64). */
  bodyBytes: 8 * 1024 * 1024,
} as const

export const genders = ['Masculino', 'Feminino', 'Outro'] as const
export type Gender = (typeof genders)[number]

export const attachmentContentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const

/** Mandatory-data keys (contract.holder_mandatory_data / dependent_mandatory_data) → label. */
export const registrationFieldLabels = {
  first_name: 'Primeiro Nome',
  last_name: 'Sobrenome',
  birthdate: 'Data de Nascimento',
  gender: 'Gênero',
  email: 'E-mail',
  rg: 'RG',
  cpf: 'CPF',
  number_ddi: 'DDI',
  phone: 'Telefone',
  cep: 'CEP',
  state: 'Estado',
  city: 'Cidade',
  country: 'País',
  street: 'Rua',
  neighborhood: 'Bairro',
  number: 'Número do endereço',
  complement: 'Complemento',
  passport: 'Passaporte',
  birth_certificate: 'Certidão de Nascimento',
} as const
export type RegistrationField = keyof typeof registrationFieldLabels

export const mandatoryMessage = (field: RegistrationField) =>
  `Preencha o campo obrigatório: ${registrationFieldLabels[field]}`

export const birthDateMessage = 'Preencha a data de nascimento corretamente no formato DD/MM/AAAA!'

const isJpegOrPng = (value: string) => {
  const type = detectFileType(value)
  return type === 'image/jpeg' || type === 'image/png'
}
const fileTypeLabels = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
} satisfies Record<(typeof attachmentContentTypes)[number], string>

const cpfLengthMessage = 'O CPF deve ter 11 dígitos.'
const cpfField = v.nullish(
  v.pipe(
    v.string(cpfLengthMessage),
    v.transform((value) => value.replace(/[\s./-]/g, '')),
    v.check((value) => value === '' || /^\d{11}$/.test(value), cpfLengthMessage),
    v.check((value) => value === '' || isValidCpf(value), 'CPF inválido.'),
    v.transform((value) => value || null),
  ),
  null,
)

const genderMessage = 'Escolha o gênero: Masculino, Feminino ou Outro.'

/** An attachment the person already has, kept by its id (spec §5: "sent with their ids only"). */
const existingAttachmentInput = requestObject({ id: uuidOf('files_attached.id') })

const newAttachmentObject = section('Envie cada anexo como objeto.', {
  name: v.pipe(
    v.string('Informe o nome do arquivo.'),
    v.trim(),
    v.nonEmpty('Informe o nome do arquivo.'),
    v.maxLength(120, 'O nome do arquivo deve ter no máximo 120 caracteres.'),
  ),
  content_type: v.picklist(
    attachmentContentTypes,
    'Tipo de arquivo não permitido: envie PDF, JPEG ou PNG.',
  ),
  file_attachment: section('Envie o conteúdo do arquivo (file_attachment).', {
    base_64: v.pipe(v.string('Envie o conteúdo do arquivo em base64.'), v.transform(stripDataUrl)),
  }),
})
type NewAttachment = v.InferOutput<typeof newAttachmentObject>

/** A new attachment; its content is kept without a `data:` prefix. */
const newAttachmentInput = v.pipe(
  newAttachmentObject,
  sizeCheck(
    (input: NewAttachment) =>
      decodedSize(input.file_attachment.base_64) <= registrationLimits.attachmentBytes,
    (issue) => `O arquivo ${issue.input.name} excede 2 MB.`,
  ),
  v.check(
    (input) => input.file_attachment.base_64 !== '' && isBase64(input.file_attachment.base_64),
    (issue) => `O arquivo ${issue.input.name} não está em base64 válido.`,
  ),
  // The content must be what the type says (judged by its bytes), not merely declare it.
  v.check(
    ({ content_type, file_attachment: { base_64 } }) =>
      base_64 === '' || !isBase64(base_64) || detectFileType(base_64) === content_type,
    (issue) =>
      `O arquivo ${issue.input.name} não é um ${fileTypeLabels[issue.input.content_type]} válido.`,
  ),
)

/**
 * A person as the registration forms send it (spec §7 photo-holder and add-dependent). The save
 * replaces the whole registration: empty or absent optional fields are stored as empty, and
 * attachments not listed are removed.
 */
/**
 * Each registration field's rule, shared by the holder's forms (personInput) and the provider's
 * integration API (contract/integration.ts), so both refuse the same values with the same words.
 */
export const personFields = {
  first_name: v.pipe(
    v.string(mandatoryMessage('first_name')),
    v.trim(),
    v.nonEmpty(mandatoryMessage('first_name')),
    v.maxLength(80, 'O Primeiro Nome deve ter no máximo 80 caracteres.'),
  ),
  last_name: v.nullish(
    v.pipe(
      v.string('O Sobrenome deve ser um texto.'),
      v.trim(),
      v.maxLength(120, 'O Sobrenome deve ter no máximo 120 caracteres.'),
    ),
    '',
  ),
  birth_date: v.nullish(
    v.pipe(
      v.string(birthDateMessage),
      v.trim(),
      v.check((value) => value === '' || isBirthDate(value), birthDateMessage),
      v.transform((value) => value || null),
    ),
    null,
  ),
  gender: v.nullish(
    v.pipe(
      v.string(genderMessage),
      v.check((value) => value === '' || genders.includes(value as Gender), genderMessage),
      v.transform((value) => (value || null) as Gender | null),
    ),
    null,
  ),
  email: optionalEmailField,
  rg: optionalText(20, 'O RG deve ter no máximo 20 caracteres.'),
  cpf: cpfField,
  passport: optionalText(20, 'O Passaporte deve ter no máximo 20 caracteres.'),
  birth_certificate: optionalText(40, 'A Certidão de Nascimento deve ter no máximo 40 caracteres.'),
  number_ddi: optionalDigits(/^\d{1,4}$/, 'O DDI deve ter de 1 a 4 dígitos.'),
  phone: optionalDigits(/^\d{8,11}$/, 'O Telefone deve ter de 8 a 11 dígitos.'),
  cep: optionalDigits(/^\d{8}$/, 'O CEP deve ter 8 dígitos.'),
  state: optionalStateField,
  city: optionalText(80, 'A Cidade deve ter no máximo 80 caracteres.'),
  country: optionalText(60, 'O País deve ter no máximo 60 caracteres.'),
  street: optionalText(120, 'A Rua deve ter no máximo 120 caracteres.'),
  neighborhood: optionalText(80, 'O Bairro deve ter no máximo 80 caracteres.'),
  number: optionalText(10, 'O Número do endereço deve ter no máximo 10 caracteres.'),
  complement: optionalText(80, 'O Complemento deve ter no máximo 80 caracteres.'),
} as const

export const personInput = section('Envie os dados da pessoa (person).', {
  id: optionalUuidOf('person.id'),
  person_id: optionalUuidOf('person.person_id'),
  first_name: personFields.first_name,
  last_name: personFields.last_name,
  birth_date: personFields.birth_date,
  gender: personFields.gender,
  email: personFields.email,
  documents: section('Envie os documentos (documents).', {
    id: optionalUuidOf('documents.id'),
    rg: personFields.rg,
    cpf: personFields.cpf,
    passport: personFields.passport,
    birth_certificate: personFields.birth_certificate,
  }),
  phone: section('Envie o telefone (phone).', {
    id: optionalUuidOf('phone.id'),
    number_ddi: personFields.number_ddi,
    number: personFields.phone,
  }),
  address: section('Envie o endereço (address).', {
    id: optionalUuidOf('address.id'),
    cep: personFields.cep,
    state: personFields.state,
    city: personFields.city,
    country: personFields.country,
    street: personFields.street,
    neighborhood: personFields.neighborhood,
    number: personFields.number,
    complement: personFields.complement,
  }),
  files_attached: v.pipe(
    v.array(
      v.lazy((input) =>
        isPlainObject(input) && 'id' in input ? existingAttachmentInput : newAttachmentInput,
      ),
      'Envie os anexos (files_attached) como lista.',
    ),
    v.maxLength(
      registrationLimits.attachments,
      `Envie no máximo ${registrationLimits.attachments} anexos.`,
    ),
  ),
})
export type PersonInput = v.InferOutput<typeof personInput>
export type AttachmentInput = PersonInput['files_attached'][number]

/** Each registration field's value in a save, as the mandatory check sees it. */
const fieldValue: Record<RegistrationField, (person: PersonInput) => string | null> = {
  first_name: (person) => person.first_name,
  last_name: (person) => person.last_name,
  birthdate: (person) => person.birth_date,
  gender: (person) => person.gender,
  email: (person) => person.email,
  rg: (person) => person.documents.rg,
  cpf: (person) => person.documents.cpf,
  number_ddi: (person) => person.phone.number_ddi,
  phone: (person) => person.phone.number,
  cep: (person) => person.address.cep,
  state: (person) => person.address.state,
  city: (person) => person.address.city,
  country: (person) => person.address.country,
  street: (person) => person.address.street,
  neighborhood: (person) => person.address.neighborhood,
  number: (person) => person.address.number,
  complement: (person) => person.address.complement,
  passport: (person) => person.documents.passport,
  birth_certificate: (person) => person.documents.birth_certificate,
}

const registrationFields = Object.keys(registrationFieldLabels) as RegistrationField[]

/**
 * Spec §5: the first field (in the form's order) the contract marks mandatory and the save leaves
 * empty; its message is mandatoryMessage(field).
 */
export function missingMandatoryField(
  person: PersonInput,
  mandatory: Record<string, boolean>,
): RegistrationField | undefined {
  return registrationFields.find((field) => mandatory[field] === true && !fieldValue[field](person))
}

/**
 * A new photo (JPEG or PNG in base64, `data:` prefix optional), kept without the prefix.
 * Null, absent or an empty base_64 keep the current photo.
 */
export const photoInput = v.nullish(
  section('Envie a foto (photo) como objeto.', {
    base_64: v.nullish(
      v.pipe(
        v.string('Envie a foto em base64.'),
        v.transform(stripDataUrl),
        sizeCheck(
          (value: string) => decodedSize(value) <= registrationLimits.photoBytes,
          'A foto excede 1 MB.',
        ),
        v.check((value) => value === '' || isBase64(value), 'A foto não está em base64 válido.'),
        v.check(
          (value) => value === '' || isJpegOrPng(value),
          'A foto deve ser uma imagem JPEG ou PNG.',
        ),
        v.transform((value) => value || null),
      ),
      null,
    ),
  }),
  null,
)
export type PhotoInput = v.InferOutput<typeof photoInput>

const updatedAtMessage = 'Envie a data da última atualização (updated_at) no formato ISO 8601.'
const updatedAtField = v.pipe(
  v.string(updatedAtMessage),
  v.isoTimestamp(updatedAtMessage),
  v.check((value) => !Number.isNaN(Date.parse(value)), updatedAtMessage),
)

/** Like rql/cards: a contract id that is no uuid names no contract, so it answers 404. */
const contractIdField = v.pipe(
  v.string('Informe o contrato (contract_id).'),
  v.trim(),
  v.nonEmpty('Informe o contrato (contract_id).'),
)

/** POST /client/photo-holder: the holder's own registration and, optionally, a new photo. */
export const photoHolderRequest = requestObject({
  contract_id: contractIdField,
  updated_at: updatedAtField,
  holder: section('Envie o titular (holder).', {
    id: uuidOf('holder.id'),
    person_id: uuidOf('holder.person_id'),
    person: personInput,
  }),
  photo: photoInput,
})
export type PhotoHolderRequest = v.InferOutput<typeof photoHolderRequest>

export const dependentTypeMessage = 'Tipo de dependente inválido.'

/**
 * POST /client/add-dependent: without dependent.id a new dependent, with it an edit (then
 * updated_at is required). `status` is accepted because the form sends the dependent back as
 * read, but the server decides the status.
 */
export const addDependentRequest = v.pipe(
  requestObject({
    contract_id: contractIdField,
    updated_at: v.nullish(updatedAtField, null),
    dependent: section('Envie o dependente (dependent).', {
      id: optionalUuidOf('dependent.id'),
      person_id: optionalUuidOf('dependent.person_id'),
      status: v.nullish(
        v.pipe(v.string('Situação inválida.'), v.maxLength(20, 'Situação inválida.')),
        null,
      ),
      dependent_type: section('Escolha o tipo do dependente.', {
        id: uuidOf('dependent_type.id', dependentTypeMessage),
        name: v.nullish(v.pipe(v.string(dependentTypeMessage), v.maxLength(80)), null),
      }),
      dependent_type_id: v.nullish(uuidOf('dependent_type_id', dependentTypeMessage), null),
      person: personInput,
    }),
    photo: photoInput,
  }),
  v.check(
    (input) => !input.dependent.id || input.updated_at !== null,
    'Envie a data da última atualização (updated_at) para editar o dependente.',
  ),
  v.check(
    (input) =>
      !input.dependent.dependent_type_id ||
      input.dependent.dependent_type_id.toLowerCase() ===
        input.dependent.dependent_type.id.toLowerCase(),
    dependentTypeMessage,
  ),
)
export type AddDependentRequest = v.InferOutput<typeof addDependentRequest>

/** Answer of both registration saves: the saved holder's or dependent's id and new version. */
export const saveResponse = v.object({
  message: v.string(),
  updated_at: v.string(),
  id: v.string(),
})
export type SaveResponse = v.InferOutput<typeof saveResponse>

/** POST /rql/dependent-types: no body, or an empty JSON object. */
export const dependentTypesRequest = emptyObjectRequest

export const dependentTypesResponse = v.object({ dependentType: v.array(dependentType) })
export type DependentTypesResponse = v.InferOutput<typeof dependentTypesResponse>
