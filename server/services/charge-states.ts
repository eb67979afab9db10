/**
 * The one state machine of a charge (a collection of money for some instalments: a card charge,
 * a Pix, a set of boletos). Written down once, here; every status change goes through
 * `moveCharge` (charges.ts), which only moves a charge from a state this table allows.
 *
 *   CREATED ──► PROCESSING ──► PAID
 *      │            │  │  └──► EXPIRED ───┐
 *      │            │  └─────► CANCELLED ─┤   money that still arrives for an expired or
 *      │            └────────► DECLINED   ├─► cancelled collection: PAID when its instalments
 *      └──► PAID | DECLINED | CANCELLED   │   are still open, else REFUNDING ──► REFUNDED
 *                                         ┘
 * - CREATED: our row exists and holds its instalments; the gateway may not have it yet. Written
 *   before any gateway call, with our reference, so a crash leaves something to reconcile.
 * - PROCESSING: the gateway has it and we wait for money: a live Pix, issued boletos.
 * - PAID: money received and applied to the instalments (final for the collection).
 * - DECLINED: the card was refused (final).
 * - EXPIRED: the Pix or boleto ran out of time unpaid; its instalments are free again.
 * - CANCELLED: removed at the gateway before any payment (another collection took over, the
 *   gateway never got it, or it failed); its instalments are free again.
 * - REFUNDING: money arrived that no instalment can take (paid meanwhile by something else, or
 *   claimed by a card in flight): it is going back to the payer.
 * - REFUNDED: the gateway took the refund (final).
 *
 * CREATED and PROCESSING are "live": such a charge holds its instalments (payment_orders.charge_id),
 * and an instalment has at most one live collection.
 */
export const chargeStates = [
  'CREATED',
  'PROCESSING',
  'PAID',
  'DECLINED',
  'EXPIRED',
  'CANCELLED',
  'REFUNDING',
  'REFUNDED',
] as const
export type ChargeState = (typeof chargeStates)[number]

/** Who may move a charge where: everything not listed is refused. */
export const chargeTransitions: Record<ChargeState, readonly ChargeState[]> = {
  // The checkout after the gateway answered, or the reconciler after asking it.
  CREATED: ['PROCESSING', 'PAID', 'DECLINED', 'CANCELLED'],
  // A notification (webhook), a verification or the reconciler; a new collection cancels it.
  PROCESSING: ['PAID', 'DECLINED', 'EXPIRED', 'CANCELLED', 'REFUNDING'],
  // A late payment: kept when its instalments are still open, refunded otherwise.
  EXPIRED: ['PAID', 'REFUNDING'],
  CANCELLED: ['PAID', 'REFUNDING'],
  // The reconciler, once the gateway accepted the refund.
  REFUNDING: ['REFUNDED'],
  PAID: [],
  DECLINED: [],
  REFUNDED: [],
}

/** Holding its instalments: at most one such charge per instalment. */
export const liveStates = ['CREATED', 'PROCESSING'] as const satisfies readonly ChargeState[]
/** Nothing will ever move it again. */
export const finalStates = [
  'PAID',
  'DECLINED',
  'REFUNDED',
] as const satisfies readonly ChargeState[]

export const isLive = (state: ChargeState) => (liveStates as readonly ChargeState[]).includes(state)
export const canMove = (from: ChargeState, to: ChargeState) => chargeTransitions[from].includes(to)

/** The states `to` may be reached from (for the conditional update that moves a charge). */
export const statesBefore = (to: ChargeState): ChargeState[] =>
  chargeStates.filter((from) => canMove(from, to))
