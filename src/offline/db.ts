import Dexie, { type EntityTable } from 'dexie'
import type { Card, Contract, PaymentOrder } from '../api/schemas'

/** What the device last knew of a contract, and when it learnt it. */
export type StoredContract = Contract & { syncedAt: number }

/** Rows of later issues carry their contract id so one contract's data can be read at once. */
export type StoredRow<T> = T & { contractId: string; syncedAt: number }

/** A member card with its sanitized layouts: everything the gate needs, with no signal. */
export type StoredCard = StoredRow<Card> & { frontLayout: string | null; backLayout: string | null }

export type MetaRow = { key: string; value: unknown }

/**
 * The read model the UI renders from (DESIGN §5). Query fetches, validates and writes here;
 * screens read with useLiveQuery, so they show what the device last knew, online or not.
 * Bump the version and add a new `stores` entry for every schema change; never edit an old one.
 */
export class PortalDatabase extends Dexie {
  contracts!: EntityTable<StoredContract, 'id'>
  cards!: EntityTable<StoredCard, 'id'>
  instalments!: EntityTable<StoredRow<PaymentOrder>, 'id'>
  documents!: EntityTable<StoredRow<{ id: string }>, 'id'>
  meta!: EntityTable<MetaRow, 'key'>

  constructor(name = 'portal-titular') {
    super(name)
    this.version(1).stores({
      contracts: 'id',
      cards: 'id, contractId',
      instalments: 'id, contractId',
      documents: 'id, contractId',
      meta: 'key',
    })
  }

  /** Logout: every personal row goes, the schema stays for the next person. */
  async wipe() {
    await this.transaction('rw', this.tables, () =>
      Promise.all(this.tables.map((table) => table.clear())),
    )
  }
}

export const db = new PortalDatabase()
