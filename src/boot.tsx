/**
 * Starts the app (src/main.tsx loads this). On a screen the server rendered (decision 020), or
 * the service worker painted from the device's copy of it (decision 021), the app renders beside
 * it, off the page (the router shows nothing until the route's code and data are in, and it
 * shows that only once rendered); then the app's markup takes the place of the server's in one
 * step (the same screen, so nothing moves) and the taps made meanwhile replay.
 */
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { paintedAttribute } from '../contract/painted-page'
import { seedEarlyAnswers } from './api/client'
import { connectivity, startConnectivity } from './api/connectivity'
import { App, createApp } from './app'
import { startContractRead } from './features/contracts/api/early-read'
import { restoreBeforeRender } from './offline/persist'
import { takePageData } from './page-data'
import { showsLoading } from './ui/loading'

startConnectivity()
const page = takePageData()
/** Resolves once the screen has asked for each answer the server wrote into the page. */
const answersTaken = page ? seedEarlyAnswers(page.answers) : Promise.resolve()
startContractRead()

const container = document.getElementById('root')
if (!container) throw new Error('Elemento #root ausente em index.html')
/** The screen in the page is the installed app's last copy of it, not the server's answer. */
const paintedByDevice = container.hasAttribute(paintedAttribute)

type Parts = ReturnType<typeof createApp>
const appOf = (parts: Parts) => (
  <StrictMode>
    <App parts={parts} />
  </StrictMode>
)

/** Resolves when the router has shown its first location. */
const routeShown = (parts: Parts) =>
  new Promise<void>((resolve) => {
    const stop = parts.router.subscribe('onResolved', () => {
      stop()
      resolve()
    })
  })

/**
 * Resolves when the screen waits on no read: none on its way, none of its queries still without
 * an answer (a query waiting for the signal counts as answered: the screen says so).
 */
const readsDone = (parts: Parts) =>
  new Promise<void>((resolve) => {
    const cache = parts.queryClient.getQueryCache()
    const waiting = () =>
      cache
        .getAll()
        .some(
          (query) =>
            query.state.fetchStatus === 'fetching' ||
            (query.getObserversCount() > 0 &&
              query.state.status === 'pending' &&
              query.state.fetchStatus !== 'paused' &&
              !query.isDisabled()),
        )
    if (!waiting()) return resolve()
    const stop = cache.subscribe(() => {
      if (waiting()) return
      stop()
      resolve()
    })
  })

/** A frame and a task: what the last answers changed has been rendered and committed. */
const rendered = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

/**
 * Resolves when `next` shows no loading state the server's screen did not show: the route's
 * component may mount (and ask for its data) a frame after the router resolved.
 */
const notBusy = (next: Element, serverScreen: Element) =>
  new Promise<void>((resolve) => {
    if (showsLoading(serverScreen) || !showsLoading(next)) return resolve()
    const watch = new MutationObserver(() => {
      if (showsLoading(next)) return
      watch.disconnect()
      resolve()
    })
    watch.observe(next, { subtree: true, childList: true, attributes: true })
  })

/**
 * Resolves once React has committed the app into `next`: rendered as a transition, in slices,
 * the first render may still be under way frames after the route resolved (on a busy phone).
 */
const committed = (next: Element) =>
  new Promise<void>((resolve) => {
    if (next.firstElementChild) return resolve()
    const watch = new MutationObserver(() => {
      if (!next.firstElementChild) return
      watch.disconnect()
      resolve()
    })
    watch.observe(next, { childList: true })
  })

/**
 * The app's first screen is the server's: its route is shown and committed, it has taken the
 * answers the page carried, it waits on no read, and what they changed is on screen. At most
 * `ms`, whatever happened.
 */
const firstScreen = (
  parts: Parts,
  next: Element,
  serverScreen: Element,
  shown: Promise<void>,
  ms: number,
) =>
  Promise.race([
    Promise.all([shown, answersTaken, committed(next)])
      .then(rendered)
      // The device's copy was drawn from what the device holds, and so is the app's first
      // screen: the reads still on their way are the network's, and the swap does not wait for
      // them (with no signal they would hold every tap for the whole `ms`).
      .then(() => (paintedByDevice ? undefined : readsDone(parts)))
      .then(() => notBusy(next, serverScreen))
      .then(rendered),
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ])

/**
 * Not awaited at the top level: the route's chunks import this module's chunk, and a module
 * still evaluating (a top-level await) would hold their import, and the router with it.
 */
async function takeOver(serverScreen: HTMLElement) {
  // A task of its own: this module's evaluation (React, the router) is one long task already.
  await new Promise((resolve) => setTimeout(resolve, 0))
  const parts = createApp()
  const next = document.createElement('div')
  const root = createRoot(next)
  const shown = routeShown(parts)
  // The route first (its code, its match), before React renders anything: a router that loads
  // once mounted changes its stores as it goes, and React renders a store's change at once, in
  // one task, whatever transition it came in (a 200 ms task on a phone, at each step).
  // The stored queries too: restored after the first render, they re-rendered it all at once.
  await Promise.all([
    parts.router.load().catch(() => undefined),
    restoreBeforeRender(parts.queryClient),
  ])
  // As a transition: React renders it in slices of a few milliseconds, so the page the person
  // already sees (and taps) is never held by one long task; nothing of it is on screen until the
  // swap, so nothing waits on it either.
  startTransition(() => root.render(appOf(parts)))
  await firstScreen(parts, next, serverScreen, shown, 10_000)
  serverScreen.replaceWith(next)
  next.id = 'root'
  // The entry replays the taps made on the server's screen meanwhile (src/early-taps.ts).
  document.dispatchEvent(new CustomEvent('portal:app-took-over', { detail: next }))
}

if (container.firstElementChild) {
  // The page itself is the server's answer of a moment ago (rendered pages are never cached):
  // the server is reachable, as a first request's answer would have said. Not so for a copy the
  // service worker painted from the device (sw/screen-snapshot.ts).
  if (!paintedByDevice) void connectivity.watch(Promise.resolve(true))
  void takeOver(container)
} else createRoot(container).render(appOf(createApp()))

// After the page has loaded, and its code with it: the login screen's first view does not carry
// it. A server-rendered page may have finished loading before the app started.
const registerWorker = () =>
  void import('./offline/sw-bridge').then(({ registerServiceWorker }) => registerServiceWorker())
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') registerWorker()
  else window.addEventListener('load', registerWorker)
}
