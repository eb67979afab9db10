/** Parameters PaymentIntent creation and confirmation share. */
import * as v from 'valibot'
import { billingDetailsParams, boolean, integer, metadata, oneOf, text } from '../params'

export const installmentPlan = v.strictObject({
  count: integer,
  interval: oneOf(['month']),
  type: oneOf(['fixed_count']),
})

export const paymentMethodOptions = v.strictObject({
  card: v.optional(
    v.strictObject({
      installments: v.optional(
        v.strictObject({ enabled: v.optional(boolean), plan: v.optional(installmentPlan) }),
      ),
    }),
  ),
  boleto: v.optional(v.strictObject({ expires_after_days: integer })),
})

export type PaymentMethodOptionsParams = v.InferOutput<typeof paymentMethodOptions>

/** A PaymentMethod made with the intent: a boleto payer (cards come from Stripe.js only). */
export const paymentMethodData = v.strictObject({
  type: oneOf(['boleto']),
  boleto: v.optional(v.strictObject({ tax_id: text })),
  billing_details: v.optional(billingDetailsParams),
  metadata: v.optional(metadata),
})
