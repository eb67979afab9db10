/**
 * The single contract between the app, the service worker and the reference server (spec §3, §7).
 * The server validates every request with these schemas; the client validates every response.
 * Types are inferred from here and never written twice.
 */
import * as v from 'valibot'
import { detectFileType } from './file-signatures'

/**
 * Object-level messages: an unexpected field is named; a missing field gets the message its own
 * schema gives for "nothing there" (e.g. 'Informe o e-mail.'), instead of valibot's English default.
 */
const objectMessage =
  (entries: v.ObjectEntries) =>
  (issue: v.ObjectIssue | v.StrictObjectIssue): string => {
    const key = issue.path?.[issue.path.length - 1]?.key
    if (key === undefined) return 'Corpo da requisição inválido: envie um objeto JSON.'
    if (issue.expected === 'never') return `Campo não permitido: ${String(key)}.`
    if (typeof key === 'string' && Object.hasOwn(entries, key)) {
      const missing = v.safeParse(entries[key] as v.GenericSchema, undefined)
      return missing.issues?.[0]?.message ?? `Informe o campo ${key}.`
    }
    return 'Corpo da requisição inválido: envie um objeto JSON.'
  }

/** Request bodies: unknown fields are rejected. */
export const requestObject = <T extends v.ObjectEntries>(entries: T) =>
  v.strictObject(entries, objectMessage(entries))

/** Query strings: unknown parameters (cache busters and the like) are ignored. */
export const queryObject = <T extends v.ObjectEntries>(entries: T) =>
  v.object(entries, objectMessage(entries))

// ---------------------------------------------------------------- shared fields

export const emailField = v.pipe(
  v.string('Informe o e-mail.'),
  v.trim(),
  v.nonEmpty('Informe o e-mail.'),
  v.maxLength(254, 'O e-mail deve ter no máximo 254 caracteres.'),
  v.email('Informe um e-mail válido.'),
  v.toLowerCase(),
)

export const otpCodeField = v.pipe(
  v.string('Informe o código.'),
  v.regex(/^\d{6}$/, 'O código deve ter 6 dígitos.'),
)

/** Ids are UUIDs; anything else can never name a row, so routes answer 404 for it. */
export const idField = v.pipe(v.string(), v.uuid())

export const messageResponse = v.object({ message: v.string() })
export type MessageResponse = v.InferOutput<typeof messageResponse>

// ---------------------------------------------------------------- login (spec §7)

export const deliveryChannels = ['email', 'cellphone'] as const
export type DeliveryChannel = (typeof deliveryChannels)[number]

export const generateCodeRequest = requestObject({
  email: emailField,
  send_to: v.picklist(deliveryChannels, 'Escolha receber o código por e-mail ou WhatsApp.'),
})
export type GenerateCodeRequest = v.InferOutput<typeof generateCodeRequest>

export const loginRequest = requestObject({
  email: emailField,
  code: otpCodeField,
})
export type LoginRequest = v.InferOutput<typeof loginRequest>

export const loginResponse = v.object({ token: v.pipe(v.string(), v.nonEmpty()) })
export type LoginResponse = v.InferOutput<typeof loginResponse>

// ---------------------------------------------------------------- people and contracts (spec §3)

const nullableString = v.nullish(v.string(), null)

export const base64File = v.object({ base_64: v.string() })

export const fileAttachment = v.object({
  id: v.string(),
  name: v.string(),
  content_type: v.string(),
  person_id: nullableString,
  file_attachment_id: nullableString,
  file_attachment: v.nullish(base64File, null),
})
export type FileAttachment = v.InferOutput<typeof fileAttachment>

export const person = v.object({
  id: v.string(),
  name: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  birth_date: nullableString,
  gender: nullableString,
  email: nullableString,
  image: v.nullish(base64File, null),
  documents: v.object({
    id: v.string(),
    rg: nullableString,
    cpf: nullableString,
    passport: nullableString,
    birth_certificate: nullableString,
  }),
  phone: v.object({ id: v.string(), number_ddi: nullableString, number: nullableString }),
  address: v.object({
    id: v.string(),
    cep: nullableString,
    state: nullableString,
    city: nullableString,
    country: nullableString,
    street: nullableString,
    neighborhood: nullableString,
    number: nullableString,
    complement: nullableString,
  }),
  files_attached: v.array(fileAttachment),
})
export type Person = v.InferOutput<typeof person>

