/**
 * The provider's integration API (issue 25, decision 019): what a provider's own system sends
 * and reads under `/socios-api/integration/v1`, with its own keys, never a holder's session.
 * Every resource carries the portal's `id` and the provider's `externalId`; errors are RFC 9457
 * problem details with one entry per field.
 */
import * as v from 'valibot'
import { cardTemplateProblems } from './card-markup-filter'
import { dayOf, requestObject, timestampOf } from './http'
import { payerBank, payerBankRequest } from './payer-bank'
import { personFields, registrationFieldLabels } from './registration'

/** What a key may do; each integration operation names the scope it needs. */
export const integrationScopes = [
  'members:read',
  'members:write',
  'billing:read',
  'billing:write',
  'cards:write',
  'documents:write',
  'events:read',
  'webhooks:manage',
] as const
export type IntegrationScope = (typeof integrationScopes)[number]

export const isIntegrationScope = (value: string): value is IntegrationScope =>
  (integrationScopes as readonly string[]).includes(value)

/** A key as sent: `ptk_` and 43 base64url characters (32 random bytes). */
export const integrationKeyPrefix = 'ptk_'

// ---------------------------------------------------------------- problems (RFC 9457)

export const problemEntry = v.object({
  /** Where in the request: `body.name`, `query.limit`, `path.externalId`. */
  path: v.string(),
  /** A stable code a program can test (`required`, `too_long`, `invalid_cpf`…). */
  code: v.string(),
  /** The same rule's message in Portuguese, for a person. */
  message: v.string(),
})
export type ProblemEntry = v.InferOutput<typeof problemEntry>

/** `application/problem+json`: what went wrong, for a program (`type`, `errors`) and a person. */
export const problemResponse = v.object({
  type: v.string(),
  title: v.string(),
  status: v.number(),
  detail: v.string(),
  errors: v.optional(v.array(problemEntry)),
})
export type Problem = v.InferOutput<typeof problemResponse>

/** What every integration operation may answer: no key or a revoked one, a scope missing, too fast. */
export const keyProblems = {
  401: problemResponse,
  403: problemResponse,
  429: problemResponse,
} as const
/** A body that breaks its schema (one entry per field), too large, or no JSON. */
export const badBodyProblems = {
  400: problemResponse,
  413: problemResponse,
  415: problemResponse,
} as const

/** Every integration POST: the same key and body answer the first answer again, for 24 h. */
export const idempotencyHeader = {
  'Idempotency-Key': {
    required: false,
    description:
      'Até 255 caracteres. A mesma chave com o mesmo corpo devolve a primeira resposta (24 h); com outro corpo, 422; ainda em andamento, 409.',
  },
} as const

// ---------------------------------------------------------------- shared fields

const externalIdMessage =
  'O externalId deve ter de 1 a 100 caracteres: letras, números, ponto, hífen, sublinhado ou dois-pontos.'
/** The provider's own id of a resource: unique per type, safe in a URL path. */
export const externalIdField = v.pipe(
  v.string(externalIdMessage),
  v.regex(/^[A-Za-z0-9._:-]{1,100}$/, externalIdMessage),
)

export const externalIdParam = { externalId: externalIdField }

/** A list page: at most `limit` items after `cursor` (the previous page's `nextCursor`). */
export const listQuery = v.object({
  cursor: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'Cursor inválido: use o nextCursor recebido.'),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.string('Informe limit como número.'),
      v.regex(/^\d{1,3}$/, 'O limit deve ser um número de 1 a 100.'),
      v.transform(Number),
      v.minValue(1, 'O limit deve ser um número de 1 a 100.'),
      v.maxValue(100, 'O limit deve ser um número de 1 a 100.'),
    ),
  ),
})

export const page = <T extends v.GenericSchema>(item: T) =>
  v.object({ data: v.array(item), nextCursor: v.nullable(v.string()) })

// ---------------------------------------------------------------- plans (contract models)

const flag = (name: string) => v.boolean(`${name} deve ser true ou false.`)

/**
 * How a plan's instalments may be paid (spec §6 payment link): the methods its links offer (the
 * server still offers only those it has a bank or gateway for), the Pix's minutes, fixed
 * instalments for recurrence and boleto, and the company at the card gateway.
 */
