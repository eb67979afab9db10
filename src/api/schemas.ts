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