export const holder = v.object({
  id: v.string(),
  contract_id: v.string(),
  status: v.string(),
  updated_at: v.string(),
  person,
})
export type Holder = v.InferOutput<typeof holder>

export const dependentType = v.object({ id: v.string(), name: v.string() })
export type DependentType = v.InferOutput<typeof dependentType>

export const dependent = v.object({
  id: v.string(),
  status: v.string(),
  updated_at: v.string(),
  dependent_type: v.nullish(dependentType, null),
  person,
})
export type Dependent = v.InferOutput<typeof dependent>

export const modelContractDocument = v.object({
  id: v.string(),
  name: v.string(),
  content_type: v.string(),
  file_attachment: v.nullish(base64File, null),
})
export type ModelContractDocument = v.InferOutput<typeof modelContractDocument>

/** Which registration fields the contract requires (field name → required). */
export const mandatoryData = v.record(v.string(), v.boolean())

export const contract = v.object({
  id: v.string(),
  status: v.string(),
  serie: nullableString,
  contract_number: nullableString,
  created_at: v.string(),
  date_time: nullableString,
  expiration: nullableString,
  terms: v.boolean(),
  holder_name: v.string(),
  holder: v.nullish(holder, null),
  model_contract: v.object({
    id: v.string(),
    name: v.string(),
    model_contract_documents: v.array(modelContractDocument),
  }),
  dependents: v.array(dependent),
  dependents_included: v.number(),
  holder_mandatory_data: mandatoryData,
  dependent_mandatory_data: mandatoryData,
})
export type Contract = v.InferOutput<typeof contract>

export const contractList = v.array(contract)

// ---------------------------------------------------------------- demo mode (DESIGN.md §4)

/** GET /dev/outbox?to=… : an e-mail, a phone number (any format) or an account e-mail. */
export const devOutboxQuery = queryObject({
  to: v.pipe(
    v.string('Informe o destino (to).'),
    v.trim(),
    v.nonEmpty('Informe o destino (to).'),
    v.maxLength(254, 'O destino deve ter no máximo 254 caracteres.'),
  ),
})

export const devOutboxMessage = v.object({
  to: v.string(),
  channel: v.picklist(deliveryChannels),
  code: v.string(),
  text: v.string(),
  sent_at: v.string(),
})
export type DevOutboxMessage = v.InferOutput<typeof devOutboxMessage>

// ---------------------------------------------------------------- member cards (spec §3, §7)

const intInRange = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message))

/** POST /client/rql/cards: page through one contract's cards (spec page size 10, offset 0). */
export const cardsRequest = requestObject({
  sort: v.optional(
    v.array(
      requestObject({
        field: v.picklist(
          ['code', 'expiration_date', 'name', 'created_at'],
          'Campo de ordenação inválido.',
        ),
        direction: v.optional(v.picklist(['asc', 'desc'], 'Direção de ordenação inválida.'), 'asc'),
      }),
      'A ordenação deve ser uma lista.',
    ),
    [],
  ),
  offset: v.optional(intInRange(0, 100_000, 'offset deve ser um inteiro entre 0 e 100000.'), 0),
  limit: v.optional(intInRange(1, 100, 'limit deve ser um inteiro entre 1 e 100.'), 10),
  filter: requestObject({
    contract_id: v.pipe(v.string('Informe o contrato.'), v.nonEmpty('Informe o contrato.')),
  }),
})
export type CardsRequest = v.InferOutput<typeof cardsRequest>

export const card = v.object({
  id: v.string(),
  status: v.string(),
  code: v.string(),
  expiration_date: nullableString,
  person: v.object({ name: v.string() }),
  image: v.nullish(base64File, null),
  /**
   * Beyond the spec: a short EdDSA-signed pass (compact JWS) that proves the card offline at the
   * gate; verified against /socios-api/.well-known/jwks.json.
   */
  pass: nullableString,
})
export type Card = v.InferOutput<typeof card>

