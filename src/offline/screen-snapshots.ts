import { tokenExpiresAt } from '../../contract/session-token'
import { screenSnapshots } from '../../contract/worker-messages'
import { connectivity } from '../api/connectivity'
import { session } from '../api/session'
import { showsLoading } from '../ui/loading'
import { saveScreenSnapshot } from './card-snapshot'

/** Quiet for this long, the screen is what it will stay: its copy is taken then. */
const settledAfterMs = 500

/**
 * Keeps a copy of /home and /search as they are on display (contract/worker-messages.ts
 * `screenSnapshots`): the service worker paints it when the installed app opens that path again
 * (sw/screen-snapshot.ts), before any script has run. Taken once the screen has been quiet for a
 * moment, with its data in and the server reachable (a copy of an offline notice would greet
 * the next start), in an idle moment; the sanitizer loads only then.
 */
export function keepScreenSnapshots() {
  if (typeof caches === 'undefined' || typeof MutationObserver === 'undefined') return
  const kept = new Map<string, string>()
  let timer: ReturnType<typeof setTimeout> | undefined
  const keepNow = async () => {
    const root = document.getElementById('root')
    const where = `${location.pathname}${location.search}`
    // Still the device's copy (the app has not taken its place yet), or not a copied screen.
    if (!root || root.hasAttribute(screenSnapshots.paintedAttribute)) return
    if (!screenSnapshots.paths.includes(location.pathname) || showsLoading(root)) return
    if (!connectivity.confirmedOnline()) return
    // A selection is the person's of the moment: the app starts with none, and so must the copy.
    const boxes = root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')
    if ([...boxes].some((box) => box.checked)) return
    const expiresAt = tokenExpiresAt(session.token())
    const contractId = session.contractId()
    if (expiresAt === null || !contractId) return
    const { screenMarkup } = await import('./screen-markup')
    const html = screenMarkup(root, 'stand-in')
    if (kept.get(where) === html) return
    kept.set(where, html)
    await saveScreenSnapshot(where, { expiresAt, contractId, html })
  }
  const soon = () => {
    clearTimeout(timer)
    if (!screenSnapshots.paths.includes(location.pathname)) return
    timer = setTimeout(() => {
      const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0))
      idle(() => void keepNow().catch(() => undefined))
    }, settledAfterMs)
  }
  // Whatever changed the screen (a route, an answer, the device's database): #root is replaced
  // once, when the app takes the painted copy's place, so the whole body is watched.
  new MutationObserver(soon).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  })
  soon()
}
