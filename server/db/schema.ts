/**
 * Database schema (Drizzle pg-core), shared by embedded PGlite and PostgreSQL.
 * A person is one table (documents, phone and address are 1:1), so the API's nested `documents`,
 * `phone` and `address` objects are built by the mapper and carry the person's id.
 */

import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { writers } from '../../contract/integration'
import type { PayerBank } from '../../contract/payer-bank'
import { recurrenceStatuses } from '../../contract/pix-automatico'
import { reminderChannels, reminderKinds } from '../../contract/reminders'
import { type ChargeState, chargeStates } from '../services/charge-states'

const id = () => uuid('id').primaryKey().defaultRandom()
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => moment('created_at').notNull().defaultNow()
const updatedAt = () => moment('updated_at').notNull().defaultNow()
const day = (name: string) => date(name, { mode: 'string' })

/** Who wrote a member's record last (decision 019): a provider's write after a holder's needs If-Match. */
export { writers }

export const persons = pgTable(
  'persons',
  {
    id: id(),
    /** The provider's own id (integration API, decision 019); unique among people. */
    externalId: text('external_id').unique(),
    /** Who wrote the registration last: the holder's own edit, or the provider's system. */
    writtenBy: text('written_by', { enum: writers }).notNull().default('provider'),
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
    /** The holder's bank account as the provider knows it (Pix Automático's journey 1). */
    payerBank: jsonb('payer_bank').$type<PayerBank>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One person per CPF, whoever writes it (the provider's API or import, the holder's app):
    // a read before the write cannot hold under concurrency, the index does. Compared as digits.
    uniqueIndex('persons_cpf_idx').on(sql`nullif(regexp_replace(${t.cpf}, '[^0-9]', '', 'g'), '')`),
  ],
)

export const modelContracts = pgTable('model_contracts', {
  id: id(),
  /** The provider's own id (integration API, decision 019); unique among plans. */
  externalId: text('external_id').unique(),
  name: text('name').notNull(),
  /** The provider's member card for this plan (front and back templates); null: the portal's. */
  cardLayout: jsonb('card_layout').$type<{ front: string; back: string }>(),
  updatedAt: updatedAt(),
})