export const cardsResponse = v.object({ cards: v.array(card), total: v.optional(v.number()) })
export type CardsResponse = v.InferOutput<typeof cardsResponse>

/** GET /client/card-visualize/{cardId}: untrusted markup, sanitized before it is stored or shown. */
export const cardLayouts = v.object({ frontLayout: v.string(), backLayout: v.string() })
export type CardLayouts = v.InferOutput<typeof cardLayouts>

/** The public keys of member passes (RFC 7517), Ed25519 only. */
export const jwks = v.object({
  keys: v.array(
    v.looseObject({
      kty: v.literal('OKP'),
      crv: v.literal('Ed25519'),
      x: v.string(),
      kid: v.string(),
      alg: v.optional(v.string()),
      use: v.optional(v.string()),
    }),
  ),
})
export type Jwks = v.InferOutput<typeof jwks>

// ---------------------------------------------------------------- contract terms (spec §7)

/** GET /client/term/contract?id=… : whose purchase terms to show (a non-uuid id answers 404). */
export const termContractQuery = queryObject({
  id: v.pipe(
    v.string('Informe o contrato (id).'),
    v.trim(),
    v.nonEmpty('Informe o contrato (id).'),
  ),
})

/** POST /client/term/contract/acept/:contractId : no body, or an empty JSON object. */
export const acceptTermRequest = v.pipe(
  // An array is an object to valibot, and an empty one would pass as `{}`.
  v.custom<unknown>(
    (input) => !Array.isArray(input),
    'Corpo da requisição inválido: envie um objeto JSON.',
  ),
  requestObject({}),
)

/** GET /client/view-contract/:id : the signed adhesion term, a PDF in base64 (text/plain). */
export const adhesionTermPdf = v.pipe(v.string(), v.nonEmpty(), v.base64())

// ---------------------------------------------------------------- registration (spec §5, §7)

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

/** CPF check digits (mod 11); eleven equal digits pass the arithmetic but are never issued. */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false
  const checkDigit = (length: number) => {
    let sum = 0
    for (let index = 0; index < length; index++) sum += Number(digits[index]) * (length + 1 - index)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  return checkDigit(9) === Number(digits[9]) && checkDigit(10) === Number(digits[10])
}

/**
 * A real YYYY-MM-DD date from 1900-01-01 up to today. "Today" is the date in the easternmost
 * time zone (UTC+14), so a birth registered today is valid wherever browser and server run.
 */
export function isBirthDate(value: string, now = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  const latestToday = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10)
  return real && value >= '1900-01-01' && value <= latestToday
}

const dataUrlPrefix = /^data:[\w.+-]+\/[\w.+-]+;base64,/i
const base64Text = /^[A-Za-z0-9+/]*={0,2}$/

/** Base64 without blanks around it and without an optional `data:<type>;base64,` prefix. */
export const stripDataUrl = (value: string) => value.trim().replace(dataUrlPrefix, '')
export const isBase64 = (value: string) => value.length % 4 === 0 && base64Text.test(value)
/** Bytes the base64 text decodes to, from its length alone (so also for invalid text). */
export const decodedSize = (value: string) =>
  Math.floor((value.length * 3) / 4) - (value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0)
const isJpegOrPng = (value: string) => {
  const type = detectFileType(value)
  return type === 'image/jpeg' || type === 'image/png'
}
const fileTypeLabels = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
} satisfies Record<(typeof attachmentContentTypes)[number], string>

/**
 * Size checks answer 413 rather than 400: the server tells their issues apart by the requirement
 * function, which only these checks use.
 */
const sizeRequirements = new WeakSet<object>()
function sizeCheck<T>(
  requirement: (input: T) => boolean,
  message: v.ErrorMessage<v.CheckIssue<T>>,
) {
  sizeRequirements.add(requirement)
  return v.check(requirement, message)
}
export const isTooLargeIssue = (issue: v.BaseIssue<unknown>) =>
  typeof issue.requirement === 'function' && sizeRequirements.has(issue.requirement)

const isPlainObject = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input)

/** A nested request object: strict, with a precise message when it is missing or no object. */
const section = <T extends v.ObjectEntries>(message: string, entries: T) =>
  v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), requestObject(entries))