export const planPayments = requestObject({
  pix: flag('pix'),
  credit: flag('credit'),
  recurrence: flag('recurrence'),
  boletoPix: flag('boletoPix'),
  pixMinutes: v.optional(
    v.pipe(
      v.number('pixMinutes deve ser um número.'),
      v.integer('pixMinutes deve ser inteiro.'),
      v.minValue(5, 'pixMinutes deve ser de 5 a 1440.'),
      v.maxValue(1440, 'pixMinutes deve ser de 5 a 1440.'),
    ),
    30,
  ),
  fixedInstallments: v.optional(
    v.pipe(
      v.number('fixedInstallments deve ser um número.'),
      v.integer('fixedInstallments deve ser inteiro.'),
      v.minValue(0, 'fixedInstallments deve ser de 0 a 24.'),
      v.maxValue(24, 'fixedInstallments deve ser de 0 a 24.'),
    ),
    0,
  ),
  gatewayCompanyId: v.optional(
    v.pipe(v.string(), v.maxLength(100, 'gatewayCompanyId deve ter no máximo 100 caracteres.')),
    '',
  ),
})
export type PlanPayments = v.InferOutput<typeof planPayments>

export const planUpsertRequest = requestObject({
  name: v.pipe(
    v.string('Informe o nome do plano (name).'),
    v.trim(),
    v.nonEmpty('Informe o nome do plano (name).'),
    v.maxLength(200, 'O nome do plano deve ter no máximo 200 caracteres.'),
  ),
  /** Absent: kept as it is; a new plan then takes every method (the server's own limit still applies). */
  payments: v.optional(planPayments),
})
export type PlanUpsert = v.InferOutput<typeof planUpsertRequest>

export const plan = v.object({
  id: v.string(),
  externalId: v.nullable(v.string()),
  name: v.string(),
  payments: v.nullable(
    v.object({
      pix: v.boolean(),
      credit: v.boolean(),
      recurrence: v.boolean(),
      boletoPix: v.boolean(),
      pixMinutes: v.number(),
      fixedInstallments: v.number(),
      gatewayCompanyId: v.string(),
    }),
  ),
  updatedAt: v.string(),
})
export type Plan = v.InferOutput<typeof plan>

export const planPage = page(plan)

// ---------------------------------------------------------------- plan card layouts

/**
 * What a plan's card template may show: each `{{name}}` is replaced by the card's value, escaped
 * (`foto` by the photo as a data: URL, for an <img src>).
 */
export const cardLayoutFields = [
  'nome',
  'matricula',
  'validade',
  'status',
  'titular',
  'contrato',
  'serie',
  'plano',
  'foto',
] as const
const LAYOUT_MAX_CHARS = 200_000

/** Problems named per side, at most: a template pasted from elsewhere can hold hundreds. */
const LAYOUT_MAX_PROBLEMS = 10

const layoutTemplate = (side: 'front' | 'back') =>
  v.pipe(
    v.string(`Informe o layout (${side}) em HTML.`),
    v.nonEmpty(`Informe o layout (${side}) em HTML.`),
    v.maxLength(LAYOUT_MAX_CHARS, `O layout (${side}) deve ter no máximo 200 mil caracteres.`),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      // The card opens at the gate with no signal: nothing in it may come from the network.
      for (const problem of cardTemplateProblems(dataset.value).slice(0, LAYOUT_MAX_PROBLEMS))
        addIssue({ message: `Layout (${side}): não permitido: ${problem}.` })
      for (const match of dataset.value.matchAll(/\{\{\s*([^}\s]*)\s*\}\}/g))
        if (!(cardLayoutFields as readonly string[]).includes(match[1] ?? ''))
          addIssue({
            message: `Layout (${side}): campo desconhecido {{${match[1]}}}. Use ${cardLayoutFields.map((name) => `{{${name}}}`).join(', ')}.`,
          })
    }),
  )

export const cardLayoutRequest = requestObject({
  front: layoutTemplate('front'),
  back: layoutTemplate('back'),
})
export type CardLayoutUpsert = v.InferOutput<typeof cardLayoutRequest>

export const planCardLayout = v.object({
  planExternalId: v.nullable(v.string()),
  /** false: the plan's cards use the portal's own layout (front and back below). */
  custom: v.boolean(),
  front: v.string(),
  back: v.string(),
})

// ---------------------------------------------------------------- plan documents

