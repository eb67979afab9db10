import { useLiveQuery } from 'dexie-react-hooks'
import * as v from 'valibot'
import { isQueuedOperation, queuedWrites } from '../../contract/queued'
import { isTokenValid, stripBearer, tokenSubject } from '../../contract/session-token'
import {
  mayGetBetter,
  type OutboxQueued,
  type OutboxResult,
  type PageMessage,
  queuedHeader,
  takeResults,
} from '../../contract/worker-messages'
import { ApiError, apiBase, notifySessionExpired } from '../api/client'
import { connectivity } from '../api/connectivity'
import { session } from '../api/session'
import { toast, toastDuration } from '../ui/toast'
import { db, type OutboxRow } from './db'

/**
 * The page's half of the registration outbox (docs/design.md §5). Every save is a row in the device
 * database before it leaves, and the row goes only when the server has answered it: accepted
 * (gone), refused ('não enviado', kept with the server's message and the form's draft), or not
 * yet ('pendente'). The worker's queue (sw/outbox.ts) delivers with no page open; this side
 * reads what it recorded, and sends again, with the same Idempotency-Key, any row the worker
 * does not hold (no worker, a page that died mid-send), so the server writes each save once.
 */

/** The save success toast (spec §7), for direct and delivered-later saves alike. */
export const savedMessage = 'Cadastro realizado com sucesso!'
export const unsentMessage = (message: string) => `Alteração não enviada: ${message}`
const serverFailed = 'Não foi possível salvar. Tente de novo em instantes.'

/** A save as a form hands it over: the row before the outbox adds whose it is and its state. */
type SaveOf<Row> = Row extends OutboxRow
  ? Pick<Row, 'key' | 'contractId' | 'target' | 'operation' | 'input' | 'draft' | 'change'>
  : never
export type Save = SaveOf<OutboxRow>

export type Sent =
  | { outcome: 'saved'; message: string }
  /** Kept on the device: no connection ('offline'), or the session ended ('session'). */
  | { outcome: 'pending'; reason: 'offline' | 'session' }

/** Rows this page is sending right now: not to be sent again by a delivery round meanwhile. */
const inFlight = new Set<string>()

function toWorker(message: PageMessage) {
  navigator.serviceWorker?.controller?.postMessage(message)
}

/** Keys the worker's queue holds; none when there is no worker (or it does not answer). */
function queuedKeys(): Promise<Set<string>> {
  const worker = navigator.serviceWorker?.controller
  if (!worker) return Promise.resolve(new Set())
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(new Set()), 2000)
    channel.port1.onmessage = (event: MessageEvent<OutboxQueued>) => {
      clearTimeout(timer)
      resolve(new Set(event.data.keys))
    }
    worker.postMessage({ type: 'LIST_QUEUED' } satisfies PageMessage, [channel.port2])
  })
}

