import type { Page } from 'playwright-core'

/** Reads the app's IndexedDB (Dexie) from the page: what the device keeps about the person. */
export function storedRows(page: Page, table: string): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(
    (name) =>
      new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const open = indexedDB.open('portal-titular')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const database = open.result
          if (!database.objectStoreNames.contains(name)) {
            database.close()
            resolve([])
            return
          }
          const request = database.transaction(name, 'readonly').objectStore(name).getAll()
          request.onsuccess = () => {
            database.close()
            resolve(request.result as Array<Record<string, unknown>>)
          }
          request.onerror = () => reject(request.error)
        }
      }),
    table,
  )
}

/**
 * Waits until the service worker is active, i.e. the shell is precached for offline use, and
 * answers this page. On a first visit it takes the page over as it activates (sw/first-use.ts),
 * a moment after `ready`: a signal cut in between sent the page's next chunk to the network, and
 * a busy machine saw "Sem conexão" on /home instead of the screen it had precached.
 */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((taken) =>
        navigator.serviceWorker.addEventListener('controllerchange', taken, { once: true }),
      )
    return registration.active?.state
  })
}

/**
 * The app itself is on screen: neither a copy painted by the service worker from the device
 * (decision 021) nor the server's rendered screen (decision 020) stands in `#root` any more. For
 * checks on the live app's markup (its boxes, its computed styles, its focus handling), which a
 * copy stands in for only until the app takes its place, replacing the elements a check holds.
 */
export async function appIsLive(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return (
      root?.firstElementChild &&
      !root.hasAttribute('data-painted') &&
      !root.hasAttribute('data-rendered')
    )
  })
}
