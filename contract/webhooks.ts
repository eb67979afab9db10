/**
 * What the portal tells the provider's own system (issue 25, decision 019): the event catalogue
 * (each type's `data`), the webhook endpoints that receive them (Standard Webhooks), their
 * deliveries, and the event list a provider polls or reconciles with after an outage.
 */
import * as v from 'valibot'
import { requestObject, timestampOf } from './http'
import { recurrenceAmount, recurrenceStatuses } from './pix-automatico'

// ---------------------------------------------------------------- the catalogue

/** Who or what an event is about: the portal's id and the provider's, when it has one. */
const ref = v.object({ id: v.string(), externalId: v.nullable(v.string()) })

/** How it was paid; PIX_AUTOMATICO: a recurring Pix charge of "Débito automático via Pix". */
const paymentMethod = v.picklist([
  'PIX',
  'CREDIT',
  'RECURRENCE',
  'INSTALLMENT_BILL',
  'PIX_AUTOMATICO',
])

/**
 * Every event's `data` carries `id` (the event's, also `webhook-id`) and `sequence` (grows with
 * every event: keep the highest seen per object and drop an older one arriving late).
 */
const envelope = { id: v.string(), sequence: v.number() }

/**
 * A Pix Automático authorization ("Débito automático via Pix", decision 025) that moved: the
 * same fields for each of its events, its new state in `status`.
 */
const pixAutomaticoMoved = v.object({
  ...envelope,
  contract: ref,
  /** The portal's id of the authorization, and the bank's (`idRec`, as the payer's bank shows it). */
  authorization: v.object({ id: v.string(), idRec: v.string() }),
  status: v.picklist(recurrenceStatuses),
  /** Where it was: CRIADA (the payer had not answered yet) or APROVADA (it was active). */
  previousStatus: v.picklist(recurrenceStatuses),
  /**
   * Who cancelled it: USUARIO_RECEBEDOR (from the portal: the holder, or a QR never authorized
   * withdrawn before a new one), USUARIO_PAGADOR (the payer, at their bank).
   */
  cancelledBy: v.nullable(v.string()),
  /** The bank's code and words for a rejection or cancellation, when it gives them. */
  reason: v.nullable(v.object({ code: v.string(), description: v.string() })),
  /** Cents: each charge's fixed amount, or the most one may be. */
  amount: recurrenceAmount,
  /** MENSAL: one charge per instalment. */
  frequency: v.string(),
  /** The due dates of the first and last instalment it charges. */
  firstDate: v.string(),
  lastDate: v.nullable(v.string()),
  changedAt: v.string(),
})

export const eventSchemas = {
  'holder.updated': v.object({
    ...envelope,
    member: ref,
    contract: ref,
    /** The fields the holder changed, by the integration API's names (`phone`, `cep`…). */
    changedFields: v.array(v.string()),
    /** The member's version after the change (its ETag in the integration API). */
    version: v.string(),
  }),
  'dependent.created': v.object({
    ...envelope,
    dependent: ref,
    member: ref,
    contract: ref,
    type: v.nullable(v.string()),
    version: v.string(),
  }),
  'dependent.updated': v.object({
    ...envelope,
    dependent: ref,
    member: ref,
    contract: ref,
    changedFields: v.array(v.string()),
    version: v.string(),
  }),
  'terms.accepted': v.object({ ...envelope, contract: ref, acceptedAt: v.string() }),
  'instalment.paid': v.object({
    ...envelope,
    instalment: ref,
    contract: ref,
    method: paymentMethod,
    /** What this instalment received, in cents (its share of the payment). */
    amount: v.number(),
    paidAt: v.string(),
    /**
     * The gateway's references: `pixEndToEndId` (Pix), `cardAuthorization` (card), `boleto`
     * (the boleto's reference), and `chargeId`, the portal's collection.
     */
    references: v.object({
      chargeId: v.string(),
      pixEndToEndId: v.optional(v.string()),
      cardAuthorization: v.optional(v.string()),
      boleto: v.optional(v.string()),
    }),
    /**
     * Only when the bank computed what was paid (the boleto's Pix with a due date, paid late or
     * early): cents of the whole payment, beyond the instalments' `amount`s: the fine (`fine`)
     * and interest (`interest`) it added, the discount or rebate it took off (`discount`), and
     * what the payer paid in all (`total`).
     */
    bankCharges: v.optional(
      v.object({ fine: v.number(), interest: v.number(), discount: v.number(), total: v.number() }),
    ),
  }),
  'instalment.payment_failed': v.object({
    ...envelope,
    instalment: ref,
    contract: ref,
    method: paymentMethod,
    amount: v.number(),
    reason: v.string(),
  }),
  'instalment.refunded': v.object({
    ...envelope,
    instalment: ref,
    contract: ref,
    method: paymentMethod,
    /** What went back to the payer for this payment, in cents. */
    amount: v.number(),
    refundedAt: v.string(),
  }),
  'recurrence.card_updated': v.object({
    ...envelope,
    contract: ref,
    /** Brand and last 4 digits only; never the card. */
    brand: v.string(),
    last4: v.string(),
  }),
  'pix_automatico.approved': pixAutomaticoMoved,
  'pix_automatico.rejected': pixAutomaticoMoved,
  'pix_automatico.cancelled': pixAutomaticoMoved,
  'pix_automatico.expired': pixAutomaticoMoved,
  'webhook.ping': v.object({ ...envelope, endpointId: v.string() }),
} as const

