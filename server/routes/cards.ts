/**
 * Member cards (spec §7): a contract's cards with their signed passes, and a card's front and
 * back layouts; only the holder's own contracts. The passes' public key is published separately.
 */

import { Hono } from 'hono'
import { cardsRequest } from '../../contract/cards'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { ApiError } from '../http/errors'
import { idOrNotFound, readJson } from '../http/validate'
import { cardLook, renderCardLayouts } from '../services/card-layout'
import { cardMessages, findHolderCardSheet, listContractCards } from '../services/cards'
import { contractMessages } from '../services/contracts'
import { passKeysOf, publicJwks } from '../services/passes'

/** Personal data and a live pass: never kept by a browser or proxy cache. */
const PRIVATE = 'private, no-store'

export function cardRoutes(deps: ServerDeps) {
  const passKeys = passKeysOf(deps.db)
  const look = cardLook(deps.config)

  return new Hono<AppEnv>()
    .post(at('listCards'), async (c) => {
      const request = await readJson(c, cardsRequest)
      const contractId = idOrNotFound(request.filter.contract_id, contractMessages.notFound)
      const page = await listContractCards(deps.db, {
        personId: c.get('personId'),
        contractId,
        request,
        keys: await passKeys(),
        now: deps.now(),
        passTtlSeconds: deps.config.passTtlSeconds,
      })
      if (!page) throw new ApiError(404, contractMessages.notFound)
      return c.json(page, 200, { 'Cache-Control': PRIVATE })
    })
    .get(at('cardLayouts'), async (c) => {
      const cardId = idOrNotFound(c.req.param('cardId'), cardMessages.notFound)
      const sheet = await findHolderCardSheet(deps.db, c.get('personId'), cardId)
      if (!sheet) throw new ApiError(404, cardMessages.notFound)
      return c.json(renderCardLayouts(sheet, look), 200, { 'Cache-Control': PRIVATE })
    })
}

/** Public: the gate fetches the key that verifies passes, then works offline with it. */
export function passKeyRoutes(deps: ServerDeps) {
  const passKeys = passKeysOf(deps.db)
  return new Hono<AppEnv>().get(at('cardKeys'), async (c) =>
    c.json(publicJwks(await passKeys()), 200, { 'Cache-Control': 'public, max-age=3600' }),
  )
}
