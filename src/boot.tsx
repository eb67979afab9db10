/**
 * Starts the app (src/main.tsx loads this). On a screen the server rendered (decision 020) the
 * app renders beside it, off the page (the router shows nothing until the route's code and data
 * are in, and it shows that only once rendered); then the app's markup takes the place of the
 * server's in one step (the same screen, so nothing moves) and the taps made meanwhile replay.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { seedEarlyAnswers } from './api/client'
import { startConnectivity } from './api/connectivity'
import { App, createApp } from './app'
import { startContractRead } from './features/contracts/api/early-read'
import { takePageData } from './page-data'

startConnectivity()
const page = takePageData()
if (page) seedEarlyAnswers(page.answers)
startContractRead()

const container = document.getElementById('root')
if (!container) throw new Error('Elemento #root ausente em index.html')

const parts = createApp()
const app = (
  <StrictMode>
    <App parts={parts} />
  </StrictMode>
)

/** Resolves when the router has shown its first location (or after `ms`, whatever happened). */
const firstScreen = (ms: number) =>
  new Promise<void>((resolve) => {
    const stop = parts.router.subscribe('onResolved', () => {
      stop()
      resolve()
    })
    setTimeout(resolve, ms)
  })

/**
 * Not awaited at the top level: the route's chunks import this module's chunk, and a module
 * still evaluating (a top-level await) would hold their import, and the router with it.
 */
async function takeOver(serverScreen: HTMLElement) {
  const next = document.createElement('div')
  createRoot(next).render(app)
  await firstScreen(10_000)
  serverScreen.replaceWith(next)
  next.id = 'root'
  // The entry replays the taps made on the server's screen meanwhile (src/early-taps.ts).
  document.dispatchEvent(new CustomEvent('portal:app-took-over', { detail: next }))
}

if (container.firstElementChild) void takeOver(container)
else createRoot(container).render(app)

// After the page has loaded, and its code with it: the login screen's first view does not carry
// it. A server-rendered page may have finished loading before the app started.
const registerWorker = () =>
  void import('./offline/sw-bridge').then(({ registerServiceWorker }) => registerServiceWorker())
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') registerWorker()
  else window.addEventListener('load', registerWorker)
}
