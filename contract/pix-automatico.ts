/**
 * "Débito automático via Pix" (Pix Automático, decision 025): what the holder's screen shows of
 * the authorization of a contract's instalments: amount (fixed or up to a maximum), frequency,
 * first and last date, the receiver, its state at the bank, and the QR to authorize it (journey
 * 3: with the cob that pays what is due now).
 */
import * as v from 'valibot'
import { requestObject } from './http'
import { linkCodeField } from './payments'

/** A Pix Automático authorization's states at the bank (API Pix 2.9.0, `Rec.status`). */
export const recurrenceStatuses = [
  'CRIADA',
  'APROVADA',
  'REJEITADA',
  'CANCELADA',
  'EXPIRADA',
] as const

const cents = v.pipe(v.number(), v.integer())
const day = v.pipe(v.string(), v.isoDate())

/** Cents: each charge's fixed amount, or the most one may be. */
export const recurrenceAmount = v.object({ kind: v.picklist(['FIXED', 'MAXIMUM']), value: cents })

export const recurrenceView = v.object({
  id: v.string(),
  contractId: v.string(),
  /** The bank's id of the authorization (`idRec`): how the payer's bank app names it. */
  idRec: v.string(),
  /** At the bank: CRIADA (waiting for the payer), APROVADA, REJEITADA, CANCELADA, EXPIRADA. */
  status: v.picklist(recurrenceStatuses),
  /** Who cancelled it: USUARIO_RECEBEDOR (from the portal), USUARIO_PAGADOR (at their bank). */
  cancelledBy: v.nullable(v.string()),
  /** The bank's code and words for a rejection or cancellation. */
  reason: v.nullable(v.string()),
  amount: recurrenceAmount,
  /** SEMANAL, MENSAL, TRIMESTRAL, SEMESTRAL or ANUAL. */
  frequency: v.string(),
  firstDate: day,
  lastDate: v.nullable(day),
  receiver: v.object({ name: v.string(), cnpj: v.string() }),
  /** The copia e cola to authorize it (and pay what is due now); null once answered. */
  qrCode: v.nullable(v.string()),
  /**
   * Journey 1: the request sent to the payer's own bank, which asks them in its app (no QR):
   * the bank's short name (null for one we do not name) and when it expires unanswered.
   */
  request: v.nullable(v.object({ bank: v.nullable(v.string()), expiresAt: v.string() })),
  /**
   * The holder's bank when the provider knows it, so a request can go there instead of a QR:
   * its short name ('' for a bank we do not name), null when unknown.
   */
  payerBank: v.nullable(v.string()),
  /** Journey 3: the Pix paid with the authorization (what was due now). */
  immediate: v.nullable(
    v.object({ txid: v.string(), value: cents, status: v.picklist(['WAITING', 'PAID', 'ENDED']) }),
  ),
  /**
   * Whether "Ativar" may start a new authorization now: none live, Pix Automático offered, and
   * instalments left for it to charge (else the POST answers 409, 503 or 422).
   */
  canEnrol: v.boolean(),
})
export type RecurrenceView = v.InferOutput<typeof recurrenceView>

/**
 * How the holder authorizes it: by a QR, or by a request sent to their own bank (journey 1).
 * Here, not with the checkout's schemas: what the installed app precaches stays as it was.
 */
export const enrolVias = ['QR', 'BANCO'] as const
const viaField = v.optional(v.picklist(enrolVias, 'Escolha como autorizar: via "QR" ou "BANCO".'))

/** POST /checkout/pix-automatico: the link whose contract enrols in Pix Automático. */
export const linkPixAutomaticoRequest = requestObject({ code: linkCodeField, via: viaField })

/** POST's body, optional: without `via`, the bank when the provider knows it and nothing is due now. */
export const enrolPixAutomaticoRequest = requestObject({ via: viaField })

/**
 * The GET's 404: the contract never had an authorization. `canEnrol` (on the holder's own
 * contract) says whether "Ativar" may start one: false with no instalment left to charge.
 */
export const noRecurrence = v.object({ message: v.string(), canEnrol: v.optional(v.boolean()) })
