import Dexie, { type EntityTable } from 'dexie'
import { queuedPaths } from '../../contract/api/queued-paths'
import type { Card } from '../../contract/cards'
import type { Contract, Dependent, Person } from '../../contract/contracts'
import type { PaymentOrder } from '../../contract/payments'
import type { QueuedInput, QueuedOperation } from '../../contract/queued'

/**
 * What the device last knew of a contract, and when it learnt it. `etag` names the server's
 * version of exactly this copy, for revalidation; a copy with a local change on top has none.
 */
export type StoredContract = Contract & { syncedAt: number; etag?: string }

/** Rows of later issues carry their contract id so one contract's data can be read at once. */
export type StoredRow<T> = T & { contractId: string; syncedAt: number }

/** A member card with its sanitized layouts: everything the gate needs, with no signal. */
export type StoredCard = StoredRow<Card> & { frontLayout: string | null; backLayout: string | null }

export type MetaRow = { key: string; value: unknown }

/** A paid instalment's receipt (PDF in base64), kept so it opens with no signal. */
export type StoredReceipt = {
  instalmentId: string
  contractId: string
  pdf: string
  syncedAt: number
}

/**
 * How a save that waits for the server shows on the device meanwhile (its 'pendente' look): a
 * patch of the contract read model, applied by contract-store.ts whenever a contract is stored
 * (from any screen, with no feature code loaded). Features make them (registration:
 * logic/apply-locally.ts).
 */
export type LocalChange = { holderPerson: Person } | { dependent: Dependent }

/**
 * What each queued write's form keeps with it, to open again as it was. Filled in by the
 * feature that owns the form, by declaration merging (as TanStack Router's `Register`):
 * `declare module '…/offline/db' { interface QueuedDrafts { saveHolder: PersonDraft } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: features add their drafts to it.
export interface QueuedDrafts {}
export type QueuedDraft<O extends QueuedOperation> = O extends keyof QueuedDrafts
  ? QueuedDrafts[O]
  : unknown

/**
 * A registration save the server has not accepted yet (docs/design.md §5). It keeps the request, so the
 * page can send it again with the same key, and the form's draft, so a refused save can be
 * corrected instead of lost.
 * - sending: on its way now (a page that died mid-send leaves it so: treated as pending);
 * - pending: kept for later ('pendente'): no connection, or the session ended meanwhile;
 * - refused: the server said no ('não enviado'), with its message.
 */
export type OutboxRow = {
  [O in QueuedOperation]: {
    key: string
    contractId: string
    /** Whose save it is (the token's subject): another person's login drops it. */
    personId: string | null
    /** Holder id, dependent id, or 'new:<key>' for a dependent the server does not know yet. */
    target: string
    /** Which queued write (contract/queued.ts), and its request body. */
    operation: O
    input: QueuedInput<O>
    /** What the form held, to open it again as it was. */
    draft: QueuedDraft<O>
    /** Shown on top of the server's copy of the contract while the save waits. */
    change: LocalChange
    state: 'sending' | 'pending' | 'refused'
    message: string | null
    createdAt: number
  }
}[QueuedOperation]

/**
 * The read model the UI renders from (docs/design.md §5). Query fetches, validates and writes here;
 * screens read with useLiveQuery, so they show what the device last knew, online or not.
 * Bump the version and add a new `stores` entry for every schema change; never edit an old one.
 */
export class PortalDatabase extends Dexie {
  contracts!: EntityTable<StoredContract, 'id'>
  cards!: EntityTable<StoredCard, 'id'>
  instalments!: EntityTable<StoredRow<PaymentOrder>, 'id'>
  documents!: EntityTable<StoredRow<{ id: string }>, 'id'>
  meta!: EntityTable<MetaRow, 'key'>
  outbox!: EntityTable<OutboxRow, 'key'>
  receipts!: EntityTable<StoredReceipt, 'instalmentId'>

  constructor(name = 'portal-titular') {
    super(name)
    this.version(1).stores({
      contracts: 'id',
      cards: 'id, contractId',
      instalments: 'id, contractId',
      documents: 'id, contractId',
      meta: 'key',
    })
    // The 'pendente' marks of version 1 lived in meta; their saves are still in the worker's
    // queue, whose outcome now finds no row: the next read of the contract tells the truth.
    this.version(2)
      .stores({ outbox: 'key, contractId' })
      .upgrade((tx) => tx.table('meta').where('key').startsWith('outbox:').delete())
    this.version(3).stores({ receipts: 'instalmentId, contractId' })
    // Rows name their write by operation id, not by path, and keep its input (contract/queued.ts).
    this.version(4)
      .stores({})
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((row: Record<string, unknown>) => {
            const operation = row.path === queuedPaths.addDependent ? 'addDependent' : 'saveHolder'
            row.operation = operation
            row.input = row.body
            delete row.path
            delete row.body
          }),
      )
  }

  /**
   * Logout: every personal row goes, the schema stays for the next person. When the session
   * only expired, saves still waiting stay for the same person's next login (`keepOutbox`).
   */
  async wipe({ keepOutbox = false } = {}) {
    const tables = this.tables.filter((table) => !(keepOutbox && table.name === 'outbox'))
    await this.transaction('rw', tables, () => Promise.all(tables.map((table) => table.clear())))
  }
}

export const db = new PortalDatabase()
