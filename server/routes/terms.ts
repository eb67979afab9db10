/**
 * Contract terms (spec §7): the signed adhesion term as a base64 PDF, the purchase terms as HTML,
 * and accepting them. Only the holder's own contracts; anything else answers 404.
 */

import { Hono } from 'hono'
import { acceptTermRequest, termContractQuery } from '../../contract/contracts'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { ApiError } from '../http/errors'
import { idOrNotFound, readOptionalJson, readQuery } from '../http/validate'
import { contractMessages, findHolderContract } from '../services/contracts'
import { renderPurchaseTermsHtml, termHtmlPolicy } from '../services/term-html'
import { renderAdhesionTermPdf } from '../services/term-pdf'
import { acceptTerms, termDocument, termMessages, termPrice } from '../services/terms'

/** Personal documents: never kept by a browser or proxy cache. */
const PRIVATE = 'private, no-store'

export function termRoutes(deps: ServerDeps) {
  async function ownContract(personId: string, rawId: string | undefined) {
    const id = idOrNotFound(rawId, contractMessages.notFound)
    const found = await findHolderContract(deps.db, personId, id)
    if (!found) throw new ApiError(404, contractMessages.notFound)
    return found
  }

  return new Hono<AppEnv>()
    .get(at('adhesionTerm'), async (c) => {
      const found = await ownContract(c.get('personId'), c.req.param('id'))
      const now = deps.now()
      const price = await termPrice(deps.db, found.contract.id)
      const pdf = await renderAdhesionTermPdf(
        termDocument(found, now, deps.config.brand, price),
        now,
      )
      return c.text(Buffer.from(pdf).toString('base64'), 200, { 'Cache-Control': PRIVATE })
    })
    .get(at('getTerms'), async (c) => {
      const { id } = readQuery(c, termContractQuery)
      const found = await ownContract(c.get('personId'), id)
      const price = await termPrice(deps.db, found.contract.id)
      return c.html(
        renderPurchaseTermsHtml(termDocument(found, deps.now(), deps.config.brand, price)),
        200,
        {
          'Cache-Control': PRIVATE,
          'Content-Security-Policy': termHtmlPolicy(deps.config.brand.colors.primary),
        },
      )
    })
    .post(at('acceptTerms'), async (c) => {
      await readOptionalJson(c, acceptTermRequest)
      const id = idOrNotFound(c.req.param('contractId'), contractMessages.notFound)
      if (!(await acceptTerms(deps.db, c.get('personId'), id, deps.now()))) {
        throw new ApiError(404, contractMessages.notFound)
      }
      return c.json({ message: termMessages.accepted })
    })
}