/** One attempt; null when nothing answered (not even the worker). */
async function post(row: Save): Promise<Response | null> {
  const token = session.token()
  try {
    return await connectivity.watch(
      fetch(`${apiBase}${queuedWrites[row.operation].path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Idempotency-Key': row.key,
          ...(token ? { Authorization: `Bearer ${stripBearer(token)}` } : {}),
        },
        body: JSON.stringify(row.input),
      }),
      (response) => response.headers.get(queuedHeader.name) !== queuedHeader.value,
    )
  } catch {
    return null
  }
}

async function readMessage(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null
  return typeof body?.message === 'string' ? body.message : null
}

/** What an attempt came to: the server's final word, or a reason to keep the save for later. */
type Attempt =
  | { final: true; status: number; message: string | null }
  | { final: false; reason: 'offline' | 'session' }
  | { final: false; reason: 'later'; status: number; message: string | null }

/** A row kept by another version of the app, for a write this one does not know. */
const unknownWrite = 'Alteração não reconhecida. Abra o formulário e salve de novo.'

/**
 * Every save is checked against its request schema before it is kept, and again each time its
 * row is read back to be sent: the schema may have changed since (an update of the app), and
 * what the server would refuse is not sent. The refusal is the schema's own message, as the form
 * shows it.
 */
function refusalOf(save: Save): string | null {
  if (!isQueuedOperation(save.operation)) return unknownWrite
  const checked = v.safeParse(queuedWrites[save.operation].body, save.input)
  return checked.success ? null : checked.issues[0].message
}

/** One send of a save already checked (by sendSave as it is kept, by sendAgain as it is read). */
async function attempt(save: Save): Promise<Attempt> {
  const response = await post(save)
  if (!response || response.headers.get(queuedHeader.name) === queuedHeader.value)
    return { final: false, reason: 'offline' }
  if (response.status === 401) {
    notifySessionExpired()
    return { final: false, reason: 'session' }
  }
  const message = await readMessage(response)
  if (mayGetBetter(response.status))
    return { final: false, reason: 'later', status: response.status, message }
  return { final: true, status: response.status, message }
}

async function keepPending(key: string) {
  await db.outbox.update(key, { state: 'pending' })
}

/**
 * Sends a registration save (spec §7 photo-holder / add-dependent) with its Idempotency-Key.
 * A newer save of the same form (same target) replaces one still waiting: each carries the
 * whole registration, and the older one would only make the newer look stale to the server.
 * Online it answers the server's message; kept for later it answers 'pending'; refused (by its
 * schema here, or by the server) or a server failure, it throws an ApiError and keeps nothing:
 * the form is still on screen.
 */
export async function sendSave(save: Save): Promise<Sent> {
  const refusal = refusalOf(save)
  if (refusal !== null) throw new ApiError(400, refusal, null)
  const superseded = await db.transaction('rw', db.outbox, async () => {
    const replaced = (await db.outbox.where('contractId').equals(save.contractId).toArray())
      .filter((row) => row.target === save.target && row.key !== save.key)
      .map((row) => row.key)
    await db.outbox.bulkDelete(replaced)
    await db.outbox.put({
      ...save,
      personId: tokenSubject(session.token()),
      state: 'sending',
      message: null,
      createdAt: Date.now(),
    })
    return replaced
  })
  if (superseded.length) toWorker({ type: 'DROP_QUEUED', keys: superseded })

  inFlight.add(save.key)
  try {
    const result = await attempt(save)
    if (!result.final && result.reason !== 'later') {
      await keepPending(save.key)
      return { outcome: 'pending', reason: result.reason }
    }
    await db.outbox.delete(save.key)
    if (result.status >= 300)
      throw new ApiError(result.status, result.message ?? serverFailed, result.message)
    return { outcome: 'saved', message: result.message ?? savedMessage }
  } finally {
    inFlight.delete(save.key)
  }
}

type Settled = { contractId: string; saved: boolean; message: string }

/** Applies the server's final answer to a row; null when the row is gone. */
async function settle(
  key: string,
  status: number,
  message: string | null,
): Promise<Settled | null> {
  const row = await db.outbox.get(key)
  if (!row) return null
  if (status >= 200 && status < 300) {
    await db.outbox.delete(key)
    return { contractId: row.contractId, saved: true, message: message ?? savedMessage }
  }
  const refusal = message ?? serverFailed
  await db.outbox.update(key, { state: 'refused', message: refusal })
  return { contractId: row.contractId, saved: false, message: refusal }
}

/** A waiting row sent again by a delivery round; null while it still has to wait. */
async function sendAgain(row: OutboxRow): Promise<Settled | null> {
  const refusal = refusalOf(row)
  if (refusal !== null) return settle(row.key, 400, refusal)
  inFlight.add(row.key)
  try {
    const result = await attempt(row)
    if (result.final) return settle(row.key, result.status, result.message)
    await keepPending(row.key)
    return null
  } finally {
    inFlight.delete(row.key)
  }
}

function announce(settled: Settled) {
  if (settled.saved) toast.success(savedMessage, { duration: toastDuration.saveSuccess })
  else toast.error(unsentMessage(settled.message), { duration: toastDuration.error })
}

/**
 * One delivery round: first what the worker recorded (a save it delivered with no page open
 * clears its mark here), then, for the person logged in, every waiting row the worker does not
 * hold is sent again, and the worker is asked to deliver its queue with the current token.
 * Calls `refresh` once per contract whose saves the server has answered, after the round: one
 * read of the contract however many of its saves were answered (a refresh per save would cancel
 * the read before it and ask again).
 */
export async function deliverOutbox(refresh: (contractId: string) => void) {
  const answered = new Set<string>()
  try {
    await deliverRound(answered)
  } finally {
    for (const contractId of answered) refresh(contractId)
  }
}

async function deliverRound(answered: Set<string>) {
  const outcomes: OutboxResult[] = await takeResults().catch(() => [])
  for (const result of outcomes) {
    const settled = await settle(result.key, result.status, result.message)
    if (!settled) continue
    announce(settled)
    answered.add(settled.contractId)
  }

  const token = session.token()
  const person = tokenSubject(token)
  if (!token || !person || !isTokenValid(token, Date.now())) return
  const rows = await db.outbox.toArray()
  // A shared phone: another person's waiting saves never go with this person's session.
  const others = rows.filter((row) => row.personId !== person).map((row) => row.key)
  if (others.length) {
    await db.outbox.bulkDelete(others)
    toWorker({ type: 'DROP_QUEUED', keys: others })
  }
  const waiting = rows.filter(
    (row) => row.personId === person && row.state !== 'refused' && !inFlight.has(row.key),
  )
  // 'sending' with no send under way: a page died mid-send. It waits like any other.
  for (const row of waiting) if (row.state === 'sending') await keepPending(row.key)
  if (!waiting.length || !connectivity.online()) return
  const queued = await queuedKeys()
  for (const row of waiting) {
    if (queued.has(row.key)) continue
    const settled = await sendAgain(row)
    if (!settled) continue
    announce(settled)
    answered.add(settled.contractId)
  }
  toWorker({ type: 'REPLAY_OUTBOX', token: stripBearer(token) })
}

/** Saves on this device the server has not accepted (waiting or refused): 'Sair' drops them. */
export const unsentCount = () => db.outbox.count()

export const discardOnSignOutQuestion =
  'Há alterações do seu cadastro que ainda não foram enviadas ao servidor. Se sair agora, elas serão descartadas. Sair mesmo assim?'

/** Forgets a refused save the person chose to discard. */
export const discardSave = (key: string) => db.outbox.delete(key)

/** Waiting ('pendente') and refused ('não enviado') saves of a contract, by target. */
export function useOutboxMarks(contractId: string): Map<string, OutboxRow> {
  const rows = useLiveQuery(
    () => db.outbox.where('contractId').equals(contractId).toArray(),
    [contractId],
    [],
  )
  return new Map(
    rows.filter((row) => row.state !== 'sending').map((row) => [row.target, row] as const),
  )
}
