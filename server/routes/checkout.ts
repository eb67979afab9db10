/**
 * The payment-link screen's calls (spec §7 /checkout/*). Public: whoever has the link's code may
 * see and pay it (spec §6). Amounts are computed by the services; bodies are validated with the
 * shared schemas, and card numbers are refused (they go to the tokenizer only).
 */
import { Hono } from 'hono'
import {
  boletoRequest,
  cardPaymentRequest,
  paymentLinkQuery,
  pixGenerateRequest,
  pixVerifyRequest,
} from '../../src/api/schemas'
import { createPaymentGateway } from '../adapters/payment-gateway/index'
import type { AppEnv, ServerDeps } from '../deps'
import { ApiError } from '../http/errors'
import { readJson, readQuery } from '../http/validate'
import { issueBoletos } from '../services/checkout-boleto'
import { type CheckoutDeps, payWithCard } from '../services/checkout-card'
import { generatePix, verifyPix } from '../services/checkout-pix'
import {
  assertPayable,
  isCardSwap,
  paymentMessages,
  readLinkContext,
  toPaymentLinkData,
} from '../services/payment-links'

/** Personal data and live prices: never kept by a browser or proxy cache. */
const NO_STORE = { 'Cache-Control': 'private, no-store' }

export function checkoutRoutes(deps: ServerDeps) {
  const gateway = createPaymentGateway(deps)
  const withGateway = (): CheckoutDeps & ServerDeps => {
    if (!gateway) throw new ApiError(503, paymentMessages.gatewayUnavailable)
    return { ...deps, gateway }
  }

  return new Hono<AppEnv>()
    .get('/payment-link', async (c) => {
      const { code } = readQuery(c, paymentLinkQuery)
      const context = await readLinkContext(deps.db, code)
      if (!isCardSwap(context)) assertPayable(context, 410)
      return c.json(toPaymentLinkData(context, deps.now()), 200, NO_STORE)
    })
    .post('/payment-link', async (c) => {
      const input = await readJson(c, cardPaymentRequest)
      return c.json({ message: await payWithCard(withGateway(), input) }, 200, NO_STORE)
    })
    .post('/payment-link-pix', async (c) => {
      const input = await readJson(c, pixGenerateRequest)
      return c.json(await generatePix(withGateway(), input), 200, NO_STORE)
    })
    .post('/verify-link-pix', async (c) => {
      const input = await readJson(c, pixVerifyRequest)
      return c.json(await verifyPix(withGateway(), input), 200, NO_STORE)
    })
    .post('/pix-boleto', async (c) => {
      const input = await readJson(c, boletoRequest)
      return c.json({ message: await issueBoletos(withGateway(), input) }, 200, NO_STORE)
    })
}
