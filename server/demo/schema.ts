/**
 * The demo's own tables (issue 24): what the sandbox gateway and the sandbox bank keep on their
 * side, and the messages the demo "sends" for people and tests to read. They have their own
 * migrations (server/db/migrations/demo, `npm run db:generate:demo`), applied only in demo mode
 * after the product's, so a production database never has them; the product's migration 0012
 * drops them from a database made before.
 */
import {
  boolean,
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
const day = (name: string) => date(name, { mode: 'string' })

/**
 * Demo mode only: what the sandbox payment gateway keeps on its side. A card is kept as its
 * token and the parts a receipt shows (never the full number nor the CVV).
 */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  token: text('token').primaryKey(),
  companyId: text('company_id').notNull(),
  brand: text('brand').notNull(),
  firstSix: text('first_six').notNull(),
  lastFour: text('last_four').notNull(),
  holder: text('holder').notNull(),
  /** MM/YYYY */
  expiry: text('expiry').notNull(),
  /** What charging this card does: approve, or decline with a message. */
  declineMessage: text('decline_message'),
  createdAt: createdAt(),
})

/**
 * Sandbox card charges, one per reference: asking again answers the first outcome. A reference
 * voided before any charge came (the reconciler closing a charge that never reached the gateway)
 * is kept declined, so a late charge with it is refused too.
 */
export const sandboxCardCharges = pgTable('sandbox_card_charges', {
  reference: text('reference').primaryKey(),
  token: text('token').notNull(),
  amount: integer('amount').notNull(),
  installments: integer('installments').notNull(),
  approved: boolean('approved').notNull(),
  message: text('message'),
  refundedAt: moment('refunded_at'),
  createdAt: createdAt(),
})

/** Sandbox boletos by our reference: open until the payer's bank pays or we cancel them. */
export const sandboxBoletos = pgTable('sandbox_boletos', {
  reference: text('reference').primaryKey(),
  companyId: text('company_id').notNull(),
  amount: integer('amount').notNull(),
  dueDate: day('due_date').notNull(),
  digitableLine: text('digitable_line').notNull(),
  /** OPEN, PAID, CANCELLED */
  status: text('status').notNull(),
  paidAt: moment('paid_at'),
  refundedAt: moment('refunded_at'),
  createdAt: createdAt(),
})

/**
 * Demo mode only: the sandbox PSP's side of the API Pix (server/demo/routes/sandbox-pix-api.ts).
 * Cobranças imediatas by txid, as the bank keeps them.
 */
export const sandboxPixCobs = pgTable('sandbox_pix_cobs', {
  txid: text('txid').primaryKey(),
  revision: integer('revision').notNull().default(0),
  /** ATIVA, CONCLUIDA, REMOVIDA_PELO_USUARIO_RECEBEDOR, REMOVIDA_PELO_PSP */
  status: text('status').notNull(),
  chave: text('chave').notNull(),
  amount: integer('amount').notNull(),
  /** Seconds from creation (calendario.expiracao). */
  expiresIn: integer('expires_in').notNull(),
  payer: jsonb('payer').$type<{ cpf?: string; cnpj?: string; nome: string } | null>(),
  message: text('message'),
  createdAt: createdAt(),
})

/** Pix the sandbox bank received, by end-to-end id. */
export const sandboxPixReceived = pgTable(
  'sandbox_pix_received',
  {
    endToEndId: text('end_to_end_id').primaryKey(),
    txid: text('txid').notNull(),
    chave: text('chave').notNull(),
    amount: integer('amount').notNull(),
    paidAt: moment('paid_at').notNull(),
  },
  (t) => [index('sandbox_pix_received_txid_idx').on(t.txid)],
)

/** Devoluções the sandbox bank made, by (end-to-end id, our id). */
export const sandboxPixRefunds = pgTable(
  'sandbox_pix_refunds',
  {
    endToEndId: text('end_to_end_id').notNull(),
    id: text('id').notNull(),
    rtrId: text('rtr_id').notNull(),
    amount: integer('amount').notNull(),
    description: text('description'),
    status: text('status').notNull(),
    requestedAt: moment('requested_at').notNull(),
    settledAt: moment('settled_at'),
  },
  (t) => [primaryKey({ columns: [t.endToEndId, t.id] })],
)

/** Where the sandbox bank posts received Pix, per Pix key. */
export const sandboxPixWebhooks = pgTable('sandbox_pix_webhooks', {
  chave: text('chave').primaryKey(),
  url: text('url').notNull(),
  createdAt: createdAt(),
})

/**
 * The sandbox bank's Pix Automático and cobranças com vencimento (issue 29), each record kept as
 * the document's JSON the bank answers with: kind 'locrec', 'rec', 'solicrec', 'cobr', 'cobv',
 * 'webhookrec', 'webhookcobr'. `meta` holds what the bank knows beside it (a cobv's paid parts).
 */
export const sandboxPixRecords = pgTable(
  'sandbox_pix_records',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
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
    /** A payment reminder's kind (DUE_SOON, OVERDUE); null for codes and payment messages. */
    reminder: text('reminder'),
    /** The instalment a reminder is about. */
    instalmentId: uuid('instalment_id'),
  },
  (t) => [index('dev_outbox_sent_idx').on(t.sentAt)],
)
