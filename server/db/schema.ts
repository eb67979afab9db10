/**
 * Database schema (Drizzle pg-core), shared by embedded PGlite and PostgreSQL.
 * A person is one table (documents, phone and address are 1:1), so the API's nested `documents`,
 * `phone` and `address` objects are built by the mapper and carry the person's id.
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

const id = () => uuid('id').primaryKey().defaultRandom()
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => moment('created_at').notNull().defaultNow()
const updatedAt = () => moment('updated_at').notNull().defaultNow()
const day = (name: string) => date(name, { mode: 'string' })

export const persons = pgTable('persons', {
  id: id(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  birthDate: day('birth_date'),
  gender: text('gender'),
  /** Login e-mail, always stored lower-case. */
  email: text('email').unique(),
  imageBase64: text('image_base64'),
  rg: text('rg'),
  cpf: text('cpf'),
  passport: text('passport'),
  birthCertificate: text('birth_certificate'),
  phoneDdi: text('phone_ddi'),
  phoneNumber: text('phone_number'),
  cep: text('cep'),
  state: text('state'),
  city: text('city'),
  country: text('country'),
  street: text('street'),
  neighborhood: text('neighborhood'),
  addressNumber: text('address_number'),
  complement: text('complement'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const modelContracts = pgTable('model_contracts', {
  id: id(),
  name: text('name').notNull(),
})

export const modelContractDocuments = pgTable(
  'model_contract_documents',
  {
    id: id(),
    modelContractId: uuid('model_contract_id')
      .notNull()
      .references(() => modelContracts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    contentBase64: text('content_base64'),
  },
  (t) => [index('model_contract_documents_model_idx').on(t.modelContractId)],
)

export type MandatoryData = Record<string, boolean>

export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    modelContractId: uuid('model_contract_id')
      .notNull()
      .references(() => modelContracts.id),
    status: text('status').notNull(),
    serie: text('serie'),
    contractNumber: text('contract_number'),
    createdAt: createdAt(),
    /** Sale date. */
    dateTime: moment('date_time'),
    expiration: moment('expiration'),
    terms: boolean('terms').notNull().default(false),
    termsAcceptedAt: moment('terms_accepted_at'),
    dependentsIncluded: integer('dependents_included').notNull().default(0),
    holderMandatoryData: jsonb('holder_mandatory_data')
      .$type<MandatoryData>()
      .notNull()
      .default({}),
    dependentMandatoryData: jsonb('dependent_mandatory_data')
      .$type<MandatoryData>()
      .notNull()
      .default({}),
    updatedAt: updatedAt(),
  },
  (t) => [index('contracts_model_contract_idx').on(t.modelContractId)],
)

export const holders = pgTable(
  'holders',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .unique()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    status: text('status').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('holders_person_idx').on(t.personId)],
)

export const dependentTypes = pgTable('dependent_types', {
  id: id(),
  name: text('name').notNull().unique(),
})

export const dependents = pgTable(
  'dependents',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    dependentTypeId: uuid('dependent_type_id').references(() => dependentTypes.id),
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dependents_contract_idx').on(t.contractId),
    index('dependents_person_idx').on(t.personId),
    index('dependents_type_idx').on(t.dependentTypeId),
  ],
)

export const filesAttached = pgTable(
  'files_attached',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    contentBase64: text('content_base64').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_attached_person_idx').on(t.personId)],
)

export const cards = pgTable(
  'cards',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    code: text('code').notNull().unique(),
    status: text('status').notNull(),
    expirationDate: day('expiration_date'),
    createdAt: createdAt(),
  },
  (t) => [index('cards_contract_idx').on(t.contractId), index('cards_person_idx').on(t.personId)],
)

export const paymentOrderStatuses = ['PAID', 'NOT_PAID', 'OVERDUE'] as const

export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    installment: integer('installment').notNull().default(1),
    status: text('status', { enum: paymentOrderStatuses }).notNull(),
    dueDate: day('due_date').notNull(),
    /** Amounts in cents. */
    value: integer('value').notNull(),
    discount: integer('discount').notNull().default(0),
    paidValue: integer('paid_value'),
    paidAt: moment('paid_at'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_orders_contract_idx').on(t.contractId),
    check('payment_orders_status_check', sql`${t.status} in ('PAID', 'NOT_PAID', 'OVERDUE')`),
  ],
)

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    email: text('email').notNull(),
    /** HMAC-SHA256(server secret, email:code); the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    channel: text('channel').notNull(),
    expiresAt: moment('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_email_created_idx').on(t.email, t.createdAt)],
)

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: moment('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limits_window_idx').on(t.windowStart),
  ],
)

/**
 * Idempotency keys of retryable writes (DESIGN.md §5): the first answer to a key, replayed for a
 * repeat. Claimed inside the write's own transaction, so the answer is stored with the write.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of method, path and canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    /** Null only inside the transaction that claimed the key; stored before it commits. */
    responseStatus: integer('response_status'),
    /** The JSON answer exactly as first sent. */
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

/** Demo mode only: what would have been delivered, for people and tests to read the code. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    email: text('email').notNull(),
    channel: text('channel').notNull(),
    code: text('code').notNull(),
    text: text('text').notNull(),
    sentAt: moment('sent_at').notNull().defaultNow(),
  },
  (t) => [index('dev_outbox_sent_idx').on(t.sentAt)],
)

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})
