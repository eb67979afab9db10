/**
 * The payment-link screen's calls (spec §7 /checkout/*). Public: whoever has the link's code may
 * see and pay it (spec §6). Amounts are computed by the services; bodies are validated with the
 * shared schemas, and card numbers are refused (they go to the tokenizer only).
 */

import { Hono } from 'hono'
import {
  boletoRequest,
  cardPaymentRequest,
  type PaidLinkSummary,
  paymentLinkQuery,
  pixGenerateRequest,
  pixStatusQuery,
  pixVerifyRequest,
} from '../../contract/payments'
import { linkPixAutomaticoRequest } from '../../contract/pix-automatico'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { ApiError } from '../http/errors'
import { readJson, readQuery } from '../http/validate'
import { issueBoletos } from '../services/checkout-boleto'
import { type CheckoutDeps, payWithCard } from '../services/checkout-card'
import { generatePix, pixState, verifyPix } from '../services/checkout-pix'
import type { PaymentsDeps } from '../services/collections'
import {
  assertPayable,
  isCardSwap,
  paymentMessages,
  readLinkContext,
  toPaymentLinkData,
} from '../services/payment-links'
import { enrolRecurrence, readRecurrence, recurrenceMessages } from '../services/pix-recurrences'
import { receiptPdf } from '../services/receipt-pdf'
import { receiptOfLink } from '../services/receipts'
import { answerRead, maskedForLink } from './pix-automatico'

/** Personal data and live prices: never kept by a browser or proxy cache. */
const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** Nothing to offer when payments are off: every method is refused, none is shown. */
const noMethods = { pix: false, credit: false, recurrence: false, boleto_pix: false }

export function checkoutRoutes(deps: ServerDeps, payments: PaymentsDeps | undefined) {
  const withGateway = (): CheckoutDeps => {
    if (!payments) throw new ApiError(503, paymentMessages.gatewayUnavailable)
    return payments
  }

  const withPixAutomatico = (): PaymentsDeps => {
    if (!payments?.pix) throw new ApiError(503, recurrenceMessages.unavailable)
    return payments
  }
  /** The link's contract and holder, where the link offers recurrence (never a card swap). */
  const linkAllowingRecurrence = async (code: string, payable: boolean) => {
    const context = await readLinkContext(deps.db, code, payments?.live ?? noMethods)
    if (isCardSwap(context) || !context.settings.validPaymentTypes.recurrence)
      throw new ApiError(422, recurrenceMessages.notOnLink)
    if (payable) assertPayable(context, 410)
    return context
  }

  return (
    new Hono<AppEnv>()
      .get(at('getPaymentLink'), async (c) => {
        const { code } = readQuery(c, paymentLinkQuery)
        const context = await readLinkContext(deps.db, code, payments?.live ?? noMethods)
        if (!isCardSwap(context)) assertPayable(context, 410)
        const data = toPaymentLinkData(context, deps.now(), payments?.gateway?.cardEntry)
        return c.json(data, 200, NO_STORE)
      })
      .post(at('payByCard'), async (c) => {
        const input = await readJson(c, cardPaymentRequest)
        return c.json({ message: await payWithCard(withGateway(), input) }, 200, NO_STORE)
      })
      .post(at('generatePix'), async (c) => {
        const input = await readJson(c, pixGenerateRequest)
        return c.json(await generatePix(withGateway(), input), 200, NO_STORE)
      })
      // Beyond the spec: the receipt of a paid link, for whoever holds its code.
      .get(at('linkReceipt'), async (c) => {
        const { code } = readQuery(c, paymentLinkQuery)
        const pdf = await receiptPdf(
          await receiptOfLink(deps.db, code),
          deps.now(),
          deps.config.brand.productName,
        )
        return c.text(Buffer.from(pdf).toString('base64'), 200, NO_STORE)
      })
      // Beyond the spec: what a paid link paid (for /success), without the payer's personal data.
      .get(at('paidSummary'), async (c) => {
        const { code } = readQuery(c, paymentLinkQuery)
        const receipt = await receiptOfLink(deps.db, code)
        const summary: PaidLinkSummary = {
          instalments: receipt.instalments,
          total: receipt.total,
          method: receipt.method,
          paid_at: receipt.paidAt.toISOString(),
          ...(receipt.lateCharges ? { late_charges: receipt.lateCharges } : {}),
          ...(receipt.authentication !== '—' ? { authentication: receipt.authentication } : {}),
        }
        return c.json(summary, 200, NO_STORE)
      })
      // Beyond the spec: where the link's Pix stands, from our records (the open screen polls it).
      .get(at('pixStatus'), async (c) => {
        const { code, txid } = readQuery(c, pixStatusQuery)
        return c.json(await pixState(withGateway(), code, txid), 200, NO_STORE)
      })
      .post(at('verifyPix'), async (c) => {
        const input = await readJson(c, pixVerifyRequest)
        return c.json(await verifyPix(withGateway(), input), 200, NO_STORE)
      })
      .post(at('payByBoleto'), async (c) => {
        const input = await readJson(c, boletoRequest)
        return c.json(await issueBoletos(withGateway(), input), 200, NO_STORE)
      })
      // Beyond the spec: Pix Automático from the link, where it allows recurrence (decision 025).
      .post(at('enrolPixAutomaticoByLink'), async (c) => {
        const { code, via } = await readJson(c, linkPixAutomaticoRequest)
        const paying = withPixAutomatico()
        const { person, contract } = await linkAllowingRecurrence(code, true)
        // A QR unless asked otherwise: whoever pays a link is at a checkout, code in hand.
        const { created, view } = await enrolRecurrence(paying, person.id, contract.id, {
          via: via ?? 'QR',
        })
        return c.json(maskedForLink(view), created ? 201 : 200, NO_STORE)
      })
      // Read while the QR waits for the payer's bank: the link may be paid meanwhile (journey 3
      // pays what is due with the authorization), and the answer still comes.
      .get(at('getPixAutomaticoByLink'), async (c) => {
        const { code } = readQuery(c, paymentLinkQuery)
        const paying = withPixAutomatico()
        const { person, contract } = await linkAllowingRecurrence(code, false)
        const read = await readRecurrence(paying, person.id, contract.id)
        return answerRead(c, read.view ? { view: maskedForLink(read.view) } : read, NO_STORE)
      })
  )
}