const uuidOf = (field: string, message = `Identificador inválido: ${field}.`) =>
  v.pipe(v.string(message), v.uuid(message))
const optionalUuidOf = (field: string) => v.nullish(uuidOf(field), null)

/** Optional text: trimmed and bounded; empty and null both become null. */
const optionalText = (max: number, message: string) =>
  v.nullish(
    v.pipe(
      v.string(message),
      v.trim(),
      v.maxLength(max, message),
      v.transform((value) => value || null),
    ),
    null,
  )

/** Optional digits: blanks, dots, dashes, slashes, parentheses and '+' are formatting only. */
const optionalDigits = (pattern: RegExp, message: string) =>
  v.nullish(
    v.pipe(
      v.string(message),
      v.transform((value) => value.replace(/[\s().+/-]/g, '')),
      v.check((value) => value === '' || pattern.test(value), message),
      v.transform((value) => value || null),
    ),
    null,
  )

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

const emailMessage = 'Informe um e-mail válido.'
const optionalEmailField = v.nullish(
  v.pipe(
    v.string(emailMessage),
    v.trim(),
    v.toLowerCase(),
    v.maxLength(254, 'O e-mail deve ter no máximo 254 caracteres.'),
    v.check((value) => value === '' || v.EMAIL_REGEX.test(value), emailMessage),
    v.transform((value) => value || null),
  ),
  null,
)

