/**
 * "Débito automático via Pix" of a holder's contract (decision 025): enrol (the authorization
 * and its QR), read its state, cancel it. Only the holder's own contracts; anything else is 404.
 */
import { type Context, Hono } from 'hono'
import { enrolPixAutomaticoRequest, type RecurrenceView } from '../../contract/pix-automatico'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { ApiError } from '../http/errors'
import { idOrNotFound, readOptionalJson } from '../http/validate'
import type { PaymentsDeps } from '../services/collections'
import { contractMessages } from '../services/contracts'
import {
  cancelRecurrence,
  enrolRecurrence,
  readRecurrence,
  recurrenceMessages,
} from '../services/pix-recurrences'

const PRIVATE = { 'Cache-Control': 'private, no-store' }

/** The authorization read: its view, or 404 saying whether "Ativar" may start one. */
export const answerRead = (
  c: Context<AppEnv>,
  read: Awaited<ReturnType<typeof readRecurrence>>,
  headers: Record<string, string>,
) =>
  read.view === null
    ? c.json({ message: recurrenceMessages.notFound, canEnrol: read.canEnrol }, 404, headers)
    : c.json(read.view, 200, headers)

/**
 * On a payment link, which anyone with it may open, the holder's bank is not named: the request
 * still goes there (the holder may ask for it on the link), said as "seu banco".
 */
export const maskedForLink = (view: RecurrenceView): RecurrenceView => ({
  ...view,
  payerBank: null,
  request: view.request ? { ...view.request, bank: null } : null,
})

export function pixAutomaticoRoutes(_deps: ServerDeps, payments: PaymentsDeps | undefined) {
  const paying = () => {
    if (!payments) throw new ApiError(503, recurrenceMessages.unavailable)
    return payments
  }
  return new Hono<AppEnv>()
    .post(at('enrolPixAutomatico'), async (c) => {
      const id = idOrNotFound(c.req.param('id'), contractMessages.notFound)
      const { via } = await readOptionalJson(c, enrolPixAutomaticoRequest)
      const { created, view } = await enrolRecurrence(paying(), c.get('personId'), id, { via })
      return c.json(view, created ? 201 : 200, PRIVATE)
    })
    .get(at('getPixAutomatico'), async (c) => {
      const id = idOrNotFound(c.req.param('id'), contractMessages.notFound)
      // Never enrolled: 404, saying whether "Ativar" may start one (not without payments).
      const read = payments
        ? await readRecurrence(payments, c.get('personId'), id)
        : { view: null, canEnrol: false }
      return answerRead(c, read, PRIVATE)
    })
    .delete(at('cancelPixAutomatico'), async (c) => {
      const id = idOrNotFound(c.req.param('id'), contractMessages.notFound)
      return c.json(await cancelRecurrence(paying(), c.get('personId'), id), 200, PRIVATE)
    })
}