/** What holders open from "Documentos gerais" (spec §12): PDF or an image. */
export const planDocumentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const
/** 5 MB of file, as base64 (4 characters for every 3 bytes). */
export const PLAN_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024
const base64Limit = Math.ceil(PLAN_DOCUMENT_MAX_BYTES / 3) * 4

export const planDocumentParams = {
  externalId: externalIdField,
  documentExternalId: externalIdField,
}

export const planDocumentUpsertRequest = requestObject({
  name: v.pipe(
    v.string('Informe o nome do documento (name).'),
    v.trim(),
    v.nonEmpty('Informe o nome do documento (name).'),
    v.maxLength(200, 'O nome do documento deve ter no máximo 200 caracteres.'),
  ),
  contentType: v.picklist(
    planDocumentTypes,
    'contentType deve ser application/pdf, image/png ou image/jpeg.',
  ),
  contentBase64: v.pipe(
    v.string('Envie o arquivo em base64 (contentBase64).'),
    v.nonEmpty('Envie o arquivo em base64 (contentBase64).'),
    v.maxLength(base64Limit, 'O documento deve ter no máximo 5 MB.'),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'contentBase64 não é base64 válido.'),
  ),
})
export type PlanDocumentUpsert = v.InferOutput<typeof planDocumentUpsertRequest>

export const planDocument = v.object({
  id: v.string(),
  externalId: v.nullable(v.string()),
  planExternalId: v.nullable(v.string()),
  name: v.string(),
  contentType: v.string(),
  /** The file's size in bytes. */
  size: v.number(),
  updatedAt: v.string(),
})
export type PlanDocument = v.InferOutput<typeof planDocument>
export const planDocumentList = v.object({ data: v.array(planDocument) })

// ---------------------------------------------------------------- members (people)

/** Who wrote a record last: the holder in the portal, or the provider's system. */
export const writers = ['holder', 'provider'] as const

/**
 * A person the provider knows (a holder, a dependent, or both on different contracts), with
 * the holder API's own rules for each field: CPF check digits, CEP, phone, real dates.
 * A PUT replaces every field below; the photo and attachments are the holder's and stay.
 */
export const memberUpsertRequest = requestObject({
  firstName: personFields.first_name,
  lastName: personFields.last_name,
  birthDate: personFields.birth_date,
  gender: personFields.gender,
  email: personFields.email,
  cpf: personFields.cpf,
  rg: personFields.rg,
  passport: personFields.passport,
  birthCertificate: personFields.birth_certificate,
  phoneDdi: personFields.number_ddi,
  phone: personFields.phone,
  cep: personFields.cep,
  state: personFields.state,
  city: personFields.city,
  country: personFields.country,
  street: personFields.street,
  neighborhood: personFields.neighborhood,
  addressNumber: personFields.number,
  complement: personFields.complement,
  /** The holder's bank account, where Pix Automático sends its request (journey 1); null: unknown. */
  payerBank: v.nullish(payerBankRequest, null),
})
export type MemberUpsert = v.InferOutput<typeof memberUpsertRequest>

const nullableText = v.nullable(v.string())

export const member = v.object({
  id: v.string(),
  externalId: nullableText,
  /** The record's version, also its ETag: send it in If-Match to write after a holder's edit. */
  version: v.string(),
  writtenBy: v.picklist(writers),
  firstName: v.string(),
  lastName: v.string(),
  birthDate: nullableText,
  gender: nullableText,
  email: nullableText,
  cpf: nullableText,
  rg: nullableText,
  passport: nullableText,
  birthCertificate: nullableText,
  phoneDdi: nullableText,
  phone: nullableText,
  cep: nullableText,
  state: nullableText,
  city: nullableText,
  country: nullableText,
  street: nullableText,
  neighborhood: nullableText,
  addressNumber: nullableText,
  complement: nullableText,
  payerBank: v.nullable(payerBank),
  updatedAt: v.string(),
})
export type Member = v.InferOutput<typeof member>
export const memberPage = page(member)

// ---------------------------------------------------------------- contracts and dependents

/** Spec §4's contract statuses (dependents use the same set). */
export const contractStatuses = [
  'ACTIVE',
  'INACTIVE',
  'TRANSFERRED',
  'CANCELLED',
  'PENDING',
  'OVERDUE',
  'REVIEW',
] as const
const statusMessage = `Status inválido: use ${contractStatuses.join(', ')}.`
const statusField = v.picklist(contractStatuses, statusMessage)

