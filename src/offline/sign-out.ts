import type { QueryClient } from '@tanstack/react-query'
import { barePaths } from '../../contract/api/bare-paths'
import { apiBase } from '../api/base'
import { session } from '../api/session'
import { deleteCardSnapshot } from './card-snapshot'
import { clearOutbox } from './outbox-listener'
import { persistedCacheKey } from './persist'

/**
 * Logout (spec §4, docs/design.md §5): the token and contract id go, and so does every piece of
 * personal data this device kept, so the next person on a shared phone sees nothing.
 *
 * When the session only expired (`keepPendingSaves`), saves still waiting for the server stay:
 * the same person's next login sends them; another person's login drops them
 * (src/offline/outbox.ts). "Sair" keeps nothing.
 */
export async function signOut(queryClient: QueryClient, { keepPendingSaves = false } = {}) {
  // "Sair" also ends the session on the server, so a copy of the token stops working. Not
  // awaited: with no signal the device is cleared all the same (keepalive lets it finish).
  const token = session.token()
  if (token && !keepPendingSaves) endServerSession(token)
  session.clear()
  queryClient.clear()
  localStorage.removeItem(persistedCacheKey)
  // A Pix generated on this device (spec §3 pixResponse, pixData) is the holder's too.
  localStorage.removeItem('pixResponse')
  localStorage.removeItem('pixData')
  if (!keepPendingSaves) await clearOutbox()
  await deleteCardSnapshot()
  // The device database loads on demand, so the login screen's bundle does not carry it.
  const { db } = await import('./db')
  await db
    .wipe({ keepOutbox: keepPendingSaves })
    .catch((error) => console.error('Falha ao apagar os dados do aparelho', error))
}

function endServerSession(token: string) {
  fetch(`${apiBase}${barePaths.logout}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => {
    // No connection: the token is gone from this device and expires on the server by itself.
  })
}