export const modelContractDocuments = pgTable(
  'model_contract_documents',
  {
    id: id(),
    modelContractId: uuid('model_contract_id')
      .notNull()
      .references(() => modelContracts.id, { onDelete: 'cascade' }),
    /** The provider's own id for the document, unique within its plan (integration API). */
    externalId: text('external_id'),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    contentBase64: text('content_base64'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('model_contract_documents_model_idx').on(t.modelContractId),
    uniqueIndex('model_contract_documents_external_idx').on(t.modelContractId, t.externalId),
  ],
)

export type MandatoryData = Record<string, boolean>

/** Versions of what holders read of contracts (contracts.version): never given twice. */
export const contractVersions = pgSequence('contract_versions')

export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    modelContractId: uuid('model_contract_id')
      .notNull()
      .references(() => modelContracts.id),
    /** The provider's own id (integration API, decision 019). */
    externalId: text('external_id').unique(),
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
    /**
     * What the holder reads of this contract (the contract read and its instalments), bumped by
     * triggers on every write to a row either shows (migration 0007): their ETags and the
     * per-process answer cache are keyed by it.
     */
    version: bigint('version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('contract_versions')`),
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
    /** The provider's own id (integration API, decision 019); null for one the holder added. */
    externalId: text('external_id').unique(),
    writtenBy: text('written_by', { enum: writers }).notNull().default('provider'),
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
    /** The provider's own id (integration API, decision 019). */
    externalId: text('external_id').unique(),
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
    /** The provider's own id (integration API, decision 019). */
    externalId: text('external_id').unique(),
    description: text('description').notNull(),
    installment: integer('installment').notNull().default(1),
    status: text('status', { enum: paymentOrderStatuses }).notNull(),
    dueDate: day('due_date').notNull(),
    /** Amounts in cents. */
    value: integer('value').notNull(),
    discount: integer('discount').notNull().default(0),
    paidValue: integer('paid_value'),
    paidAt: moment('paid_at'),
    /**
     * Cancelled by the provider (integration API): hidden from the holder, never payable again;
     * the row stays for the history and for a late payment to be refunded against.
     */
    cancelledAt: moment('cancelled_at'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The charge settling this instalment, or that paid it. Claimed with a conditional update
     * (only while null and unpaid), so two charges can never settle one instalment.
     */
    chargeId: uuid('charge_id').references((): AnyPgColumn => paymentCharges.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    // The instalment list reads a contract's rows in instalment order (payment-orders/:id).
    index('payment_orders_contract_installment_idx').on(t.contractId, t.installment),
    index('payment_orders_charge_idx').on(t.chargeId),
    check('payment_orders_status_check', sql`${t.status} in ('PAID', 'NOT_PAID', 'OVERDUE')`),
  ],
)

/** What a contract model accepts on its payment links (spec §3 payment link data). */
export interface ValidPaymentTypes {
  pix: boolean
  credit: boolean
  recurrence: boolean
  boleto_pix: boolean
}

export const paymentSettings = pgTable('payment_settings', {
  modelContractId: uuid('model_contract_id')
    .primaryKey()
    .references(() => modelContracts.id, { onDelete: 'cascade' }),
  validPaymentTypes: jsonb('valid_payment_types').$type<ValidPaymentTypes>().notNull(),
  /** Minutes a generated Pix stays payable. */
  expirationPix: integer('expiration_pix').notNull().default(30),
  /** Above 0: recurrence and boleto are paid in exactly this many instalments, unadjusted. */
  fixedInstallments: integer('fixed_installments').notNull().default(0),
  /** The company at the payment gateway (the tokenizer's CompanyId header). */
  gatewayId: text('gateway_id').notNull(),
})

export const adjustmentChannels = ['B2B', 'B2C', 'OTHER'] as const
export const paymentMethods = ['PIX', 'CREDIT', 'RECURRENCE', 'INSTALLMENT_BILL'] as const
/**
 * How a charge collects: a link's methods, and a recurring Pix charge (`/cobr`, Pix Automático,
 * decision 025), which the scheduler opens for an instalment of an approved authorization.
 */
export const chargeMethods = [...paymentMethods, 'PIX_AUTOMATICO'] as const
export type ChargeMethod = (typeof chargeMethods)[number]
export const adjustmentKinds = ['DISCOUNT', 'INCREASE'] as const

/** Price list of a model per channel: for a payment method in n instalments, ± a percentage. */
export const paymentAdjustments = pgTable(
  'payment_adjustments',
  {
    id: id(),
    modelContractId: uuid('model_contract_id')
      .notNull()
      .references(() => modelContracts.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: adjustmentChannels }).notNull(),
    typePayment: text('type_payment', { enum: paymentMethods }).notNull(),
    type: text('type', { enum: adjustmentKinds }).notNull(),
    /** Hundredths of a percent: 500 is 5,00%. */
    basisPoints: integer('basis_points').notNull(),
    installment: integer('installment').notNull(),
  },
  (t) => [
    uniqueIndex('payment_adjustments_option_idx').on(
      t.modelContractId,
      t.channel,
      t.typePayment,
      t.installment,
    ),
    check('payment_adjustments_basis_points_check', sql`${t.basisPoints} between 0 and 10000`),
    check('payment_adjustments_installment_check', sql`${t.installment} between 1 and 24`),
  ],
)

export const paymentLinkStatuses = ['OPEN', 'PAID'] as const

/** A public payment link (spec /pagamento?code=…): some unpaid instalments of one contract. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    /** Random and URL-safe: knowing it is what opens the link. */
    code: text('code').notNull().unique(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    instalmentIds: uuid('instalment_ids').array().notNull(),
    /** Selects the price list: B2B, B2C or anything else (the default list). */
    channel: text('channel').notNull(),
    /** Where the link came from; CHANGE_CARD_RECURRENCE only swaps the recurrence's card. */
    src: text('src').notNull(),
    status: text('status', { enum: paymentLinkStatuses }).notNull().default('OPEN'),
    createdAt: createdAt(),
    paidAt: moment('paid_at'),
  },
  (t) => [index('payment_links_contract_idx').on(t.contractId)],
)

/** A Pix Automático authorization's states at the bank (API Pix 2.9.0, `Rec.status`). */
export { recurrenceStatuses }
export type RecurrenceStatus = (typeof recurrenceStatuses)[number]

/**
 * Our record of a Pix Automático authorization (decision 025): a holder's contract enrolled in
 * "Débito automático via Pix", its `idRec` at the bank and the journey-3 cob paid with it. Its
 * state follows the bank's notifications (webhookrec) and reads (GET /rec); each instalment it
 * pays is a payment_charges row of method PIX_AUTOMATICO (a /cobr) in the one state machine.
 * At most one live (CRIADA or APROVADA) authorization per contract.
 */