const optionalDayOf = (field: string, label: string) => v.nullish(dayOf(field, label), null)

const mandatoryMap = v.nullish(
  v.pipe(
    v.record(v.string(), v.boolean('Use true ou false em cada campo obrigatório.')),
    v.check(
      (map) => Object.keys(map).every((field) => field in registrationFieldLabels),
      `Campos obrigatórios aceitos: ${Object.keys(registrationFieldLabels).join(', ')}.`,
    ),
  ),
  {},
)

const shortText = (max: number, label: string) =>
  v.nullish(
    v.pipe(
      v.string(`${label} deve ser um texto.`),
      v.trim(),
      v.maxLength(max, `${label} deve ter no máximo ${max} caracteres.`),
      v.transform((value) => value || null),
    ),
    null,
  )

export const contractUpsertRequest = requestObject({
  planExternalId: externalIdField,
  holderExternalId: externalIdField,
  status: statusField,
  holderStatus: v.optional(statusField, 'ACTIVE'),
  series: shortText(20, 'A série (series)'),
  number: shortText(40, 'O número do contrato (number)'),
  saleDate: optionalDayOf('saleDate', 'a data da venda'),
  expiresOn: optionalDayOf('expiresOn', 'a validade do contrato'),
  dependentsIncluded: v.optional(
    v.pipe(
      v.number('Informe dependentsIncluded como número.'),
      v.integer('dependentsIncluded deve ser um número inteiro.'),
      v.minValue(0, 'dependentsIncluded deve ser de 0 a 99.'),
      v.maxValue(99, 'dependentsIncluded deve ser de 0 a 99.'),
    ),
    0,
  ),
  holderMandatoryData: mandatoryMap,
  dependentMandatoryData: mandatoryMap,
})
export type ContractUpsert = v.InferOutput<typeof contractUpsertRequest>

export const dependentUpsertRequest = requestObject({
  contractExternalId: externalIdField,
  memberExternalId: externalIdField,
  /** A dependent type's name, as the portal lists them (Filho(a), Cônjuge…). */
  type: v.pipe(
    v.string('Informe o tipo de dependente (type).'),
    v.trim(),
    v.nonEmpty('Informe o tipo de dependente (type).'),
    v.maxLength(60, 'O tipo de dependente deve ter no máximo 60 caracteres.'),
  ),
  status: v.optional(statusField, 'ACTIVE'),
})
export type DependentUpsert = v.InferOutput<typeof dependentUpsertRequest>

export const dependent = v.object({
  id: v.string(),
  externalId: nullableText,
  contractId: v.string(),
  contractExternalId: nullableText,
  memberId: v.string(),
  memberExternalId: nullableText,
  type: nullableText,
  status: v.string(),
  /** The dependent's version (ETag) and who wrote it last, as for members. */
  version: v.string(),
  writtenBy: v.picklist(writers),
})
export type Dependent = v.InferOutput<typeof dependent>

export const contract = v.object({
  id: v.string(),
  externalId: nullableText,
  planId: v.string(),
  planExternalId: nullableText,
  holderId: v.string(),
  holderExternalId: nullableText,
  status: v.string(),
  holderStatus: v.string(),
  series: nullableText,
  number: nullableText,
  saleDate: nullableText,
  expiresOn: nullableText,
  dependentsIncluded: v.number(),
  holderMandatoryData: v.record(v.string(), v.boolean()),
  dependentMandatoryData: v.record(v.string(), v.boolean()),
  termsAcceptedAt: nullableText,
  /** Every dependent, those the holder added in the portal too (their externalId is null). */
  dependents: v.array(dependent),
  version: v.string(),
})
export type Contract = v.InferOutput<typeof contract>
export const contractPage = page(contract)

// ---------------------------------------------------------------- instalments

const cents = (label: string) =>
  v.pipe(
    v.number(`Informe ${label} em centavos (número inteiro).`),
    v.integer(`Informe ${label} em centavos (número inteiro).`),
    v.minValue(0, `${label} não pode ser negativo.`),
    v.maxValue(100_000_000_00, `${label} grande demais.`),
  )

