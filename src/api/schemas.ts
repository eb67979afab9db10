/**
 * The single contract between the app, the service worker and the reference server (spec §3, §7).
 * The server validates every request with these schemas; the client validates every response.
 * Types are inferred from here and never written twice.
 */
import * as v from 'valibot'

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
/** JPEG (FF D8 FF) and PNG (89 'PNG' 0D 0A 1A 0A) signatures, as base64 prefixes. */
const isJpegOrPng = (value: string) => value.startsWith('/9j/') || value.startsWith('iVBORw0KGgo')

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