const genderMessage = 'Escolha o gênero: Masculino, Feminino ou Outro.'
const stateMessage = 'O Estado deve ser a sigla de 2 letras (ex.: SP).'

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
export const personInput = section('Envie os dados da pessoa (person).', {
  id: optionalUuidOf('person.id'),
  person_id: optionalUuidOf('person.person_id'),
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
  documents: section('Envie os documentos (documents).', {
    id: optionalUuidOf('documents.id'),
    rg: optionalText(20, 'O RG deve ter no máximo 20 caracteres.'),
    cpf: cpfField,
    passport: optionalText(20, 'O Passaporte deve ter no máximo 20 caracteres.'),
    birth_certificate: optionalText(
      40,
      'A Certidão de Nascimento deve ter no máximo 40 caracteres.',
    ),
  }),
  phone: section('Envie o telefone (phone).', {
    id: optionalUuidOf('phone.id'),
    number_ddi: optionalDigits(/^\d{1,4}$/, 'O DDI deve ter de 1 a 4 dígitos.'),
    number: optionalDigits(/^\d{8,11}$/, 'O Telefone deve ter de 8 a 11 dígitos.'),
  }),
  address: section('Envie o endereço (address).', {
    id: optionalUuidOf('address.id'),
    cep: optionalDigits(/^\d{8}$/, 'O CEP deve ter 8 dígitos.'),
    state: v.nullish(
      v.pipe(
        v.string(stateMessage),
        v.trim(),
        v.toUpperCase(),
        v.check((value) => value === '' || /^[A-Z]{2}$/.test(value), stateMessage),
        v.transform((value) => value || null),
      ),
      null,
    ),
    city: optionalText(80, 'A Cidade deve ter no máximo 80 caracteres.'),
    country: optionalText(60, 'O País deve ter no máximo 60 caracteres.'),
    street: optionalText(120, 'A Rua deve ter no máximo 120 caracteres.'),
    neighborhood: optionalText(80, 'O Bairro deve ter no máximo 80 caracteres.'),
    number: optionalText(10, 'O Número do endereço deve ter no máximo 10 caracteres.'),
    complement: optionalText(80, 'O Complemento deve ter no máximo 80 caracteres.'),
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
export const dependentTypesRequest = acceptTermRequest

export const dependentTypesResponse = v.object({ dependentType: v.array(dependentType) })
export type DependentTypesResponse = v.InferOutput<typeof dependentTypesResponse>

// ---------------------------------------------------------------- payments (spec §3, §5, §7)

/** How a link is paid; the adjustment lists use the same names. */
export const paymentTypes = ['PIX', 'CREDIT', 'RECURRENCE', 'INSTALLMENT_BILL'] as const
export type PaymentType = (typeof paymentTypes)[number]
export const adjustmentTypes = ['DISCOUNT', 'INCREASE'] as const
export type AdjustmentType = (typeof adjustmentTypes)[number]

/** The link whose only purpose is to swap the card of the contract's recurring payment. */
export const changeCardRecurrenceSrc = 'CHANGE_CARD_RECURRENCE'

/** What the app pays in instalments at most (card, recurrence, boleto). */
export const maxInstallments = 24

const cents = v.pipe(v.number(), v.integer())

/** GET /client/contract/payment-orders/:id : one instalment; amounts in cents. */
export const paymentOrder = v.object({
  id: v.string(),
  description: v.string(),
  installment: v.number(),
  /** PAID, NOT_PAID or OVERDUE from this server; the app labels anything else 'PAGO PARCIAL'. */
  status: v.string(),
  /** YYYY-MM-DD */
  due_date: v.string(),
  value: cents,
  discount: v.nullish(cents, 0),
  paid_value: v.nullish(cents, null),
  delayed_days: v.nullish(v.number(), 0),
  /** lastLinkAdjustment: the part of `discount` the last paid link granted (spec §9). */
  data: v.nullish(v.looseObject({ lastLinkAdjustment: v.nullish(v.number(), 0) }), {
    lastLinkAdjustment: 0,
  }),
})
export type PaymentOrder = v.InferOutput<typeof paymentOrder>

export const paymentOrderList = v.array(paymentOrder)

const idsMessage = 'Informe as parcelas (ids), separadas por |.'

/** GET /client/send-payment-link?ids=a|b : the instalments the new link pays. */
export const sendPaymentLinkQuery = queryObject({
  ids: v.pipe(
    v.string(idsMessage),
    v.maxLength(4_000, 'Selecione no máximo 50 parcelas.'),
    v.transform((value) =>
      value
        .split('|')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
    v.minLength(1, idsMessage),
    v.maxLength(50, 'Selecione no máximo 50 parcelas.'),
  ),
})
export type SendPaymentLinkQuery = v.InferOutput<typeof sendPaymentLinkQuery>

/** The app URL of the new link (a JSON string): …/pagamento?code=… */
export const sendPaymentLinkResponse = v.pipe(v.string(), v.url())

const linkCodeMessage = 'Informe o código do link de pagamento (code).'
/** A link code as sent; one that cannot exist (bad characters) simply finds no link (404). */
const linkCodeField = v.pipe(
  v.string(linkCodeMessage),
  v.trim(),
  v.nonEmpty(linkCodeMessage),
  v.maxLength(64, 'Código do link de pagamento inválido.'),
)

/** GET /checkout/payment-link?code=… */
export const paymentLinkQuery = queryObject({ code: linkCodeField })

/** Adjustment entry (spec §3): a payment method in n instalments, with ± a percentage. */
export const paymentAdjustment = v.object({
  typePayment: v.picklist(paymentTypes),
  type: v.picklist(adjustmentTypes),
  /** Comma decimals: '5,00'. */
  percentage: v.pipe(v.string(), v.regex(/^\d{1,3},\d{2}$/)),
  installment: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Cents of the first instalment of this option for this link (it carries the rounding). */
  first_installment_value: cents,
})
export type PaymentAdjustment = v.InferOutput<typeof paymentAdjustment>

export const validPaymentTypes = v.object({
  pix: v.boolean(),
  credit: v.boolean(),
  recurrence: v.boolean(),
  boleto_pix: v.boolean(),
})
export type ValidPaymentTypes = v.InferOutput<typeof validPaymentTypes>

/** GET /checkout/payment-link : the payment-link screen's data (spec §3). Amounts in cents. */
export const paymentLinkData = v.object({
  holder: v.string(),
  email: v.string(),
  phone: v.string(),
  cpf: v.string(),
  /** The contract model's name. */
  contract: v.string(),
  numberContract: v.string(),
  serieContract: v.string(),
  /** Instalment numbers, '4' or '4, 5'; empty for a card swap. */
  installment: v.string(),
  description: v.string(),
  payment_order_value: cents,
  discount: cents,
  fee: cents,
  fine: cents,
  correction: cents,
  /** payment_order_value − discount + fee + fine + correction, before the method's adjustment. */
  value: cents,
  src: v.string(),
  chanel: v.string(),
  gateway_id: v.string(),
  expiration_pix: v.number(),
  fixed_installments: v.number(),
  need_fill_person_fields: v.picklist(['true', 'false']),
  address_cep: v.string(),
  address_state: v.string(),
  address_city: v.string(),
  address_street: v.string(),
  address_number: v.string(),
  address_neighborhood: v.string(),
  /** dd/mm/yyyy */
  boleto_due_dates: v.array(v.pipe(v.string(), v.regex(/^\d{2}\/\d{2}\/\d{4}$/))),
  valid_payment_types: validPaymentTypes,
  payment_adjustment: v.object({
    payment_adjustment_list: v.array(paymentAdjustment),
    payment_adjustment_list_b2b: v.array(paymentAdjustment),
    payment_adjustment_list_b2c: v.array(paymentAdjustment),
  }),
})
export type PaymentLinkData = v.InferOutput<typeof paymentLinkData>

const installmentsMessage = `Escolha o número de parcelas (1 a ${maxInstallments}).`
/** The leading number of the chosen option, as a number or its digits. */
const installmentsField = v.pipe(
  v.union(
    [
      v.pipe(v.number(), v.integer(installmentsMessage)),
      v.pipe(v.string(), v.trim(), v.regex(/^\d{1,2}$/, installmentsMessage)),
    ],
    installmentsMessage,
  ),
  v.transform(Number),
  v.minValue(1, installmentsMessage),
  v.maxValue(maxInstallments, installmentsMessage),
)

const addressNumberMessage = 'O Número do endereço deve ser um número inteiro.'
/** Spec: number (integer); its digits as text are taken too. Empty means not given. */
const addressNumberField = v.nullish(
  v.pipe(
    v.union(
      [
        v.pipe(
          v.number(),
          v.integer(addressNumberMessage),
          v.minValue(0, addressNumberMessage),
          v.maxValue(9_999_999, addressNumberMessage),
        ),
        v.pipe(v.string(), v.trim(), v.regex(/^\d{0,7}$/, addressNumberMessage)),
      ],
      addressNumberMessage,
    ),
    v.transform((value) => (value === '' ? null : String(value))),
  ),
  null,
)

/** The address and contact block of the payment screen; which are required depends on the link. */
const checkoutPersonFields = {
  code: linkCodeField,
  zip_code: optionalDigits(/^\d{8}$/, 'O CEP deve ter 8 dígitos.'),
  email: optionalEmailField,
  birth_date: optionalText(10, 'Informe a data de nascimento no formato DD/MM/AAAA.'),
  neighborhood: optionalText(80, 'O Bairro deve ter no máximo 80 caracteres.'),
  number: addressNumberField,
  street: optionalText(120, 'A Rua deve ter no máximo 120 caracteres.'),
  phone: optionalDigits(/^\d{8,13}$/, 'O Telefone deve ter de 8 a 13 dígitos.'),
  state: v.nullish(
    v.pipe(
      v.string(stateMessage),
      v.trim(),
      v.toUpperCase(),
      v.check((value) => value === '' || /^[A-Z]{2}$/.test(value), stateMessage),
      v.transform((value) => value || null),
    ),
    null,
  ),
  city: optionalText(80, 'A Cidade deve ter no máximo 80 caracteres.'),
  /** The app sends '1'; kept for compatibility, no meaning here. */
  token: v.nullish(
    v.union(
      [v.pipe(v.string(), v.maxLength(100, 'token inválido.')), v.number()],
      'token inválido.',
    ),
    null,
  ),
}

const monthMissing = 'Informar o mês de vencimento do cartão.'
const monthRange = 'Informe o mês de vencimento do cartão entre o mês 1 ao mês 12.'
const yearMissing = 'Informar o ano de vencimento do cartão.'
const yearFull = 'Informar o ano completo de vencimento do cartão. EX: 2025'

/** The card as the tokenizer described it (spec §7): never its number nor its CVV. */
export const tokenizedCard = v.object({
  brand: v.string(),
  first_six: v.string(),
  last_four: v.string(),
  holder: v.string(),
  /** MM/YYYY */
  expiry: v.string(),
})
export type TokenizedCard = v.InferOutput<typeof tokenizedCard>

const cardDataInput = v.nullish(
  section('Envie os dados do cartão (card) como objeto.', {
    brand: v.nullish(v.pipe(v.string('Bandeira inválida.'), v.maxLength(20, 'Bandeira inválida.'))),
    first_six: v.nullish(v.pipe(v.string(), v.regex(/^\d{6}$/, 'first_six deve ter 6 dígitos.'))),
    last_four: v.nullish(v.pipe(v.string(), v.regex(/^\d{4}$/, 'last_four deve ter 4 dígitos.'))),
    holder: v.nullish(v.pipe(v.string(), v.maxLength(60, 'Nome do titular muito longo.'))),
    expiry: v.nullish(v.pipe(v.string(), v.maxLength(7, 'Validade inválida.'))),
  }),
  null,
)

/**
 * POST /checkout/payment-link : pay by card (CREDIT) or start a card recurrence (RECURRENCE) with
 * a token from the gateway's tokenizer. A card number or CVV is refused: it goes to the
 * tokenizer only (DESIGN.md §6).
 */
export const cardPaymentRequest = requestObject({
  ...checkoutPersonFields,
  installments: installmentsField,
  card_token: v.pipe(
    v.string('Informe o token do cartão (card_token).'),
    v.trim(),
    v.nonEmpty('Informe o token do cartão (card_token).'),
    v.maxLength(200, 'Token do cartão inválido.'),
  ),
  card: cardDataInput,
  month: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(monthMissing))], monthMissing),
    v.transform(Number),
    v.integer(monthRange),
    v.minValue(1, monthRange),
    v.maxValue(12, monthRange),
  ),
  year: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.nonEmpty(yearMissing))], yearMissing),
    v.transform(String),
    v.regex(/^\d{4}$/, yearFull),
    v.transform(Number),
  ),
  payment_type: v.picklist(
    ['CREDIT', 'RECURRENCE'],
    'Escolha pagar com cartão de crédito (CREDIT) ou recorrência (RECURRENCE).',
  ),
})
export type CardPaymentRequest = v.InferOutput<typeof cardPaymentRequest>