export const instalmentUpsertRequest = requestObject({
  contractExternalId: externalIdField,
  number: v.pipe(
    v.number('Informe o número da parcela (number).'),
    v.integer('O número da parcela deve ser inteiro.'),
    v.minValue(1, 'O número da parcela deve ser de 1 a 999.'),
    v.maxValue(999, 'O número da parcela deve ser de 1 a 999.'),
  ),
  description: v.pipe(
    v.string('Informe a descrição da parcela (description).'),
    v.trim(),
    v.nonEmpty('Informe a descrição da parcela (description).'),
    v.maxLength(200, 'A descrição deve ter no máximo 200 caracteres.'),
  ),
  dueDate: dayOf('dueDate', 'o vencimento'),
  value: cents('o valor (value)'),
  discount: v.optional(cents('o desconto (discount)'), 0),
  /** PAID only through mark-paid (with its method and reference) or a payment in the portal. */
  status: v.optional(
    v.picklist(
      ['NOT_PAID', 'OVERDUE'],
      'Status da parcela: NOT_PAID ou OVERDUE (PAID por mark-paid).',
    ),
    'NOT_PAID',
  ),
})
export type InstalmentUpsert = v.InferOutput<typeof instalmentUpsertRequest>

/** How a provider says an instalment was paid outside the portal. */
export const outsideMethods = ['PIX', 'CARD', 'BOLETO', 'CASH', 'TRANSFER', 'OTHER'] as const

export const markPaidRequest = requestObject({
  method: v.picklist(outsideMethods, `Forma de pagamento: ${outsideMethods.join(', ')}.`),
  reference: v.pipe(
    v.string('Informe a referência do pagamento (reference).'),
    v.trim(),
    v.nonEmpty('Informe a referência do pagamento (reference).'),
    v.maxLength(200, 'A referência deve ter no máximo 200 caracteres.'),
  ),
  /** When the money was received; not after the server's clock (the service checks). */
  paidAt: timestampOf('paidAt', 'o momento do pagamento'),
  amount: cents('o valor pago (amount)'),
})
export type MarkPaid = v.InferOutput<typeof markPaidRequest>

export const cancelRequest = requestObject({
  reason: shortText(200, 'O motivo (reason)'),
})

export const instalment = v.object({
  id: v.string(),
  externalId: nullableText,
  contractId: v.string(),
  contractExternalId: nullableText,
  number: v.number(),
  description: v.string(),
  dueDate: v.string(),
  value: v.number(),
  discount: v.number(),
  status: v.string(),
  paidValue: v.nullable(v.number()),
  paidAt: nullableText,
  /** Who collected it: the portal (a charge), the provider (mark-paid), or nobody yet. */
  paidThrough: v.nullable(v.picklist(['portal', 'provider'])),
  paidOutside: v.nullable(v.object({ method: v.string(), reference: v.string() })),
  cancelledAt: nullableText,
})
export type Instalment = v.InferOutput<typeof instalment>
export const instalmentPage = page(instalment)

// ---------------------------------------------------------------- member cards

/** ACTIVE cards show and open the gate; BLOCKED is the provider's block (card shown as inactive). */
export const cardStatuses = ['ACTIVE', 'INACTIVE', 'BLOCKED'] as const

export const cardUpsertRequest = requestObject({
  contractExternalId: externalIdField,
  memberExternalId: externalIdField,
  code: v.pipe(
    v.string('Informe o código da carteirinha (code).'),
    v.regex(/^[A-Za-z0-9-]{1,40}$/, 'O código da carteirinha: de 1 a 40 letras, números ou hífen.'),
  ),
  status: v.optional(v.picklist(cardStatuses, `Status: ${cardStatuses.join(', ')}.`), 'ACTIVE'),
  expiresOn: optionalDayOf('expiresOn', 'a validade da carteirinha'),
})
export type CardUpsert = v.InferOutput<typeof cardUpsertRequest>

export const memberCard = v.object({
  id: v.string(),
  externalId: nullableText,
  contractId: v.string(),
  contractExternalId: nullableText,
  memberId: v.string(),
  memberExternalId: nullableText,
  code: v.string(),
  status: v.string(),
  expiresOn: nullableText,
})
export type MemberCard = v.InferOutput<typeof memberCard>
export const cardPage = page(memberCard)

// ---------------------------------------------------------------- the key itself

/** What a key can see of itself (`GET /integration/v1/key`): to check one before using it. */
export const keyInfo = v.object({
  id: v.string(),
  name: v.string(),
  last4: v.string(),
  scopes: v.array(v.picklist(integrationScopes)),
  createdAt: v.string(),
})