export const pixRecurrences = pgTable(
  'pix_recurrences',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    idRec: text('id_rec').notNull().unique(),
    /** Journey 3: the cob paid with the authorization (a PIX charge of the first instalment). */
    journeyTxid: text('journey_txid'),
    status: text('status', { enum: recurrenceStatuses }).notNull(),
    /** Who ended it: USUARIO_RECEBEDOR (from the portal), USUARIO_PAGADOR (at the bank), …. */
    cancelledBy: text('cancelled_by'),
    /** The bank's code and words for a rejection or cancellation. */
    endReason: text('end_reason'),
    /** Cents: the fixed amount of each charge, or else the most one may be (the payer's limit). */
    fixedAmount: integer('fixed_amount'),
    maximumAmount: integer('maximum_amount'),
    periodicity: text('periodicity').notNull(),
    retryPolicy: text('retry_policy').notNull(),
    firstDate: day('first_date').notNull(),
    lastDate: day('last_date'),
    /** The QR's copia e cola (journey 3: the cob and the authorization in one code). */
    copyPaste: text('copy_paste'),
    /**
     * Journey 1: the request sent to the payer's bank (`idSolicRec`), that bank (ISPB) and when
     * the request expires unanswered; null for a QR's.
     */
    requestId: text('request_id'),
    requestIspb: text('request_ispb'),
    requestExpiresAt: moment('request_expires_at'),
    receiverName: text('receiver_name').notNull(),
    receiverCnpj: text('receiver_cnpj').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the reconciler last asked the bank about it (its lease). */
    checkedAt: moment('checked_at'),
  },
  (t) => [
    uniqueIndex('pix_recurrences_one_live_per_contract_idx')
      .on(t.contractId)
      .where(sql`${t.status} in ('CRIADA', 'APROVADA')`),
    index('pix_recurrences_person_idx').on(t.personId),
    check(
      'pix_recurrences_status_check',
      sql`${t.status} in ('CRIADA', 'APROVADA', 'REJEITADA', 'CANCELADA', 'EXPIRADA')`,
    ),
  ],
)

/** The charge states and who moves them: server/services/charge-states.ts. */
export const chargeStatuses = chargeStates
export type ChargeStatus = ChargeState

/** The data a charge keeps: how its amount splits over the link's instalments. */
export interface ChargeData {
  shares: { id: string; paid: number; discount: number }[]
  pix?: { qrCode: string; expiresAt: string }
  boletos?: { digitableLine: string; dueDate: string; amount: number; reference: string }[]
  /** When the boletos were last sent to the holder (re-sending is limited). */
  boletosSentAt?: string
  /** The card, for the receipt: brand and last four digits. */
  card?: { brand: string; lastFour: string }
  /** Why it ended: the gateway's decline message, what cancelled it. */
  message?: string
  /**
   * A recurring Pix charge (/cobr): its authorization and due date, the retries the bank holds
   * (at most 3 under PERMITE_3R_7D), the day of the last attempt that failed (failedOn) and the
   * failure a retry was asked for (retryFor), so each failure is retried once.
   */
  cobr?: { idRec: string; dueDate: string; retries: number; failedOn?: string; retryFor?: string }
  /**
   * The boleto's Pix with a due date (/cobv, decision 025), a second way to pay the same charge:
   * present from the claim on (its txid is the charge id without dashes, so it exists before the
   * bank has it); once the bank has it, its due date, days payable after it, fine and interest as sent (the standard's CobVValor) and the
   * copia e cola; `paid`: what the bank computed when it was paid (componentesValor, cents).
   */
  cobv?: {
    dueDate?: string
    daysAfterDue?: number
    valor?: {
      original: string
      multa?: { modalidade: number; valorPerc: string }
      juros?: { modalidade: number; valorPerc: string }
    }
    copyPaste?: string
    paid?: Record<string, number>
  }
}

