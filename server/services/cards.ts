/**
 * Member cards of a holder's contracts (spec §3 Card, §7 rql/cards and card-visualize). Only the
 * holder of the contract reaches its cards; every status is listed (the app shows ACTIVE ones).
 */
import { type AnyColumn, and, asc, desc, eq, type SQLWrapper, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Card, CardsRequest, CardsResponse } from '../../contract/cards'
import type { Database } from '../db/client'
import { cards, contracts, holders, modelContracts, persons } from '../db/schema'
import type { CardSheet } from './card-layout'
import { fullName } from './mappers'
import { type PassKeys, signPass } from './passes'

export const cardMessages = {
  notFound: 'Carteirinha não encontrada.',
} as const

/** The full name as `fullName` builds it, lower-cased so capitals do not change the order. */
const personName = sql`lower(trim(${persons.firstName} || ' ' || ${persons.lastName}))`

const sortColumns: Record<CardsRequest['sort'][number]['field'], AnyColumn | SQLWrapper> = {
  code: cards.code,
  expiration_date: cards.expirationDate,
  name: personName,
  created_at: cards.createdAt,
}

/** The contract's status when this person holds it; undefined for anyone else's contract. */
async function heldContractStatus(db: Database, personId: string, contractId: string) {
  const [row] = await db
    .select({ status: contracts.status })
    .from(contracts)
    .innerJoin(holders, eq(holders.contractId, contracts.id))
    .where(and(eq(contracts.id, contractId), eq(holders.personId, personId)))
  return row?.status
}

export interface CardListing {
  personId: string
  contractId: string
  request: CardsRequest
  keys: PassKeys
  now: Date
  passTtlSeconds: number
}

/**
 * One page of the contract's cards, each with a fresh signed pass; undefined when the contract is
 * not this holder's. Without a requested order the holder's own card comes first, then by name.
 */
export async function listContractCards(
  db: Database,
  listing: CardListing,
): Promise<CardsResponse | undefined> {
  const { personId, contractId, request } = listing
  const contractStatus = await heldContractStatus(db, personId, contractId)
  if (contractStatus === undefined) return undefined

  const order =
    request.sort.length > 0
      ? request.sort.map(({ field, direction }) =>
          direction === 'desc' ? desc(sortColumns[field]) : asc(sortColumns[field]),
        )
      : [desc(sql`${cards.personId} = ${personId}`), asc(personName)]
  const inContract = eq(cards.contractId, contractId)
  const rows = await db
    .select({
      card: cards,
      firstName: persons.firstName,
      lastName: persons.lastName,
      imageBase64: persons.imageBase64,
    })
    .from(cards)
    .innerJoin(persons, eq(persons.id, cards.personId))
    .where(inContract)
    // The id last, so pages never overlap or skip a card when sort keys tie.
    .orderBy(...order, asc(cards.id))
    .limit(request.limit)
    .offset(request.offset)
  const total = await db.$count(cards, inContract)

  const cardList = await Promise.all(
    rows.map(async ({ card, imageBase64, ...person }): Promise<Card> => {
      const name = fullName(person)
      const pass = await signPass(
        listing.keys,
        {
          code: card.code,
          name,
          cardStatus: card.status,
          contractStatus,
          cardExpires: card.expirationDate,
        },
        listing.now,
        listing.passTtlSeconds,
      )
      return {
        id: card.id,
        status: card.status,
        code: card.code,
        expiration_date: card.expirationDate,
        person: { name },
        image: imageBase64 ? { base_64: imageBase64 } : null,
        pass,
      }
    }),
  )
  return { cards: cardList, total }
}

const holderPerson = alias(persons, 'holder_person')

/** What the card template shows, for a card of one of this holder's contracts. */
export async function findHolderCardSheet(
  db: Database,
  personId: string,
  cardId: string,
): Promise<CardSheet | undefined> {
  const [row] = await db
    .select({
      code: cards.code,
      status: cards.status,
      expirationDate: cards.expirationDate,
      firstName: persons.firstName,
      lastName: persons.lastName,
      imageBase64: persons.imageBase64,
      holderFirstName: holderPerson.firstName,
      holderLastName: holderPerson.lastName,
      contractNumber: contracts.contractNumber,
      serie: contracts.serie,
      modelName: modelContracts.name,
      layout: modelContracts.cardLayout,
    })
    .from(cards)
    .innerJoin(persons, eq(persons.id, cards.personId))
    .innerJoin(contracts, eq(contracts.id, cards.contractId))
    .innerJoin(holders, eq(holders.contractId, contracts.id))
    .innerJoin(holderPerson, eq(holderPerson.id, holders.personId))
    .innerJoin(modelContracts, eq(modelContracts.id, contracts.modelContractId))
    .where(and(eq(cards.id, cardId), eq(holders.personId, personId)))
  if (!row) return undefined
  return {
    code: row.code,
    status: row.status,
    expirationDate: row.expirationDate,
    personName: fullName(row),
    photoBase64: row.imageBase64,
    holderName: fullName({ firstName: row.holderFirstName, lastName: row.holderLastName }),
    contractNumber: row.contractNumber,
    serie: row.serie,
    modelName: row.modelName,
    layout: row.layout,
  }
}
