import type { AnyRouter } from '@tanstack/react-router'
import {
  type CardSnapshot,
  cardSnapshot,
  type ScreenSnapshot,
  screenSnapshots,
} from '../../contract/worker-messages'
import { session } from '../api/session'

const cachesAvailable = () => typeof caches !== 'undefined'

// Saves and the logout's delete run one after another, so a save that started before "Sair"
// can't land after the delete; a save that starts after it finds no session and writes nothing.
let turn: Promise<void> = Promise.resolve()
function inTurn(work: () => Promise<void>): Promise<void> {
  turn = turn
    .then(work)
    .catch((error) => console.error('Falha ao gravar ou apagar a cópia das carteirinhas', error))
  return turn
}

/**
 * Writes `value` at `url` in the snapshots' cache, tagged with the build that drew it (its class
 * names change from build to build), while a session lasts.
 */
const putCopy = (url: string, value: object) =>
  inTurn(async () => {
    const build = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src
    if (!cachesAvailable() || !build || !session.token()) return
    const cache = await caches.open(cardSnapshot.cache)
    await cache.put(url, Response.json({ ...value, build: new URL(build).pathname }))
  })

export const saveCardSnapshot = (snapshot: Omit<CardSnapshot, 'build'>) =>
  putCopy(cardSnapshot.url, snapshot)

/** A copy of the screen at `pathAndQuery` (contract/worker-messages.ts `screenSnapshots`). */
export const saveScreenSnapshot = (pathAndQuery: string, snapshot: Omit<ScreenSnapshot, 'build'>) =>
  putCopy(screenSnapshots.url(pathAndQuery), snapshot)

/**
 * Logout: the snapshot holds names, codes and photos, so it goes with the rest; the screens'
 * copies live in the same cache and go with it.
 */
export const deleteCardSnapshot = () =>
  inTurn(async () => {
    if (cachesAvailable()) await caches.delete(cardSnapshot.cache)
  })

/** The app's own card list is on screen: the static copy the worker painted goes. */
export function dropCardSnapshotView() {
  document.getElementById(cardSnapshot.elementId)?.remove()
}

/**
 * The static copy stands in for the card screen only. It goes at once when it belongs to another
 * contract, when the app lands anywhere else (a redirect, another route), and after a few
 * seconds in any case: an inert copy must never hide the real app for long.
 */
export function releaseCardSnapshotView(router: AnyRouter) {
  const view = document.getElementById(cardSnapshot.elementId)
  if (!view) return
  if (view.dataset.contract !== session.contractId()) return view.remove()
  const stop = router.subscribe('onRendered', ({ toLocation }) => {
    if (toLocation.pathname !== cardSnapshot.path) dropCardSnapshotView()
  })
  setTimeout(() => {
    stop()
    dropCardSnapshotView()
  }, 5000)
}
