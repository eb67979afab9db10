/**
 * Notifications from the payment providers (no session: they authenticate by signature).
 * - POST /socios-api/webhooks/pix/pix: the bank's API Pix callback ({webhookUrl}/pix) with the
 *   Pix received. Signed (HMAC of the body with PIX_WEBHOOK_SECRET), and never trusted for money:
 *   each txid of ours is read back from the bank (GET /cob) and what the bank says is applied,
 *   once per end-to-end id.
 * - POST /socios-api/webhooks/gateway: the card and boleto gateway's events (a boleto paid),
 *   signed the same way; the boleto's state is read back from the gateway.
 * A 5xx makes the provider try again later; the reconciler also asks, in case none arrives.
 */
import { and, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import type { PaymentGateway } from '../adapters/payment-gateway/index'
import type { PixApi } from '../adapters/pix-api/client'
import { webhookPix } from '../adapters/pix-api/schemas'
import { verifyWebhook, webhookSignatureHeader } from '../adapters/pix-api/webhook'
import { paymentCharges } from '../db/schema'
import type { AppEnv, ServerDeps } from '../deps'
import { ApiError } from '../http/errors'
import { applyPix, type PaymentsDeps, resolveCharge } from '../services/collections'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const webhookMessages = {
  signature: 'Assinatura do webhook inválida.',
  body: 'Corpo do webhook inválido.',
  unavailable: 'Webhook não configurado.',
} as const

/** The gateway's event: a boleto of ours (by reference) changed. */
export const gatewayEvent = v.object({
  event: v.picklist(['boleto.paid']),
  reference: v.pipe(v.string(), v.maxLength(100)),
})

/** The demo gateway's signing secret (GATEWAY_WEBHOOK_SECRET outside demo mode). */
export const sandboxGatewayWebhookSecret = 'segredo-do-webhook-do-gateway-sandbox'

/** The body, once its HMAC signature checks out (401) and it has the expected shape (400). */
async function signedBody<S extends v.GenericSchema>(
  c: Context,
  secret: string,
  schema: S,
): Promise<v.InferOutput<S>> {
  const text = await c.req.text()
  if (!verifyWebhook(secret, text, c.req.header(webhookSignatureHeader)))
    throw new ApiError(401, webhookMessages.signature)
  try {
    return v.parse(schema, JSON.parse(text))
  } catch {
    throw new ApiError(400, webhookMessages.body)
  }
}

export function webhookRoutes(
  deps: ServerDeps,
  gateway: PaymentGateway | undefined,
  pix: PixApi | undefined,
) {
  const payments = (): PaymentsDeps => {
    if (!gateway) throw new ApiError(404, webhookMessages.unavailable)
    return { ...deps, gateway, pix }
  }

  return new Hono<AppEnv>()
    .post('/pix/pix', async (c) => {
      const secret = deps.config.pix?.webhookSecret
      if (!secret || !pix) throw new ApiError(404, webhookMessages.unavailable)
      const parsed = await signedBody(c, secret, webhookPix)
      const txids = new Set(parsed.pix.flatMap((item) => (item.txid ? [item.txid] : [])))
      for (const txid of txids) {
        const [charge] = await deps.db
          .select()
          .from(paymentCharges)
          .where(and(eq(paymentCharges.gatewayRef, txid), eq(paymentCharges.method, 'PIX')))
        // A Pix to our key that is not one of our charges: nothing of ours to settle.
        if (!charge) continue
        const cob = await pix.getCob(txid)
        if (cob) await applyPix(payments(), charge.id, cob)
      }
      return c.body(null, 200)
    })
    .post('/gateway', async (c) => {
      if (!gateway) throw new ApiError(404, webhookMessages.unavailable)
      // Only the demo's sandbox gateway exists; a real one would bring its own secret.
      if (!deps.config.demo) throw new ApiError(401, webhookMessages.signature)
      const event = await signedBody(c, sandboxGatewayWebhookSecret, gatewayEvent)
      // Boleto references are `<charge id>-<n>`: the charge is the part before the last dash.
      const chargeId = event.reference.replace(/-\d+$/, '')
      if (!uuidPattern.test(chargeId)) return c.body(null, 200)
      const [charge] = await deps.db
        .select()
        .from(paymentCharges)
        .where(and(eq(paymentCharges.id, chargeId), eq(paymentCharges.method, 'INSTALLMENT_BILL')))
      if (charge) await resolveCharge(payments(), charge)
      return c.body(null, 200)
    })
}
