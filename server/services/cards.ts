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

/** The contract's status and end when this person holds it; undefined for anyone else's. */
async function heldContract(db: Database, personId: string, contractId: string) {
  const [row] = await db
    .select({ status: contracts.status, expiration: contracts.expiration })
    .from(contracts)
    .innerJoin(holders, eq(holders.contractId, contracts.id))
    .where(and(eq(contracts.id, contractId), eq(holders.personId, personId)))
  return row
}

/**
 * The day a card is valid until, as every screen and the signed pass show it: its own date, or the
 * contract's end when that comes first (a card never outlives its contract). The contract's end is
 * a moment; its day is taken as the app shows contract dates (the ISO date part).
 */
export function cardValidUntil(cardDay: string | null, contractEnds: Date | null): string | null {
  if (!contractEnds) return cardDay
  const contractDay = contractEnds.toISOString().slice(0, 10)
  return cardDay === null || contractDay < cardDay ? contractDay : cardDay
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
  const contract = await heldContract(db, personId, contractId)
  if (contract === undefined) return undefined
  const contractStatus = contract.status

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
      const validUntil = cardValidUntil(card.expirationDate, contract.expiration)
      const pass = await signPass(
        listing.keys,
        {
          code: card.code,
          name,
          cardStatus: card.status,
          contractStatus,
          cardExpires: validUntil,
        },
        listing.now,
        listing.passTtlSeconds,
      )
      return {
        id: card.id,
        status: card.status,
        code: card.code,
        expiration_date: validUntil,
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
      contractEnds: contracts.expiration,
      contractStatus: contracts.status,
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
    contractStatus: row.contractStatus,
    expirationDate: cardValidUntil(row.expirationDate, row.contractEnds),
    personName: fullName(row),
    photoBase64: row.imageBase64,
    holderName: fullName({ firstName: row.holderFirstName, lastName: row.holderLastName }),
    contractNumber: row.contractNumber,
    serie: row.serie,
    modelName: row.modelName,
    layout: row.layout,
  }
}
