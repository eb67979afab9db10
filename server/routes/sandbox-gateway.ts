/**
 * Demo mode only (mounted at /sandbox): the payment provider's side of DESIGN.md §4. The card
 * tokenizer the browser calls (VITE_GATEWAY_URL, /v1/token with header CompanyId) and the button
 * a bank would press to pay a generated Pix.
 */
import { Hono } from 'hono'
import { cardTokenRequest } from '../../src/api/schemas'
import { createSandboxGateway } from '../adapters/payment-gateway/sandbox'
import type { AppEnv, ServerDeps } from '../deps'
import { ApiError } from '../http/errors'
import { readJson } from '../http/validate'

export const sandboxGatewayMessages = {
  companyId: 'Informe o cabeçalho CompanyId.',
  expired: 'Cartão vencido.',
  pixNotFound: 'Pix não encontrado.',
  pixExpired: 'Pix expirado.',
} as const

export function sandboxGatewayRoutes(deps: ServerDeps) {
  const gateway = createSandboxGateway(deps.db, deps.now)
  return new Hono<AppEnv>()
    .post('/gateway/v1/token', async (c) => {
      const companyId = c.req.header('companyid')?.trim()
      if (!companyId || companyId.length > 100) {
        throw new ApiError(401, sandboxGatewayMessages.companyId)
      }
      const input = await readJson(c, cardTokenRequest)
      const tokenized = await gateway.tokenize(companyId, input)
      if (!tokenized) throw new ApiError(400, sandboxGatewayMessages.expired)
      return c.json(tokenized, 200, { 'Cache-Control': 'no-store' })
    })
    .post('/pix/:txid/pay', async (c) => {
      // A Pix txid is 1 to 35 letters and digits; anything else names no Pix.
      const txid = c.req.param('txid')
      if (!/^[A-Za-z0-9]{1,35}$/.test(txid))
        throw new ApiError(404, sandboxGatewayMessages.pixNotFound)
      const status = await gateway.payPix(txid)
      if (!status) throw new ApiError(404, sandboxGatewayMessages.pixNotFound)
      if (status === 'EXPIRED') throw new ApiError(410, sandboxGatewayMessages.pixExpired)
      return c.json({ status })
    })
}
