/**
 * Demo mode only (mounted at /sandbox): the payment providers' side of docs/design.md §4. The card
 * tokenizer the browser calls (VITE_GATEWAY_URL, /v1/token with header CompanyId), and what the
 * payer's bank does: pay a Pix (the sandbox PSP then notifies our webhook) or a boleto (the
 * gateway then notifies ours, signed).
 */
import { Hono } from 'hono'
import { cardTokenRequest } from '../../../contract/tokenizer'
import type { HttpTransport } from '../../adapters/http'
import { signWebhook, webhookSignatureHeader } from '../../adapters/pix-api/webhook'
import type { AppEnv, ServerDeps } from '../../deps'
import { ApiError } from '../../http/errors'
import { readJson } from '../../http/validate'
import { type SandboxGateway, sandboxGatewayWebhookSecret } from '../gateway'
import type { SandboxPsp } from './sandbox-pix-api'

export const sandboxGatewayMessages = {
  companyId: 'Informe o cabeçalho CompanyId.',
  expired: 'Cartão vencido.',
  pixNotFound: 'Pix não encontrado.',
  pixExpired: 'Pix expirado.',
  pixRemoved: 'Cobrança Pix removida pelo recebedor.',
  pixPaid: 'Esta cobrança Pix já foi paga.',
  boletoNotFound: 'Boleto não encontrado.',
} as const

export function sandboxGatewayRoutes(
  deps: ServerDeps,
  gateway: SandboxGateway,
  psp: SandboxPsp,
  http: HttpTransport,
) {
  /** The gateway tells our server a boleto was paid, signed, as a provider's webhook would. */
  async function notifyBoletoPaid(reference: string) {
    const body = JSON.stringify({ event: 'boleto.paid', reference })
    try {
      await http({
        method: 'POST',
        url: `${deps.selfUrl}/socios-api/webhooks/gateway`,
        headers: {
          'content-type': 'application/json',
          [webhookSignatureHeader]: signWebhook(sandboxGatewayWebhookSecret, body),
        },
        body,
        timeoutMs: 5000,
      })
    } catch (error) {
      deps.logger.warn({ err: error }, `[sandbox gateway] webhook do boleto ${reference} falhou`)
    }
  }

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
      // ?emCorrida=1: a payment already on its way when the cob was removed (the bank wins).
      const paid = await psp.payCob(txid, { inFlight: c.req.query('emCorrida') === '1' })
      if (paid === 'UNKNOWN') throw new ApiError(404, sandboxGatewayMessages.pixNotFound)
      if (paid === 'EXPIRED') throw new ApiError(410, sandboxGatewayMessages.pixExpired)
      if (paid === 'REMOVED') throw new ApiError(410, sandboxGatewayMessages.pixRemoved)
      if (paid === 'ALREADY_PAID') throw new ApiError(409, sandboxGatewayMessages.pixPaid)
      return c.json(paid)
    })
    .post('/boleto/:line/pay', async (c) => {
      const line = c.req.param('line').replace(/\D/g, '')
      if (!/^\d{47}$/.test(line)) throw new ApiError(404, sandboxGatewayMessages.boletoNotFound)
      const boleto = await gateway.payBoleto(line)
      if (!boleto) throw new ApiError(404, sandboxGatewayMessages.boletoNotFound)
      await notifyBoletoPaid(boleto.reference)
      return c.json({ status: 'PAID', reference: boleto.reference })
    })
}