export type EventType = keyof typeof eventSchemas
export const eventTypes = Object.keys(eventSchemas) as EventType[]

export const eventSummaries: Record<EventType, string> = {
  'holder.updated': 'O titular alterou o próprio cadastro no portal.',
  'dependent.created': 'O titular incluiu um dependente.',
  'dependent.updated': 'O titular alterou um dependente.',
  'terms.accepted': 'O titular aceitou os termos do contrato.',
  'instalment.paid': 'Uma parcela foi paga no portal (Pix, cartão, recorrência ou boleto).',
  'instalment.payment_failed': 'Um pagamento com cartão foi recusado.',
  'instalment.refunded': 'Um pagamento foi devolvido ao pagador.',
  'recurrence.card_updated': 'O titular trocou o cartão da recorrência.',
  'pix_automatico.approved':
    'O pagador autorizou no banco o débito automático via Pix (Pix Automático) do contrato: está ativo.',
  'pix_automatico.rejected':
    'O pagador recusou no banco a autorização do débito automático via Pix.',
  'pix_automatico.cancelled':
    'O débito automático via Pix foi cancelado: no portal (USUARIO_RECEBEDOR) ou pelo pagador no banco (USUARIO_PAGADOR).',
  'pix_automatico.expired': 'A autorização do débito automático via Pix expirou no banco.',
  'webhook.ping': 'Teste pedido pelo provedor (POST …/ping).',
}

/** `{ type, timestamp, data }`, as Standard Webhooks suggests. */
export const eventMessage = v.object({
  id: v.string(),
  type: v.picklist(eventTypes),
  timestamp: v.string(),
  data: v.record(v.string(), v.unknown()),
})

export const eventPage = v.object({
  data: v.array(eventMessage),
  nextCursor: v.nullable(v.string()),
})

export const eventsQuery = v.object({
  cursor: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,18}$/, 'Cursor inválido: use o nextCursor recebido.')),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'O limit deve ser um número de 1 a 100.'),
      v.transform(Number),
      v.minValue(1, 'O limit deve ser um número de 1 a 100.'),
      v.maxValue(100, 'O limit deve ser um número de 1 a 100.'),
    ),
  ),
  type: v.optional(
    v.picklist(eventTypes, `Tipo de evento desconhecido: use ${eventTypes.join(', ')}.`),
  ),
})

// ---------------------------------------------------------------- endpoints

const urlMessage = 'Informe a URL do receptor (https://…).'
const endpointUrl = v.pipe(
  v.string(urlMessage),
  v.trim(),
  v.maxLength(2000, 'A URL deve ter no máximo 2000 caracteres.'),
  v.url(urlMessage),
  v.check((value) => /^https?:\/\//i.test(value), urlMessage),
)

const eventTypesField = v.nullish(
  v.pipe(
    v.array(v.picklist(eventTypes, `Tipo de evento desconhecido: use ${eventTypes.join(', ')}.`)),
    v.minLength(1, 'Liste ao menos um tipo de evento, ou envie null para todos.'),
  ),
  null,
)

export const endpointRequest = requestObject({
  url: endpointUrl,
  description: v.nullish(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(200, 'A descrição deve ter no máximo 200 caracteres.'),
    ),
    null,
  ),
  /** The types it receives; null (or absent): all of them. */
  eventTypes: eventTypesField,
  /** Told when the endpoint is disabled after 5 days of failures. */
  contactEmail: v.nullish(
    v.pipe(v.string(), v.trim(), v.email('Informe um e-mail válido em contactEmail.')),
    null,
  ),
  /** false disables it; true enables it again (its failures are forgotten). */
  enabled: v.optional(v.boolean('enabled deve ser true ou false.'), true),
})
export type EndpointRequest = v.InferOutput<typeof endpointRequest>

export const endpoint = v.object({
  id: v.string(),
  url: v.string(),
  description: v.nullable(v.string()),
  eventTypes: v.nullable(v.array(v.string())),
  contactEmail: v.nullable(v.string()),
  enabled: v.boolean(),
  disabledReason: v.nullable(v.string()),
  createdAt: v.string(),
})
export type WebhookEndpoint = v.InferOutput<typeof endpoint>

/** The secret is shown when it is made (create, rotate), never again. */
export const endpointWithSecret = v.object({ ...endpoint.entries, secret: v.string() })
export const endpointList = v.object({ data: v.array(endpoint) })

export const delivery = v.object({
  id: v.string(),
  eventId: v.string(),
  eventType: v.string(),
  status: v.picklist(['PENDING', 'DELIVERED', 'FAILED']),
  attempts: v.number(),
  nextAttemptAt: v.nullable(v.string()),
  lastStatus: v.nullable(v.number()),
  lastError: v.nullable(v.string()),
  deliveredAt: v.nullable(v.string()),
})
export const deliveryPage = v.object({
  data: v.array(delivery),
  nextCursor: v.nullable(v.string()),
})

export const replayRequest = requestObject({
  from: timestampOf('from', 'o início do período'),
  to: timestampOf('to', 'o fim do período'),
})

/** The body of an action that takes none (rotate, ping, retry): absent, or `{}`. */
export const emptyRequest = requestObject({})

export const accepted = v.object({
  message: v.string(),
  count: v.optional(v.number()),
  eventId: v.optional(v.string()),
})
