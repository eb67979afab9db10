/**
 * A holder's instalments and the payment links made from them (spec §7 payment-orders and
 * send-payment-link); only the holder's own contracts, anything else answers 404.
 */

import { Hono } from 'hono'
import { sendPaymentLinkQuery } from '../../contract/payments'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { ApiError } from '../http/errors'
import { idOrNotFound, readQuery } from '../http/validate'
import { answerCacheOf, etagOf, sendVersioned } from '../http/versioned'
import { contractVersion } from '../services/contract-versions'
import { contractMessages } from '../services/contracts'
import { todayInSaoPaulo } from '../services/payment-amounts'
import { createPaymentLink, paymentLinkUrl } from '../services/payment-links'
import { listHolderInstalments } from '../services/payment-orders'
import { receiptPdf } from '../services/receipt-pdf'
import { receiptMessages, receiptOfInstalment } from '../services/receipts'

const PRIVATE = 'private, no-store'

export function paymentRoutes(deps: ServerDeps) {
  return (
    new Hono<AppEnv>()
      // Versioned like the contract read; the day is part of the version, because an unpaid
      // instalment turns OVERDUE (and its delay grows) with the date alone.
      .get(at('listInstalments'), async (c) => {
        const id = idOrNotFound(c.req.param('id'), contractMessages.notFound)
        const personId = c.get('personId')
        const now = deps.now()
        const version = await contractVersion(deps.db, personId, id)
        if (version === undefined) throw new ApiError(404, contractMessages.notFound)
        const tag = etagOf('payment-orders', id, version, todayInSaoPaulo(now))
        return sendVersioned(c, answerCacheOf(deps), tag, async () => {
          const instalments = await listHolderInstalments(deps.db, personId, id, now)
          if (!instalments) throw new ApiError(404, contractMessages.notFound)
          return instalments
        })
      })
      // Beyond the spec: a paid instalment's receipt, a PDF in base64 like view-contract's.
      .get(at('instalmentReceipt'), async (c) => {
        const id = idOrNotFound(c.req.param('id'), receiptMessages.notFound)
        const receipt = await receiptOfInstalment(deps.db, c.get('personId'), id)
        const pdf = await receiptPdf(receipt, deps.now(), deps.config.brand.productName)
        return c.text(Buffer.from(pdf).toString('base64'), 200, { 'Cache-Control': PRIVATE })
      })
      .get(at('sendPaymentLink'), async (c) => {
        const { ids } = readQuery(c, sendPaymentLinkQuery)
        const code = await createPaymentLink(deps.db, {
          personId: c.get('personId'),
          ids,
          now: deps.now(),
        })
        // Never the Host header: whoever sends it would choose where the app goes to pay.
        return c.json(paymentLinkUrl(deps.config, code), 200, {
          'Cache-Control': PRIVATE,
        })
      })
  )
}
