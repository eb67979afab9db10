import type { QueryClient } from '@tanstack/react-query'
import { notifySessionExpired } from '../api/client'
import { contractKeys } from '../api/query-keys'
import { toast, toastDuration } from '../ui/toast'

/** The save success toast (spec §7), for direct and replayed saves alike. */
export const savedMessage = 'Cadastro realizado com sucesso!'

/**
 * Listens for what the service worker did with queued saves, and asks it to try again when a
 * connection may be back: at start, on `online`, on return to the foreground, and quietly every
 * 30 s. It lives in the entry; the device database is loaded only when a result arrives, so the
 * login screen does not pay for it.
 */
export function startOutbox(queryClient: QueryClient) {
  if (!('serviceWorker' in navigator)) return
  const replay = () => {
    if (navigator.onLine) navigator.serviceWorker.controller?.postMessage({ type: 'REPLAY_OUTBOX' })
  }
  navigator.serviceWorker.addEventListener('message', async (event) => {
    const data = event.data as {
      type?: string
      key?: string
      status?: number
      body?: { message?: string } | null
    }
    if (data?.type !== 'OUTBOX_RESULT' || !data.key) return
    const { settlePending } = await import('./outbox')
    const contractId = await settlePending(data.key)
    const status = data.status ?? 0
    if (status >= 200 && status < 300)
      toast.success(savedMessage, { duration: toastDuration.saveSuccess })
    else if (status === 401) notifySessionExpired()
    else
      toast.error(data.body?.message ?? 'Não foi possível salvar.', {
        duration: toastDuration.error,
      })
    // Success, conflict or refusal: the server's version is the truth now.
    await queryClient.invalidateQueries({
      queryKey: contractId ? contractKeys.detail(contractId) : contractKeys.all,
    })
  })
  window.addEventListener('online', replay)
  setInterval(replay, 30_000)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') replay()
  })
  void navigator.serviceWorker.ready.then(replay)
}

/** Logout: queued saves carry personal data and the token; they are dropped with the rest. */
export function clearOutbox() {
  navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_OUTBOX' })
}
