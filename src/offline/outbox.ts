import { useLiveQuery } from 'dexie-react-hooks'
import { ApiError, apiBase, notifySessionExpired } from '../api/client'
import { session } from '../api/session'
import { stripBearer } from '../lib/jwt'
import { db } from './db'
import { savedMessage } from './outbox-listener'

/** A save the device made and the server has not confirmed yet ('pendente' in the UI). */
export type PendingSave = { key: string; contractId: string; target: string; createdAt: number }

const pendingPrefix = 'outbox:'

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

/** Forgets the 'pendente' mark of a save the server has answered; its contract id, if known. */
export async function settlePending(key: string): Promise<string | undefined> {
  const row = await db.meta.get(`${pendingPrefix}${key}`)
  await db.meta.delete(`${pendingPrefix}${key}`)
  return (row?.value as PendingSave | undefined)?.contractId
}

/** Ids (holder, dependent, or 'new:<key>') with a save still waiting for the server. */
export function usePendingTargets(contractId: string): Set<string> {
  const saves = useLiveQuery(() => pendingSaves(contractId), [contractId], [])
  return new Set(saves.map((save) => save.target))
}
