import { Queue } from 'workbox-background-sync'
import { registerRoute } from 'workbox-routing'

/**
 * The registration outbox (DESIGN §5): saves go to the network through here; when the network
 * is not there, the request (body, Authorization and Idempotency-Key included) waits in
 * IndexedDB and is replayed on the `sync` event, at worker start-up, and whenever the page asks
 * (app start, `online`, back to the foreground — Safari and Firefox have no Background Sync).
 * The server answers a replay of the same key with its first answer, so nothing is written twice.
 */
export const outboxPaths = ['/socios-api/client/photo-holder', '/socios-api/client/add-dependent']

/** Messages to every open page: what happened to a queued save. */
export type OutboxEvent =
  | { type: 'OUTBOX_QUEUED'; key: string }
  | { type: 'OUTBOX_RESULT'; key: string; status: number; body: unknown }

async function broadcast(scope: ServiceWorkerGlobalScope, event: OutboxEvent) {
  for (const client of await scope.clients.matchAll({ includeUncontrolled: true, type: 'window' }))
    client.postMessage(event)
}

export function setupOutbox(scope: ServiceWorkerGlobalScope) {
  let replaying: Promise<void> | null = null

  const replay = async (queue: Queue) => {
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
      let response: Response
      try {
        response = await fetch(entry.request.clone())
      } catch (error) {
        // Still no network: put it back first in line and let the browser retry the sync later.
        await queue.unshiftRequest(entry)
        throw error
      }
      const key = entry.request.headers.get('Idempotency-Key') ?? ''
      await broadcast(scope, {
        type: 'OUTBOX_RESULT',
        key,
        status: response.status,
        body: await response.json().catch(() => null),
      })
    }
  }

  const queue: Queue = new Queue('portal-titular-outbox', {
    maxRetentionTime: 7 * 24 * 60,
    onSync: ({ queue: q }) => replayOnce(q),
  })
  // One replay at a time: a sync event and a page's request may arrive together. A request that
  // comes during a replay is not lost: the replay runs once more, even if this attempt failed
  // (the network may have come back while it was failing).
  let rerun = false
  const replayOnce = (q: Queue) => {
    if (replaying) {
      rerun = true
      return replaying
    }
    replaying = (async () => {
      try {
        do {
          rerun = false
          try {
            await replay(q)
          } catch (error) {
            if (!rerun) throw error
          }
        } while (rerun)
      } finally {
        replaying = null
      }
    })()
    return replaying
  }

  registerRoute(
    ({ url, request }) => request.method === 'POST' && outboxPaths.includes(url.pathname),
    async ({ request }) => {
      const copy = request.clone()
      try {
        return await fetch(request)
      } catch {
        await queue.pushRequest({ request: copy })
        const key = copy.headers.get('Idempotency-Key') ?? ''
        await broadcast(scope, { type: 'OUTBOX_QUEUED', key })
        // 202: accepted, not yet delivered — the page shows 'pendente' until the result arrives.
        return new Response(JSON.stringify({ message: 'pendente', queued: true }), {
          status: 202,
          headers: { 'Content-Type': 'application/json', 'X-Outbox': 'queued' },
        })
      }
    },
    'POST',
  )

  scope.addEventListener('message', (event) => {
    const type = (event.data as { type?: string } | undefined)?.type
    if (type === 'REPLAY_OUTBOX') event.waitUntil(replayOnce(queue).catch(() => undefined))
    // Logout: queued saves carry the person's data and token; they go with everything else.
    if (type === 'CLEAR_OUTBOX')
      event.waitUntil(
        (async () => {
          while (await queue.shiftRequest()) {
            // Dropping each entry is the point.
          }
        })(),
      )
  })
}