/** POST /checkout/payment-link-pix */
export const pixGenerateRequest = requestObject({
  code: linkCodeField,
  token: checkoutPersonFields.token,
})
export type PixGenerateRequest = v.InferOutput<typeof pixGenerateRequest>

const keyValue = v.object({ key: v.string(), value: v.string() })

/** The generated Pix as key/value pairs: qr_code (copia e cola), txid, expiration, value, code. */
export const pixGenerateResponse = v.object({ data: v.array(keyValue) })
export type PixGenerateResponse = v.InferOutput<typeof pixGenerateResponse>

const pixResponseMessage = 'Envie a resposta da geração do Pix (data).'
/** POST /checkout/verify-link-pix : the body is the stored generation response. */
export const pixVerifyRequest = requestObject({
  data: v.pipe(
    v.array(
      requestObject({
        key: v.pipe(v.string(pixResponseMessage), v.maxLength(60, pixResponseMessage)),
        value: v.pipe(v.string(pixResponseMessage), v.maxLength(1_000, pixResponseMessage)),
      }),
      pixResponseMessage,
    ),
    v.maxLength(20, pixResponseMessage),
    v.check(
      (entries) => entries.some((entry) => entry.key === 'txid' && entry.value !== ''),
      'Resposta do Pix sem txid: gere o Pix novamente.',
    ),
  ),
})
export type PixVerifyRequest = v.InferOutput<typeof pixVerifyRequest>

