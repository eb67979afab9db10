import { queryOptions, useQuery } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { cardLayouts, listCards } from '../../../../contract/api/cards'
import type { Card } from '../../../../contract/cards'
import { call } from '../../../api/call'
import { sanitizeCardLayout } from '../../../lib/sanitize'
import { db, type StoredCard } from '../../../offline/db'
import { useOnline } from '../../../ui/use-online'

/** Spec §9: the card list is read in pages of 10. */
export const cardPageSize = 10

export const cardKeys = {
  all: ['cards'] as const,
  contract: (contractId: string) => [...cardKeys.all, 'contract', contractId] as const,
}

async function fetchAllCards(contractId: string) {
  const cards: Card[] = []
  for (let offset = 0; ; offset += cardPageSize) {
    const page = await call(listCards, {
      body: { sort: [], offset, limit: cardPageSize, filter: { contract_id: contractId } },
    })
    cards.push(...page.cards)
    const total = page.total ?? cards.length
    if (page.cards.length < cardPageSize || cards.length >= total) return cards
  }
}

/** Layouts are untrusted markup: sanitized here, before they are stored or shown. */
async function fetchLayouts(cardId: string) {
  const layouts = await call(cardLayouts, { params: { cardId } })
  return {
    frontLayout: sanitizeCardLayout(layouts.frontLayout),
    backLayout: sanitizeCardLayout(layouts.backLayout),
  }
}

/**
 * Syncs a contract's cards into the device: the list (with fresh signed passes) and the layouts
 * of the active ones, so the gate works with no signal. A layout that fails to load keeps the
 * copy the device already had.
 */
export const cardsQueryOptions = (contractId: string) =>
  queryOptions({
    queryKey: cardKeys.contract(contractId),
    queryFn: async () => {
      const cards = await fetchAllCards(contractId)
      const known = new Map(
        (await db.cards.where('contractId').equals(contractId).toArray()).map((c) => [c.id, c]),
      )
      const syncedAt = Date.now()
      const rows: StoredCard[] = await Promise.all(
        cards.map(async (card) => {
          const before = known.get(card.id)
          const layouts =
            card.status === 'ACTIVE' ? await fetchLayouts(card.id).catch(() => null) : null
          return {
            ...card,
            contractId,
            syncedAt,
            frontLayout: layouts?.frontLayout ?? before?.frontLayout ?? null,
            backLayout: layouts?.backLayout ?? before?.backLayout ?? null,
          }
        }),
      )
      await db.transaction('rw', db.cards, async () => {
        await db.cards.where('contractId').equals(contractId).delete()
        await db.cards.bulkPut(rows)
      })
      return { syncedAt, active: rows.filter((row) => row.status === 'ACTIVE').length }
    },
    // Passes are refreshed whenever the app is online and the screen is looked at again.
    staleTime: 60_000,
  })

/** The contract's active cards as the device knows them (spec §4: only ACTIVE cards show). */
export const readActiveCards = (contractId: string) =>
  db.cards
    .where('contractId')
    .equals(contractId)
    .filter((card) => card.status === 'ACTIVE')
    .toArray()

/**
 * `initial` is what the route loader already read from the device, so the very first frame
 * shows the cards (at a gate, every frame counts) instead of an empty list.
 */
export function useMemberCards(contractId: string, initial?: StoredCard[]) {
  const query = useQuery(cardsQueryOptions(contractId))
  const cards = useLiveQuery(() => readActiveCards(contractId), [contractId], initial)
  // An empty device copy means "no cards" only offline (the last thing the device knew) or once
  // the server said so; right after login it would otherwise flash 'Nenhuma carteirinha'.
  const online = useOnline()
  const empty = cards?.length === 0
  const known = !empty || !online || query.data?.active === 0 || query.isError
  return { cards: known ? cards : undefined, syncing: query.isFetching, error: query.error }
}