/**
 * Every collection of money for a link's instalments (a card charge, a Pix, a set of boletos),
 * in the state machine of services/charge-states.ts. A live one holds its instalments through
 * payment_orders.charge_id, so an instalment has at most one live collection; the partial unique
 * index keeps a link from being paid twice.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: id(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => paymentLinks.id, { onDelete: 'cascade' }),
    method: text('method', { enum: chargeMethods }).notNull(),
    status: text('status', { enum: chargeStatuses }).notNull(),
    /** Cents charged, after the adjustment. */
    amount: integer('amount').notNull(),
    installments: integer('installments').notNull().default(1),
    /** Cents the price list took off (negative: added). */
    adjustment: integer('adjustment').notNull().default(0),
    /** The gateway's reference: the Pix txid, the card charge id. */
    gatewayRef: text('gateway_ref'),
    data: jsonb('data').$type<ChargeData>().notNull(),
    expiresAt: moment('expires_at'),
    createdAt: createdAt(),
    settledAt: moment('settled_at'),
    /** When the reconciler last looked at it (its lease: one instance at a time). */
    checkedAt: moment('checked_at'),
    /** A recurring Pix charge's authorization (method PIX_AUTOMATICO). */
    recurrenceId: uuid('recurrence_id').references((): AnyPgColumn => pixRecurrences.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('payment_charges_one_paid_per_link_idx')
      .on(t.linkId)
      .where(sql`${t.status} = 'PAID'`),
    uniqueIndex('payment_charges_gateway_ref_idx').on(t.gatewayRef),
    index('payment_charges_link_idx').on(t.linkId, t.createdAt),
    index('payment_charges_recurrence_idx').on(t.recurrenceId),
    // The reconciler's work: live charges, oldest look first.
    index('payment_charges_live_idx')
      .on(t.checkedAt)
      .where(sql`${t.status} in ('CREATED', 'PROCESSING')`),
    check(
      'payment_charges_status_check',
      sql`${t.status} in ('CREATED', 'PROCESSING', 'PAID', 'DECLINED', 'EXPIRED', 'CANCELLED', 'REFUNDING', 'REFUNDED')`,
    ),
  ],
)

/**
 * Money that arrived, by its id at the source (a Pix end-to-end id, a card charge's or boleto's
 * reference): applied to the charge's instalments, or going back to the payer. Inserting it is
 * what makes a notification idempotent: the same payment is applied once.
 */
export const receivedPayments = pgTable(
  'received_payments',
  {
    id: text('id').primaryKey(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => paymentCharges.id, { onDelete: 'cascade' }),
    method: text('method', { enum: chargeMethods }).notNull(),
    /** Cents. */
    amount: integer('amount').notNull(),
    receivedAt: moment('received_at').notNull(),
    /** True: it paid the instalments. False: nothing could take it; it is refunded. */
    applied: boolean('applied').notNull(),
    /** PENDING (to ask the gateway), DONE; null for an applied payment. */
    refundStatus: text('refund_status'),
    refundedAt: moment('refunded_at'),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** Told by e-mail and WhatsApp that the money goes back. */
    payerToldAt: moment('payer_told_at'),
  },
  (t) => [
    index('received_payments_charge_idx').on(t.chargeId),
    index('received_payments_refund_idx')
      .on(t.refundStatus)
      .where(sql`${t.refundStatus} = 'PENDING'`),
  ],
)

/**
 * What a gateway calls the things our references name (Stripe: a PaymentIntent per card charge
 * or boleto, a Customer per contract with a card on file). Written after the object is created
 * and before it can move money (a PaymentIntent is confirmed only afterwards), so a crash never
 * leaves money moved under a name we cannot look up (decision 016).
 */
export const gatewayObjects = pgTable('gateway_objects', {
  /** Ours: a charge id, `<charge id>-<n>` for a boleto, `customer:<contract id>`. */
  reference: text('reference').primaryKey(),
  gateway: text('gateway').notNull(),
  /** The gateway's id, e.g. pi_…, cus_… */
  objectId: text('object_id').notNull(),
  createdAt: moment('created_at').notNull().defaultNow(),
})

/** The card a contract's recurring payment is charged to (a gateway token, never the number). */
export const cardRecurrences = pgTable('card_recurrences', {
  id: id(),
  contractId: uuid('contract_id')
    .notNull()
    .unique()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  cardToken: text('card_token').notNull(),
  brand: text('brand').notNull(),
  lastFour: text('last_four').notNull(),
  updatedAt: updatedAt(),
})

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

/**
 * One row per login (the token's `sid`): "Sair" revokes it, so the token stops working at once
 * on this instance and within the session trust window (10 s) on the others.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    index('sessions_person_idx').on(t.personId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
)

/**
 * Passkeys (WebAuthn credentials, issue 17): one row per credential a person registered. The
 * public key and the signature counter check each login; name and device are what the person
 * sees in "Suas passkeys". Removing one never ends a session; removing the person removes them.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** The credential id as the browser sends it (base64url). */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    device: text('device').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
  },
  (t) => [index('passkeys_person_idx').on(t.personId)],
)