/** GET /checkout/pix-status (beyond the spec): the link's code and the Pix's txid. */
export const pixStatusQuery = queryObject({
  code: linkCodeField,
  txid: v.pipe(v.string('Informe o txid.'), v.regex(/^[A-Za-z0-9]{1,35}$/, 'txid inválido.')),
})

/**
 * Where a link's Pix stands: WAITING for the bank, PAID, PAID_ELSEWHERE (another method paid the
 * link; the Pix was cancelled), REFUNDED (paid after the link was paid: the money goes back) or
 * EXPIRED; the last three say so in `message`.
 */
export const pixStatusResponse = v.object({
  status: v.picklist(['WAITING', 'PAID', 'PAID_ELSEWHERE', 'REFUNDED', 'EXPIRED']),
  message: v.optional(v.string()),
})
export type PixStatusResponse = v.InferOutput<typeof pixStatusResponse>

/**
 * GET /checkout/paid?code= (beyond the spec): what a paid link paid, for /success to say it —
 * the receipt's facts without the payer's personal data. Amounts in cents; paid_at ISO 8601.
 */
export const paidLinkSummary = v.object({
  instalments: v.array(
    v.object({ installment: v.number(), description: v.string(), paid: v.number() }),
  ),
  total: v.number(),
  method: v.string(),
  paid_at: v.string(),
})
export type PaidLinkSummary = v.InferOutput<typeof paidLinkSummary>

