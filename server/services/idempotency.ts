/**
 * The idempotency keys' store in PostgreSQL (docs/design.md §5). The key is claimed with an atomic
 * upsert inside the write's own transaction, after locking the person's row, so a person's saves
 * run one at a time and concurrent duplicates then replay the first answer; nothing is ever
 * checked first and inserted later.
 */
import { and, eq, lt } from 'drizzle-orm'
import type { Database } from '../db/client'
import { idempotencyKeys, persons } from '../db/schema'
import {
  type Answer,
  expiredBefore,
  type IdempotentRequest,
  type KeyStore,
  runIdempotent,
  type SentAnswer,
} from './idempotency-rules'

export type { Answer, SentAnswer }

const keyOf = (request: IdempotentRequest) =>
  and(eq(idempotencyKeys.personId, request.personId), eq(idempotencyKeys.key, request.key))

function databaseKeys(db: Database): KeyStore<Database> {
  return {
    transaction: (work) => db.transaction(work),
    savepoint: (tx, work) => tx.transaction(work),
    async claim(tx, request) {
      // The person's row first, before anything else locks: the key's row refers to it (so its
      // insert takes a share lock on it) and the saves then lock it for update. Two saves that
      // each took the share lock would wait on each other for ever (deadlock on PostgreSQL);
      // taken first, the person's lock makes a person's saves run one after the other.
      await tx
        .select({ id: persons.id })
        .from(persons)
        .where(eq(persons.id, request.personId))
        .for('update')
      // A new key, or the takeover of an expired one; a live key is left as it is.
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({
          personId: request.personId,
          key: request.key,
          requestHash: request.requestHash,
          createdAt: request.now,
        })
        .onConflictDoUpdate({
          target: [idempotencyKeys.personId, idempotencyKeys.key],
          set: {
            requestHash: request.requestHash,
            responseStatus: null,
            responseBody: null,
            createdAt: request.now,
          },
          setWhere: lt(idempotencyKeys.createdAt, expiredBefore(request.now)),
        })
        .returning({ key: idempotencyKeys.key })
      return claimed.length > 0
    },
    async stored(tx, request) {
      const [row] = await tx
        .select({
          requestHash: idempotencyKeys.requestHash,
          status: idempotencyKeys.responseStatus,
          body: idempotencyKeys.responseBody,
        })
        .from(idempotencyKeys)
        .where(keyOf(request))
      // The claim and its answer commit together, so a committed key always has its answer.
      if (!row || row.status === null || row.body === null) {
        throw new Error(`chave de idempotência sem resposta: ${request.key}`)
      }
      return { requestHash: row.requestHash, status: row.status, body: row.body }
    },
    async store(tx, request, answer) {
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: answer.status, responseBody: answer.body })
        .where(keyOf(request))
    },
  }
}

/** Runs `write` once per (person, key) in one transaction; a repeat gets the first answer. */
export const runIdempotentWrite = (
  db: Database,
  request: IdempotentRequest,
  write: (tx: Database) => Promise<Answer>,
): Promise<SentAnswer> => runIdempotent(databaseKeys(db), request, write)

/** Expired keys are removed now and then; the claim already ignores them. */
export async function deleteExpiredKeys(db: Database, now: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiredBefore(now)))
}