/**
 * WebAuthn challenges the server handed out, kept in the database so any instance can check
 * the answer: each is consumed once (DELETE … RETURNING) and lives for minutes. A registration
 * challenge names its person; a login one does not (the passkey says who).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    personId: uuid('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    expiresAt: moment('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    check('passkey_challenges_purpose_check', sql`${t.purpose} in ('register', 'login')`),
  ],
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
 * Idempotency keys of retryable writes (docs/design.md §5): the first answer to a key, replayed for a
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

/**
 * Every payment reminder sent, written before it goes out: the unique key (instalment, kind,
 * channel) is the claim, so of several passes (instances, restarts) only the one whose insert
 * landed sends. At most once: a crash between the claim and the delivery loses that reminder.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: id(),
    paymentOrderId: uuid('payment_order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: reminderKinds }).notNull(),
    channel: text('channel', { enum: reminderChannels }).notNull(),
    /** The day (São Paulo) of the pass that sent it. */
    passDay: day('pass_day').notNull(),
    /** The payment link the message carries (opens /pagamento). */
    linkCode: text('link_code'),
    sentAt: moment('sent_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reminder_sends_once_idx').on(t.paymentOrderId, t.kind, t.channel)],
)

/** A holder's reminder channels; no row means both on. */
export const reminderPreferences = pgTable('reminder_preferences', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  whatsapp: boolean('whatsapp').notNull().default(true),
  updatedAt: updatedAt(),
})

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/**
 * The provider's integration keys (decision 019): only a hash of each is kept, with its last 4
 * characters to tell them apart. A revoked key stays, so its id still names it in the logs.
 */
export const apiKeys = pgTable('api_keys', {
  id: id(),
  name: text('name').notNull(),
  /** sha256 (hex) of the whole key as sent: keys are 32 random bytes, so no slow hash is needed. */
  keyHash: text('key_hash').notNull().unique(),
  last4: text('last4').notNull(),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  createdAt: createdAt(),
  revokedAt: moment('revoked_at'),
  /** Updated at most once a minute per key, so a busy key does not write on every call. */
  lastUsedAt: moment('last_used_at'),
})

/**
 * `Idempotency-Key` of the integration API's POSTs (decision 019), per API key: claimed before
 * the work (which may call a gateway, so it cannot run in one transaction), answered after.
 * A claim without an answer is a call still running (409), taken over once `runningUntil` has
 * passed (a process that died mid-call); a failure (5xx) removes it, so the provider retries.
 */
export const integrationIdempotency = pgTable(
  'integration_idempotency',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of method, path and canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    runningUntil: moment('running_until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.key] }),
    index('integration_idempotency_created_idx').on(t.createdAt),
  ],
)

/**
 * What holders did, for the provider's own system (decision 019): written in the transaction of
 * the change it reports (a transactional outbox). The id never changes (it is the webhook-id of
 * every delivery and replay); `sequence` grows with every event, for receivers to drop a stale
 * one. Kept 30 days.
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    /** `msg_` and 32 hex digits. */
    id: text('id').primaryKey(),
    sequence: bigserial('sequence', { mode: 'number' }).notNull().unique(),
    type: text('type').notNull(),
    occurredAt: moment('occurred_at').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('integration_events_occurred_idx').on(t.occurredAt)],
)

export interface EndpointSecret {
  secret: string
  /** Null for the current secret; the previous one signs beside it until then. */
  expiresAt: string | null
}

/** The provider's webhook receivers (Standard Webhooks), each with its own `whsec_` secret. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull(),
  description: text('description'),
  /** The types it receives; null: all. */
  eventTypes: jsonb('event_types').$type<string[] | null>(),
  /** Told when the endpoint is disabled after failing for 5 days. */
  contactEmail: text('contact_email'),
  secrets: jsonb('secrets').$type<EndpointSecret[]>().notNull(),
  disabledAt: moment('disabled_at'),
  disabledReason: text('disabled_reason'),
  /** Since when every attempt failed; null after any success. */
  failingSince: moment('failing_since'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const deliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const

/**
 * One event to one endpoint: PENDING until a 2xx (DELIVERED) or the last retry (FAILED). A
 * sender claims it (FOR UPDATE SKIP LOCKED) by moving `next_attempt_at` past its send.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => integrationEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: deliveryStatuses }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: moment('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_idx').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId),
  ],
)
