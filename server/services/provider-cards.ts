/**
 * Member cards as the provider's integration API writes them (decision 019), with block and
 * unblock. A blocked card is not ACTIVE: the app stops showing it at its next sync and a new pass
 * is refused at the gate. A pass already on a phone that stays offline proves the card until it
 * expires (PASS_TTL, 7 days by default): the gate's check is offline by design.
 */
import { and, asc, eq, gt, ne } from 'drizzle-orm'
import type { CardUpsert, MemberCard } from '../../contract/integration'
import type { Database } from '../db/client'
import { cards, contracts, dependents, holders, persons } from '../db/schema'
import { ProblemError } from '../http/integration'
import { type Cursor, pageOf } from './cursor'
import {
  contractNamed,
  immutableField,
  isUniqueViolation,
  memberNamed,
  sameValues,
  type Upserted,
  upsertRetrying,
} from './upserts'

function rows(db: Database) {
  return db
    .select({
      card: cards,
      contractExternalId: contracts.externalId,
      memberExternalId: persons.externalId,
    })
    .from(cards)
    .innerJoin(contracts, eq(contracts.id, cards.contractId))
    .innerJoin(persons, eq(persons.id, cards.personId))
}

type Row = Awaited<ReturnType<ReturnType<typeof rows>['where']>>[number]

const toCard = ({ card, contractExternalId, memberExternalId }: Row): MemberCard => ({
  id: card.id,
  externalId: card.externalId,
  contractId: card.contractId,
  contractExternalId,
  memberId: card.personId,
  memberExternalId,
  code: card.code,
  status: card.status,
  expiresOn: card.expirationDate,
})

export const cardMessages = {
  notFound: 'Nenhuma carteirinha com este externalId.',
  notMember:
    'Esta pessoa não é titular nem dependente deste contrato: cadastre-a no contrato antes da carteirinha.',
  codeTaken: 'Este código já é de outra carteirinha.',
  notBlocked: 'Esta carteirinha não está bloqueada.',
} as const

export async function cardByExternalId(db: Database, externalId: string) {
  const [row] = await rows(db).where(eq(cards.externalId, externalId))
  return row ? toCard(row) : null
}

export async function listProviderCards(db: Database, cursor: Cursor | undefined, limit: number) {
  const found = await rows(db)
    .where(cursor ? gt(cards.id, cursor.after) : undefined)
    .orderBy(asc(cards.id))
    .limit(limit + 1)
  return pageOf(found.map(toCard), limit, (item) => item.id)
}

const codeTaken = () =>
  new ProblemError(422, cardMessages.codeTaken, [
    { path: 'body.code', code: 'taken', message: cardMessages.codeTaken },
  ])

/** Is the person the contract's holder or one of its dependents? */
async function belongsTo(tx: Database, contractId: string, personId: string) {
  const [holder] = await tx
    .select({ id: holders.id })
    .from(holders)
    .where(and(eq(holders.contractId, contractId), eq(holders.personId, personId)))
  if (holder) return true
  const [dependent] = await tx
    .select({ id: dependents.id })
    .from(dependents)
    .where(and(eq(dependents.contractId, contractId), eq(dependents.personId, personId)))
  return dependent !== undefined
}

/** Creates or updates the card the provider knows as `externalId`. */
export function upsertCard(
  db: Database,
  externalId: string,
  input: CardUpsert,
  now: Date,
): Promise<Upserted<MemberCard>> {
  return upsertRetrying(() =>
    db.transaction(async (tx): Promise<Upserted<MemberCard> | 'lost'> => {
      const contract = await contractNamed(tx, input.contractExternalId)
      const person = await memberNamed(tx, input.memberExternalId)
      if (!(await belongsTo(tx, contract.id, person.id)))
        throw new ProblemError(422, cardMessages.notMember, [
          { path: 'body.memberExternalId', code: 'not_member', message: cardMessages.notMember },
        ])
      const values = {
        personId: person.id,
        code: input.code,
        status: input.status,
        expirationDate: input.expiresOn,
      }
      const read = async () => {
        const item = await cardByExternalId(tx, externalId)
        if (!item) throw new Error('carteirinha gravada e não lida')
        return item
      }
      const [taken] = await tx
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.code, input.code), ne(cards.externalId, externalId)))
      if (taken) throw codeTaken()
      const [stored] = await tx
        .select()
        .from(cards)
        .where(eq(cards.externalId, externalId))
        .for('update')
      if (stored) {
        if (stored.contractId !== contract.id)
          throw immutableField(
            'contractExternalId',
            'Uma carteirinha não muda de contrato: crie outra no contrato novo.',
          )
        if (sameValues(stored, values)) return { outcome: 'unchanged', item: await read() }
        await tx.update(cards).set(values).where(eq(cards.id, stored.id)).catch(rethrowCode)
        return { outcome: 'updated', item: await read() }
      }
      const [created] = await tx
        .insert(cards)
        .values({ ...values, externalId, contractId: contract.id, createdAt: now })
        .onConflictDoNothing({ target: cards.externalId })
        .returning({ id: cards.id })
        .catch(rethrowCode)
      if (!created) return 'lost'
      return { outcome: 'created', item: await read() }
    }),
  )
}

function rethrowCode(error: unknown): never {
  if (isUniqueViolation(error, 'cards_code_unique')) throw codeTaken()
  throw error
}

/** Blocks (BLOCKED) or unblocks (ACTIVE) a card; doing it twice changes nothing. */
export async function setCardBlocked(db: Database, externalId: string, blocked: boolean) {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(cards)
      .where(eq(cards.externalId, externalId))
      .for('update')
    if (!stored) throw new ProblemError(404, cardMessages.notFound)
    const next = blocked ? 'BLOCKED' : 'ACTIVE'
    if (!blocked && stored.status !== 'BLOCKED' && stored.status !== 'ACTIVE')
      throw new ProblemError(409, cardMessages.notBlocked)
    if (stored.status !== next)
      await tx.update(cards).set({ status: next }).where(eq(cards.id, stored.id))
    const item = await cardByExternalId(tx, externalId)
    if (!item) throw new Error('carteirinha gravada e não lida')
    return item
  })
}
