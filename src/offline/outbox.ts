import type { QueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { toast } from 'sonner'
import { ApiError, apiBase, notifySessionExpired } from '../api/client'
import { contractKeys } from '../api/query-keys'
import { session } from '../api/session'
import { stripBearer } from '../lib/jwt'
import { toastDuration } from '../ui/toaster'
import { db } from './db'

/** A save the device made and the server has not confirmed yet ('pendente' in the UI). */
export type PendingSave = { key: string; contractId: string; target: string; createdAt: number }

const pendingPrefix = 'outbox:'
export const savedMessage = 'Cadastro realizado com sucesso!'

export const pendingSaves = async (contractId: string): Promise<PendingSave[]> =>
  (await db.meta.where('key').startsWith(pendingPrefix).toArray())
    .map((row) => row.value as PendingSave)
    .filter((save) => save.contractId === contractId)

type Sent = { queued: true } | { queued: false; message: string }

/**
 * Sends a registration save with its Idempotency-Key. Through the service worker, a save made
 * with no network comes back as 202 'queued' and is delivered later; the device shows it as
 * 'pendente' meanwhile. Any answer other than 2xx/202 is an ApiError the screen can show.
 */
export async function sendSave(
  path: string,
  body: unknown,
  key: string,
  mark: Omit<PendingSave, 'key' | 'createdAt'>,
): Promise<Sent> {
  const token = session.token()
  let response: Response
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Idempotency-Key': key,
        ...(token ? { Authorization: `Bearer ${stripBearer(token)}` } : {}),
      },
      body: JSON.stringify(body),
    })
  } catch {
    throw new ApiError(
      0,
      'Sem conexão: não foi possível salvar agora. Tente de novo quando a internet voltar.',
      null,
    )
  }
  const answer = (await response.json().catch(() => null)) as { message?: string } | null
  if (response.status === 202 && response.headers.get('X-Outbox') === 'queued') {
    await db.meta.put({
      key: `${pendingPrefix}${key}`,
      value: { ...mark, key, createdAt: Date.now() } satisfies PendingSave,
    })
    return { queued: true }
  }
  if (!response.ok) {
    const error = new ApiError(
      response.status,
      answer?.message ?? 'Não foi possível salvar.',
      answer?.message ?? null,
    )
    if (error.sessionExpired && token) notifySessionExpired()
    throw error
  }
  return { queued: false, message: answer?.message ?? savedMessage }
}

/**
 * Listens for what the service worker did with queued saves, and asks it to try again when a
 * connection may be back: at start, on `online`, and on return to the foreground.
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
    const row = await db.meta.get(`${pendingPrefix}${data.key}`)
    await db.meta.delete(`${pendingPrefix}${data.key}`)
    const status = data.status ?? 0
    if (status >= 200 && status < 300)
      toast.success(savedMessage, { duration: toastDuration.saveSuccess })
    else if (status === 401) notifySessionExpired()
    else
      toast.error(data.body?.message ?? 'Não foi possível salvar.', {
        duration: toastDuration.error,
      })
    // Success, conflict or refusal: the server's version is the truth now.
    const contractId = (row?.value as PendingSave | undefined)?.contractId
    await queryClient.invalidateQueries({
      queryKey: contractId ? contractKeys.detail(contractId) : contractKeys.all,
    })
  })
  window.addEventListener('online', replay)
  // A quiet retry while the app is open, for networks that return without an 'online' event.
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

/** Ids (holder, dependent, or 'new:<key>') with a save still waiting for the server. */
export function usePendingTargets(contractId: string): Set<string> {
  const saves = useLiveQuery(() => pendingSaves(contractId), [contractId], [])
  return new Set(saves.map((save) => save.target))
}
