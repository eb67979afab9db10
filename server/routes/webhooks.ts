/**
 * Notifications from the payment providers (no session: they authenticate by signature).
 * - POST /socios-api/webhooks/pix/pix: the bank's API Pix callback ({webhookUrl}/pix) with the
 *   Pix received. Signed (HMAC of the body with PIX_WEBHOOK_SECRET), and never trusted for money:
 *   each txid of ours is read back from the bank (GET /cob) and what the bank says is applied,
 *   once per end-to-end id.
 * - POST /socios-api/webhooks/gateway: the card and boleto gateway's events, verified the
 *   gateway's way (Stripe: the Stripe-Signature header; the sandbox: an HMAC like the Pix one).
 *   The event only names a reference of ours; the charge is read back from the gateway.
 * A 5xx makes the provider try again later; the reconciler also asks, in case none arrives.
 */

import { and, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { NotificationSignatureError } from '../adapters/payment-gateway/index'
import { webhookCobr, webhookRec } from '../adapters/pix-api/recurrence-schemas'
import { webhookPix } from '../adapters/pix-api/schemas'
import { verifyWebhook, webhookSignatureHeader } from '../adapters/pix-api/webhook'
import { paymentCharges } from '../db/schema'
import type { AppEnv, Logger, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { ApiError } from '../http/errors'
import { chargeOfCobv, resolveBoletoPix } from '../services/boleto-pix'
import { applyPix, type PaymentsDeps, resolveCharge } from '../services/collections'
import { recurrenceNotified } from '../services/pix-recurrences'
import { applyRecurringCharge } from '../services/recurring-charges'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const webhookMessages = {
  signature: 'Assinatura do webhook inválida.',
  body: 'Corpo do webhook inválido.',
  unavailable: 'Webhook não configurado.',
} as const

/** Our references: a charge id (card), or `<charge id>-<n>` for its n-th boleto. */
const chargeIdOf = (reference: string) => {
  const id = reference.replace(/-\d+$/, '')
  return uuidPattern.test(id) ? id : undefined
}

/** The body, once its HMAC signature checks out (401) and it has the expected shape (400). */
async function signedBody<S extends v.GenericSchema>(
  c: Context,
  secret: string,
  schema: S,
  logger: Logger,
): Promise<v.InferOutput<S>> {
  const text = await c.req.text()
  if (!verifyWebhook(secret, text, c.req.header(webhookSignatureHeader))) {
    logger.warn(`[webhooks] notificação com assinatura inválida em ${c.req.path}: recusada`)
    throw new ApiError(401, webhookMessages.signature)
  }
  try {
    return v.parse(schema, JSON.parse(text))
  } catch {
    throw new ApiError(400, webhookMessages.body)
  }
}

export function webhookRoutes(deps: ServerDeps, payments: PaymentsDeps | undefined) {
  const pix = payments?.pix
  const gateway = payments?.gateway

  return (
    new Hono<AppEnv>()
      .post(at('pixNotification'), async (c) => {
        const secret = deps.config.pix?.webhookSecret
        if (!secret || !pix) throw new ApiError(404, webhookMessages.unavailable)
        const parsed = await signedBody(c, secret, webhookPix, deps.logger)
        const txids = new Set(parsed.pix.flatMap((item) => (item.txid ? [item.txid] : [])))
        for (const txid of txids) {
          const [charge] = await deps.db
            .select()
            .from(paymentCharges)
            .where(and(eq(paymentCharges.gatewayRef, txid), eq(paymentCharges.method, 'PIX')))
          if (!charge) {
            // A boleto's Pix with a due date (/cobv): read back from the bank, then applied.
            const boleto = payments && (await chargeOfCobv(deps.db, txid))
            if (boleto && payments) await resolveBoletoPix(payments, boleto)
            // Otherwise a Pix to our key that is not one of our charges: nothing to settle.
            continue
          }
          const cob = await pix.getCob(txid)
          if (cob && payments) await applyPix(payments, charge.id, cob)
        }
        return c.body(null, 200)
      })
      // Pix Automático (decision 025): the bank's …/rec and …/cobr, signed as …/pix. Each id of
      // ours is read back from the bank (GET /rec, GET /cobr) before anything moves.
      .post(at('pixRecurrenceNotification'), async (c) => {
        const secret = deps.config.pix?.webhookSecret
        if (!secret || !pix || !payments) throw new ApiError(404, webhookMessages.unavailable)
        const parsed = await signedBody(c, secret, webhookRec, deps.logger)
        for (const idRec of new Set(parsed.recs.map((item) => item.idRec)))
          await recurrenceNotified(payments, idRec)
        return c.body(null, 200)
      })
      .post(at('pixRecurringChargeNotification'), async (c) => {
        const secret = deps.config.pix?.webhookSecret
        if (!secret || !pix || !payments) throw new ApiError(404, webhookMessages.unavailable)
        const parsed = await signedBody(c, secret, webhookCobr, deps.logger)
        for (const txid of new Set(parsed.cobsr.map((item) => item.txid))) {
          const [charge] = await deps.db
            .select()
            .from(paymentCharges)
            .where(
              and(eq(paymentCharges.gatewayRef, txid), eq(paymentCharges.method, 'PIX_AUTOMATICO')),
            )
          if (!charge) continue
          const cobr = await pix.getRecurringCharge(txid)
          if (cobr) await applyRecurringCharge(payments, charge, cobr)
        }
        return c.body(null, 200)
      })
      .post(at('gatewayNotification'), async (c) => {
        if (!gateway) throw new ApiError(404, webhookMessages.unavailable)
        let references: string[]
        try {
          references = await gateway.notification(await c.req.text(), (name) => c.req.header(name))
        } catch (error) {
          if (error instanceof NotificationSignatureError)
            throw new ApiError(401, webhookMessages.signature)
          throw error
        }
        const ids = [...new Set(references.flatMap((reference) => chargeIdOf(reference) ?? []))]
        for (const id of ids) {
          const [charge] = await deps.db
            .select()
            .from(paymentCharges)
            .where(eq(paymentCharges.id, id))
          // Pix charges are the bank's to tell; a reference not of ours is nothing to settle.
          if (charge && payments && charge.method !== 'PIX') await resolveCharge(payments, charge)
        }
        return c.body(null, 200)
      })
  )
}
