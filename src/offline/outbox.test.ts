// @vitest-environment happy-dom
/**
 * The outbox's delivery rules (docs/design.md §5) on a real IndexedDB (fake-indexeddb, the
 * W3C implementation in memory): the rows and the worker's recorded outcomes live where the
 * browser keeps them. The network is a script of the server's answers, so each rule is shown
 * by what went over the wire (path, Idempotency-Key, token) and what the device kept.
 */
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queuedPaths } from '../../contract/api/queued-paths'
import type { Person } from '../../contract/contracts'
import { mandatoryMessage } from '../../contract/registration'
import { recordResult } from '../../contract/worker-messages'
import { ApiError, setSessionExpiredHandler } from '../api/client'
import { connectivity } from '../api/connectivity'
import { session } from '../api/session'
import { toFormValues, toPersonPayload } from '../features/registration/logic/form'
import { toast } from '../ui/toast'
import { db, PortalDatabase } from './db'
import { deliverOutbox, type Save, savedMessage, sendSave, unsentMessage } from './outbox'

/** A session token as the page reads it (unverified claims): whose it is and until when. */
function token(person: string, expiresInS = 3600) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const exp = Math.floor(Date.now() / 1000) + expiresInS
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: person, exp })}.assinatura`
}

/** What the server was sent, in order. */
type Sent = { path: string; key: string | null; authorization: string | null; body: unknown }
/** How the server answers the next save: a status (with a message), or no network at all. */
type Reply = { status: number; message: string } | 'no-network'

let sent: Sent[]
let replies: Reply[]
let networkUp: boolean

beforeEach(async () => {
  sent = []
  replies = []
  networkUp = true
  await db.wipe()
  session.setToken(token('ana'))
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (!networkUp) throw new TypeError('Failed to fetch')
    if (input.endsWith('/health')) return Response.json({ status: 'ok' })
    const headers = new Headers(init.headers)
    sent.push({
      path: input,
      key: headers.get('Idempotency-Key'),
      authorization: headers.get('Authorization'),
      body: JSON.parse(String(init.body)),
    })
    const reply = replies.shift() ?? { status: 200, message: savedMessage }
    if (reply === 'no-network') throw new TypeError('Failed to fetch')
    return Response.json({ message: reply.message }, { status: reply.status })
  })
  vi.spyOn(toast, 'success').mockImplementation(() => undefined)
  vi.spyOn(toast, 'error').mockImplementation(() => undefined)
  // Each test starts with the server known to answer.
  await connectivity.probeNow()
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  setSessionExpiredHandler(() => undefined)
})

const holder = { id: 'p1', name: 'Ana Paula Souza' } as Person
const ids = { holder: crypto.randomUUID(), person: crypto.randomUUID() }

/** A holder save as the registration form hands it over: its draft, and the body made from it. */
function holderSave(key: string, phone: string): Extract<Save, { operation: 'saveHolder' }> {
  const values = { ...toFormValues(null), first_name: 'Ana Paula', last_name: 'Souza', phone }
  return {
    key,
    contractId: 'c1',
    target: 'h1',
    operation: 'saveHolder',
    input: {
      contract_id: 'c1',
      updated_at: '2026-11-20T10:00:00.000Z',
      holder: {
        id: ids.holder,
        person_id: ids.person,
        person: { ...toPersonPayload(values, { id: ids.person }), files_attached: [] },
      },
    },
    draft: { values, photo: null, attachments: [], dependentTypeId: null },
    change: { holderPerson: holder },
  }
}

const rows = () => db.outbox.toArray()

describe('a save sent now', () => {
  it('accepted: the server has it once, with its key and the session; nothing stays on the device', async () => {
    const answer = await sendSave(holderSave('k1', '11955553333'))
    expect(answer).toEqual({ outcome: 'saved', message: savedMessage })
    expect(sent).toEqual([
      {
        path: `/socios-api${queuedPaths.saveHolder}`,
        key: 'k1',
        authorization: `Bearer ${session.token()}`,
        body: holderSave('k1', '11955553333').input,
      },
    ])
    expect(await rows()).toEqual([])
  })

  it('refused (422): the server’s message is thrown for the form still on screen, and nothing is kept', async () => {
    replies = [{ status: 422, message: 'CPF inválido.' }]
    const refused = sendSave(holderSave('k1', '11955553333'))
    await expect(refused).rejects.toBeInstanceOf(ApiError)
    await expect(refused).rejects.toMatchObject({ status: 422, message: 'CPF inválido.' })
    expect(await rows()).toEqual([])
  })

  it('no connection: kept as pending ("pendente") with its key, for a later round', async () => {
    replies = ['no-network']
    expect(await sendSave(holderSave('k1', '11955553333'))).toEqual({
      outcome: 'pending',
      reason: 'offline',
    })
    const [row] = await rows()
    expect(row).toMatchObject({ key: 'k1', state: 'pending', personId: 'ana', message: null })
    expect(connectivity.online()).toBe(false)
  })

  it('a newer save of the same form replaces the one still waiting', async () => {
    replies = ['no-network']
    await sendSave(holderSave('k1', '11911112222'))
    await connectivity.probeNow()
    replies = ['no-network']
    await sendSave(holderSave('k2', '11933334444'))
    expect((await rows()).map((row) => row.key)).toEqual(['k2'])
  })
})

describe('a delivery round', () => {
  /** Leaves a save waiting on the device, as "no connection" does. */
  async function waiting(save: Save) {
    replies = ['no-network']
    await sendSave(save)
    await connectivity.probeNow()
    sent = []
  }

  it('sends a waiting save again with the same key, says it was saved, and reads the contract once', async () => {
    await waiting(holderSave('k1', '11955553333'))
    const refreshed: string[] = []
    await deliverOutbox((contractId) => refreshed.push(contractId))
    expect(sent.map((request) => request.key)).toEqual(['k1'])
    expect(await rows()).toEqual([])
    expect(toast.success).toHaveBeenCalledWith(savedMessage, expect.anything())
    expect(refreshed).toEqual(['c1'])
  })

  it('a server failure (503) keeps it waiting; the next round sends it again with the same key', async () => {
    await waiting(holderSave('k1', '11955553333'))
    replies = [{ status: 503, message: 'Indisponível.' }]
    await deliverOutbox(() => undefined)
    expect((await rows()).map((row) => [row.key, row.state])).toEqual([['k1', 'pending']])
    await deliverOutbox(() => undefined)
    expect(sent.map((request) => request.key)).toEqual(['k1', 'k1'])
    expect(await rows()).toEqual([])
  })

  it('refused later: kept as "não enviado" with the server’s message and its draft, never sent again', async () => {
    await waiting(holderSave('k1', '11955553333'))
    replies = [{ status: 422, message: 'Telefone inválido.' }]
    await deliverOutbox(() => undefined)
    const [row] = await rows()
    expect(row).toMatchObject({
      state: 'refused',
      message: 'Telefone inválido.',
      draft: { values: { phone: '11955553333' } },
    })
    expect(toast.error).toHaveBeenCalledWith(unsentMessage('Telefone inválido.'), expect.anything())
    await deliverOutbox(() => undefined)
    expect(sent).toHaveLength(1)
  })

  it('the session ended (401): kept for the same person’s next login, and the app is told', async () => {
    await waiting(holderSave('k1', '11955553333'))
    const ended = vi.fn()
    setSessionExpiredHandler(ended)
    replies = [{ status: 401, message: 'Sessão expirada.' }]
    await deliverOutbox(() => undefined)
    expect(ended).toHaveBeenCalledTimes(1)
    expect((await rows()).map((row) => row.state)).toEqual(['pending'])

    session.setToken(token('ana'))
    await deliverOutbox(() => undefined)
    expect(sent.map((request) => [request.key, request.authorization])).toEqual([
      ['k1', expect.any(String)],
      ['k1', `Bearer ${session.token()}`],
    ])
    expect(await rows()).toEqual([])
  })

  it('with an expired token nothing is sent; another person’s login drops the waiting save unsent', async () => {
    await waiting(holderSave('k1', '11955553333'))
    session.setToken(token('ana', -60))
    await deliverOutbox(() => undefined)
    expect(sent).toEqual([])
    expect(await rows()).toHaveLength(1)

    session.setToken(token('bruno'))
    await deliverOutbox(() => undefined)
    expect(sent).toEqual([])
    expect(await rows()).toEqual([])
  })

  it('what the worker delivered with no page open settles the row without sending it again', async () => {
    await waiting(holderSave('k1', '11955553333'))
    await recordResult({ key: 'k1', status: 200, message: savedMessage, at: Date.now() })
    await deliverOutbox(() => undefined)
    expect(sent).toEqual([])
    expect(await rows()).toEqual([])
    expect(toast.success).toHaveBeenCalledWith(savedMessage, expect.anything())
  })

  it('still no network: nothing is sent and the save keeps waiting', async () => {
    await waiting(holderSave('k1', '11955553333'))
    networkUp = false
    await connectivity.probeNow()
    await deliverOutbox(() => undefined)
    expect(sent).toEqual([])
    expect((await rows()).map((row) => row.state)).toEqual(['pending'])
  })
})

describe('a row read back from the device is checked again before it leaves', () => {
  it('one the request schema refuses is not sent: kept as "não enviado" with the schema’s message', async () => {
    const save = holderSave('k1', '11955553333')
    const broken = { ...save.input, holder: { ...save.input.holder, person: { first_name: '' } } }
    await db.outbox.put({
      ...save,
      input: broken,
      personId: 'ana',
      state: 'pending',
      message: null,
      createdAt: Date.now(),
    })
    await deliverOutbox(() => undefined)
    expect(sent).toEqual([])
    const [row] = await rows()
    expect(row).toMatchObject({ state: 'refused', message: mandatoryMessage('first_name') })
  })

  it('rows of the version before (a path and a body) are read as their operation and input', async () => {
    const name = `portal-titular-v3-${crypto.randomUUID()}`
    const before = new Dexie(name)
    before.version(3).stores({
      contracts: 'id',
      cards: 'id, contractId',
      instalments: 'id, contractId',
      documents: 'id, contractId',
      meta: 'key',
      outbox: 'key, contractId',
      receipts: 'instalmentId, contractId',
    })
    const { operation: _, input, ...rest } = holderSave('k1', '11955553333')
    await before.table('outbox').bulkPut([
      { ...rest, key: 'k1', path: queuedPaths.saveHolder, body: input, state: 'pending' },
      {
        ...rest,
        key: 'k2',
        path: queuedPaths.addDependent,
        body: { dependent: {} },
        state: 'pending',
      },
    ])
    before.close()

    const after = new PortalDatabase(name)
    const upgraded = await after.outbox.orderBy('key').toArray()
    expect(upgraded.map((row) => [row.key, row.operation, 'path' in row, 'body' in row])).toEqual([
      ['k1', 'saveHolder', false, false],
      ['k2', 'addDependent', false, false],
    ])
    expect(upgraded[0]?.input).toEqual(input)
    after.close()
  })
})

describe('after a restart', () => {
  it('a save the page died sending (left "sending") is sent again with its key by a new page', async () => {
    // The first page wrote its row and died before any answer: the row says 'sending'.
    await db.outbox.put({
      ...holderSave('k1', '11955553333'),
      personId: 'ana',
      state: 'sending',
      message: null,
      createdAt: Date.now(),
    })
    db.close()
    // A new page: new modules, the same IndexedDB.
    vi.resetModules()
    const fresh = await import('./outbox')
    const { db: reopened } = await import('./db')
    const { connectivity: freshConnectivity } = await import('../api/connectivity')
    await freshConnectivity.probeNow()
    await fresh.deliverOutbox(() => undefined)
    expect(sent.map((request) => request.key)).toEqual(['k1'])
    expect(await reopened.outbox.count()).toBe(0)
    reopened.close()
    await db.open()
  })
})
