import { Queue } from 'workbox-background-sync'
import { registerRoute } from 'workbox-routing'
import { tokenSubject } from '../contract/session-token'
import {
  isPageMessage,
  mayGetBetter,
  type OutboxQueued,
  outboxQueueName,
  outboxUrls,
  queuedHeader,
  recordResult,
  type WorkerMessage,
} from '../contract/worker-messages'

/**
 * The registration outbox (docs/design.md §5): saves go to the network through here; when the network
 * is not there, the request (body, Authorization and Idempotency-Key included) waits in
 * IndexedDB and is replayed on the `sync` event and whenever a page asks (app start, connection
 * back, return to the foreground — Safari and Firefox have no Background Sync). The server
 * answers a replay of the same key with its first answer, so nothing is written twice.
 *
 * Each outcome is recorded in IndexedDB before any page is told (contract/worker-messages.ts), so a save
 * delivered with no page open still clears its 'pendente' mark at the next start.
 */

type QueueEntry = Parameters<Queue['pushRequest']>[0]

/** The entry stays queued and the replay stops for now (401: until the person logs in). */
const retryLater = (status: number) => status === 401 || mayGetBetter(status)

const keyOf = (request: Request) => request.headers.get('Idempotency-Key') ?? ''

async function broadcast(scope: ServiceWorkerGlobalScope, message: WorkerMessage) {
  for (const client of await scope.clients.matchAll({ includeUncontrolled: true, type: 'window' }))
    client.postMessage(message)
}

async function readMessage(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null
  return typeof body?.message === 'string' ? body.message : null
}

export function setupOutbox(scope: ServiceWorkerGlobalScope, apiBase: string) {
  const urls = new Set(outboxUrls(apiBase, scope.location.origin))

  // Queue edits never interleave: a page dropping superseded saves must not race a replay
  // taking the same entries out. The network calls themselves run outside this chain.
  let chain: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work, work)
    chain = run.catch(() => undefined)
    return run
  }

  /** Delivers queued saves in order; `token` (a page's, after a new login) replaces theirs. */
  const replay = async (queue: Queue, token: string | undefined) => {
    for (;;) {
      const entry = await exclusive(() => queue.shiftRequest())
      if (!entry) return
      let request = entry.request
      if (token) {
        // Another person's save never goes with this person's token (a shared phone).
        if (tokenSubject(request.headers.get('Authorization')) !== tokenSubject(token)) continue
        const headers = new Headers(request.headers)
        headers.set('Authorization', `Bearer ${token}`)
        // From a copy: a Request made from another takes its body, and the entry may go back.
        request = new Request(request.clone(), { headers })
      }
      let response: Response
      try {
        response = await fetch(request.clone())
      } catch (error) {
        // Still no network: back first in line; the browser retries the sync later.
        await exclusive(() => queue.unshiftRequest(entry))
        throw error
      }
      if (retryLater(response.status)) {
        // 401: the session ended while the save waited; it goes once the person logs in again.
        await exclusive(() => queue.unshiftRequest(entry))
        if (response.status === 401)
          await broadcast(scope, {
            type: 'OUTBOX_SESSION_ENDED',
            token: (request.headers.get('Authorization') ?? '').replace(/^bearer\s+/i, ''),
          })
        throw new Error(`outbox: ${response.status}, tentar mais tarde`)
      }
      await recordResult({
        key: keyOf(entry.request),
        status: response.status,
        message: await readMessage(response),
        at: Date.now(),
      })
      await broadcast(scope, { type: 'OUTBOX_SETTLED' })
    }
  }

  const queue: Queue = new Queue(outboxQueueName, {
    maxRetentionTime: 7 * 24 * 60,
    onSync: ({ queue: q }) => replayOnce(q, undefined),
  })

  // One replay at a time: a sync event and a page's request may arrive together. A request that
  // comes during a replay is not lost: the replay runs once more, even if this attempt failed
  // (the network may have come back while it was failing).
  let replaying: Promise<void> | null = null
  let rerun: { token: string | undefined } | null = null
  const replayOnce = (q: Queue, token: string | undefined) => {
    if (replaying) {
      rerun = { token: token ?? rerun?.token }
      return replaying
    }
    replaying = (async () => {
      let next: { token: string | undefined } | null = { token }
      try {
        while (next) {
          const current = next
          rerun = null
          try {
            await replay(q, current.token)
          } catch (error) {
            if (!rerun) throw error
          }
          next = rerun
        }
      } finally {
        replaying = null
      }
    })()
    return replaying
  }

  /** Every queued entry except those whose key is in `keys`, order kept. */
  const drop = (keys: Set<string>) =>
    exclusive(async () => {
      const kept: QueueEntry[] = []
      for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest())
        if (!keys.has(keyOf(entry.request))) kept.push(entry)
      for (const entry of kept) await queue.pushRequest(entry)
    })

  registerRoute(
    ({ url, request }) => request.method === 'POST' && urls.has(`${url.origin}${url.pathname}`),
    async ({ request }) => {
      const copy = request.clone()
      try {
        return await fetch(request)
      } catch {
        const key = keyOf(copy)
        await exclusive(async () => {
          // A form sends one key however often it is tapped: keep it once.
          const queued = await queue.getAll()
          if (!queued.some((entry) => keyOf(entry.request) === key))
            await queue.pushRequest({ request: copy })
        })
        await broadcast(scope, { type: 'OUTBOX_QUEUED', key })
        // 202: accepted, not yet delivered — the page shows 'pendente' until the result arrives.
        return new Response(JSON.stringify({ message: 'pendente', queued: true }), {
          status: 202,
          headers: { 'Content-Type': 'application/json', [queuedHeader.name]: queuedHeader.value },
        })
      }
    },
    'POST',
  )

  scope.addEventListener('message', (event) => {
    const data: unknown = event.data
    if (!isPageMessage(data)) return
    switch (data.type) {
      case 'REPLAY_OUTBOX':
        event.waitUntil(replayOnce(queue, data.token).catch(() => undefined))
        return
      case 'CLEAR_OUTBOX':
        // Logout: queued saves carry the person's data and token; they go with everything else.
        event.waitUntil(
          exclusive(async () => {
            while (await queue.shiftRequest()) {
              // Dropping each entry is the point.
            }
          }),
        )
        return
      case 'DROP_QUEUED':
        event.waitUntil(drop(new Set(data.keys)))
        return
      case 'LIST_QUEUED':
        event.waitUntil(
          exclusive(async () => {
            const keys = (await queue.getAll()).map((entry) => keyOf(entry.request))
            event.ports[0]?.postMessage({ keys } satisfies OutboxQueued)
          }),
        )
        return
    }
  })
}