export const pixVerifyResponse = v.object({ status: v.string() })
export type PixVerifyResponse = v.InferOutput<typeof pixVerifyResponse>

const dueDateMessage = 'Escolha a data de vencimento do boleto.'
/** POST /checkout/pix-boleto : one boleto per instalment, the first due on selected_date. */
export const boletoRequest = requestObject({
  ...checkoutPersonFields,
  installments: installmentsField,
  selected_date: v.pipe(
    v.string(dueDateMessage),
    v.trim(),
    v.regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Data de vencimento inválida: use DD/MM/AAAA.'),
  ),
})
export type BoletoRequest = v.InferOutput<typeof boletoRequest>

/**
 * Its answer: the spec's message, and (beyond the spec) the boletos themselves, so the screen
 * shows the linha digitável, due date and amount instead of leaving the person to wait for them.
 */
export const boletoResponse = v.object({
  message: v.string(),
  boletos: v.optional(
    v.array(
      v.object({
        digitable_line: v.string(),
        due_date: v.string(),
        /** Cents. */
        amount: v.number(),
      }),
    ),
    [],
  ),
})
export type BoletoResponse = v.InferOutput<typeof boletoResponse>

// ---------------------------------------------------------------- card tokenizer (spec §7)

/** Luhn check digit, which every card number carries. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return digits.length > 0 && sum % 10 === 0
}

const cardNumberMessage = 'Informar o número do cartão.'
const dueDateCardMessage = 'Informe a validade do cartão no formato MM/AAAA.'

/**
 * POST {gateway}/v1/token (header CompanyId): the payment provider's tokenizer. The card number
 * goes there from the browser and nowhere else.
 */
export const cardTokenRequest = requestObject({
  card: section('Envie os dados do cartão (card).', {
    brand: v.nullish(v.pipe(v.string('Bandeira inválida.'), v.maxLength(20, 'Bandeira inválida.'))),
    card_number: v.pipe(
      v.string(cardNumberMessage),
      v.transform((value) => value.replace(/[\s.-]/g, '')),
      v.regex(/^\d{13,19}$/, cardNumberMessage),
      v.check(isLuhnValid, 'Número do cartão inválido.'),
    ),
    cvv: v.pipe(
      v.string('Informar o cvv do cartão.'),
      v.regex(/^\d{3,4}$/, 'Informar o cvv do cartão.'),
    ),
    due_date: v.pipe(
      v.string(dueDateCardMessage),
      v.trim(),
      v.regex(/^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/, dueDateCardMessage),
      v.transform((value) => {
        const [month, year = ''] = value.split('/')
        return `${month}/${year.length === 2 ? `20${year}` : year}`
      }),
    ),
    card_holder: v.pipe(
      v.string('Informar o nome do titular.'),
      v.trim(),
      v.nonEmpty('Informar o nome do titular.'),
      v.maxLength(60, 'O nome do titular deve ter no máximo 60 caracteres.'),
    ),
  }),
})
export type CardTokenRequest = v.InferOutput<typeof cardTokenRequest>

export const cardTokenResponse = v.object({ token: v.string(), card: tokenizedCard })
export type CardTokenResponse = v.InferOutput<typeof cardTokenResponse>
