import type { QueryClient } from '@tanstack/react-query'
import { stripBearer } from '../../contract/session-token'
import { clearResults, type PageMessage, type WorkerMessage } from '../../contract/worker-messages'
import { notifySessionExpired } from '../api/client'
import { connectivity } from '../api/connectivity'
import { contractKeys } from '../api/query-keys'
import { session } from '../api/session'

/**
 * Runs delivery rounds of the registration outbox (src/offline/outbox.ts): at start, when the
 * server becomes reachable again, after a login, on return to the foreground, when the worker
 * recorded an outcome, and quietly every 30 s. The app imports it beside its first render, and the
 * device database loads only for a logged-in person, so the login screen's first view pays for
 * neither.
 */
export function startOutbox(queryClient: QueryClient) {
  const refresh = (contractId: string) =>
    void queryClient.invalidateQueries({ queryKey: contractKeys.detail(contractId) })

  // One round at a time; a reason to deliver during a round runs one more after it.
  let running: Promise<void> | null = null
  let again = false
  const deliver = () => {
    if (!session.token()) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      do {
        again = false
        const { deliverOutbox } = await import('./outbox')
        await deliverOutbox(refresh).catch((error) =>
          console.error('Falha ao entregar alterações pendentes', error),
        )
      } while (again)
    })().finally(() => {
      running = null
    })
  }

  let wasOnline = connectivity.online()
  connectivity.subscribe(() => {
    const online = connectivity.online()
    if (online && !wasOnline) deliver()
    wasOnline = online
  })
  session.onToken(deliver)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') deliver()
  })
  setInterval(deliver, 30_000)
  if (!('serviceWorker' in navigator)) {
    setTimeout(deliver, 1000)
    return
  }
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    if (event.data?.type === 'OUTBOX_SETTLED') deliver()
    // The server refused this page's own session while delivering: it is over here too.
    const token = session.token()
    if (
      event.data?.type === 'OUTBOX_SESSION_ENDED' &&
      token &&
      stripBearer(token) === event.data.token
    )
      notifySessionExpired()
  })
  // The worker is registered in production builds only; in development the page delivers alone.
  if (import.meta.env.PROD) void navigator.serviceWorker.ready.then(deliver)
  else setTimeout(deliver, 1000)
}

/** Logout: queued saves and their outcomes carry personal data and the token; they all go. */
export async function clearOutbox() {
  navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_OUTBOX' } satisfies PageMessage)
  await clearResults().catch(() => undefined)
}
