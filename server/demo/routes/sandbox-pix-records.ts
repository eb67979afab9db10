/**
 * Demo mode only: what the sandbox PSP's Pix Automático and cobv routes share with the rest of
 * it (sandbox-pix-api.ts), and its records, each kept as the JSON the document answers with.
 */
import { and, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { fromValor } from '../../adapters/pix-api/schemas'
import type { Database } from '../../db/client'
import type { AppEnv } from '../../deps'
import { sandboxPixReceived, sandboxPixRecords } from '../schema'
import type { SandboxDeps } from './sandbox-pix-api'

export interface SandboxContext extends SandboxDeps {
  /** The route's OAuth2 scope check. */
  scoped: (
    scope: string,
  ) => (c: Context<AppEnv>, next: () => Promise<void>) => Promise<Response | undefined>
  /** The request's JSON body, or undefined when it is none a database could keep. */
  body: (c: Context) => Promise<unknown>
  /** Posts `body` to `{webhookUrl}/{what}`, signed, with a few tries. */
  postSigned: (webhookUrl: string, what: string, body: unknown) => Promise<void>
  /** Posts received Pix to the key's webhook (`/pix`). */
  notifyPix: (chave: string, body: unknown) => Promise<void>
  payCob: (txid: string) => Promise<{ status: 'PAID'; endToEndId: string } | string>
  /** The location of a cob (for the QR of journey 3), undefined when there is no such cob. */
  cobLocation: (txid: string) => Promise<string | undefined>
}

export type Kind = 'locrec' | 'rec' | 'solicrec' | 'cobr' | 'cobv' | 'webhookrec' | 'webhookcobr'
export type Json = Record<string, unknown>
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>

/** A record and its meta, locked for the transaction when `lock`. */
export async function readRecord<T = Json>(db: Executor, kind: Kind, id: string, lock = false) {
  const query = db
    .select()
    .from(sandboxPixRecords)
    .where(and(eq(sandboxPixRecords.kind, kind), eq(sandboxPixRecords.id, id)))
  const [row] = lock ? await query.for('update') : await query
  return row ? { body: row.body as T, meta: row.meta ?? {} } : null
}

/** Writes a record; false when `create` and one of that id exists. */
export async function writeRecord(
  db: Executor,
  kind: Kind,
  id: string,
  body: object,
  { create = false, meta }: { create?: boolean; meta?: Json } = {},
) {
  if (create) {
    const inserted = await db
      .insert(sandboxPixRecords)
      .values({ kind, id, body: body as Json, meta: meta ?? null })
      .onConflictDoNothing()
      .returning()
    return inserted.length > 0
  }
  await db
    .update(sandboxPixRecords)
    .set({ body: body as Json, ...(meta ? { meta } : {}) })
    .where(and(eq(sandboxPixRecords.kind, kind), eq(sandboxPixRecords.id, id)))
  return true
}

export async function removeRecord(db: Executor, kind: Kind, id: string) {
  await db
    .delete(sandboxPixRecords)
    .where(and(eq(sandboxPixRecords.kind, kind), eq(sandboxPixRecords.id, id)))
}

/** A Pix the bank received for a charge, kept where GET /pix/{e2eid} and devolução find it. */
export async function recordReceived(
  db: Executor,
  pix: { endToEndId: string; txid: string; valor: string; horario: string } | undefined,
  chave: string,
) {
  if (!pix) return
  await db.insert(sandboxPixReceived).values({
    endToEndId: pix.endToEndId,
    txid: pix.txid,
    chave,
    amount: fromValor(pix.valor),
    paidAt: new Date(pix.horario),
  })
}

export async function recordsOf<T = Json>(db: Executor, kind: Kind) {
  const rows = await db.select().from(sandboxPixRecords).where(eq(sandboxPixRecords.kind, kind))
  return rows.map((row) => row.body as T)
}

/** The bank's day: São Paulo's date (UTC−3, no daylight saving since 2019). */
export const bankDay = (now: Date) =>
  new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 10)

/** 11 letters and digits: the tail of an idRec, idSolicRec or endToEndId. */
export const sequence = () =>
  Array.from(
    crypto.getRandomValues(new Uint8Array(11)),
    (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36],
  ).join('')
