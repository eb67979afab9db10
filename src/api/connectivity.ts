import { apiBase } from './base'

/**
 * One answer to "can we reach the server?" for the whole app and for TanStack Query's
 * onlineManager (docs/design.md §5). navigator.onLine alone lies at a gate with weak signal or on a
 * Wi-Fi with no internet: it says online while every request fails. So:
 * - offline when navigator.onLine is false, or when a request to our API failed at the network
 *   level or had no answer after `noAnswerAfterMs`;
 * - online again only after a request succeeds: while offline a cheap probe of the health route
 *   runs with backoff, and at once on the `online` event and on return to the foreground.
 */

/** A request with no answer after this long counts as "no connection" (the pill shows). */
export const noAnswerAfterMs = 3_000
/** Delays between probes while offline: quick at first, then every 10 s. */
export const probeDelaysMs = [1_000, 2_000, 4_000, 8_000, 10_000] as const
/** At start, with no request of its own by then, the app probes once to learn where it stands. */
export const startProbeAfterMs = 1_000

export type Reachability = 'unknown' | 'reachable' | 'unreachable'

export type ConnectivityEnvironment = {
  /** navigator.onLine: false is trustworthy, true is not. */
  deviceOnline: () => boolean
  /** Asks the server something cheap; resolves true only for a real answer from it. */
  probe: (signal: AbortSignal) => Promise<boolean>
}

export type Connectivity = ReturnType<typeof createConnectivity>

export function createConnectivity(environment: ConnectivityEnvironment) {
  let reachability: Reachability = 'unknown'
  let attempt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let probing: Promise<void> | null = null
  const listeners = new Set<() => void>()

  const online = () => environment.deviceOnline() && reachability !== 'unreachable'

  function set(next: Reachability) {
    reachability = next
    for (const listener of listeners) listener()
  }

  function reachable() {
    attempt = 0
    clearTimeout(timer)
    timer = undefined
    if (reachability !== 'reachable') set('reachable')
  }

  function unreachable() {
    if (reachability !== 'unreachable') set('unreachable')
    scheduleProbe()
  }

  function scheduleProbe() {
    if (timer !== undefined || probing) return
    const delay = probeDelaysMs[Math.min(attempt, probeDelaysMs.length - 1)]
    attempt += 1
    timer = setTimeout(() => {
      timer = undefined
      void probeNow()
    }, delay)
  }

  /** One probe at a time; its answer decides the state like any other request's. */
  function probeNow(): Promise<void> {
    if (probing) return probing
    clearTimeout(timer)
    timer = undefined
    probing = (async () => {
      let answered = false
      try {
        answered = await environment.probe(AbortSignal.timeout(noAnswerAfterMs))
      } catch {
        // No answer is exactly what a probe is there to find out.
      }
      probing = null
      if (answered) reachable()
      else unreachable()
    })()
    return probing
  }

  return {
    /** What the header pill, the screens and Query go by. */
    online,
    /** Online and proven so by an answer since the app started (not just assumed). */
    confirmedOnline: () => environment.deviceOnline() && reachability === 'reachable',
    reachability: () => reachability,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    /**
     * Follows one request to our API: an answer of any status proves the server reachable,
     * a network failure or no answer within `noAnswerAfterMs` says it is not. `answered` tells
     * answers apart that are not really the server's (the outbox's "queued for later").
     */
    watch<T>(request: Promise<T>, answered: (value: T) => boolean = () => true): Promise<T> {
      const slow = setTimeout(unreachable, noAnswerAfterMs)
      request.then(
        (value) => {
          clearTimeout(slow)
          if (answered(value)) reachable()
          else unreachable()
        },
        (error: unknown) => {
          clearTimeout(slow)
          // A request the app cancelled says nothing about the network.
          if (!(error instanceof DOMException && error.name === 'AbortError')) unreachable()
        },
      )
      return request
    },
    /** The device says it lost the network: believe it, and prove the way back with a request. */
    deviceWentOffline() {
      if (reachability !== 'unreachable') set('unreachable')
      else for (const listener of listeners) listener()
      scheduleProbe()
    },
    /** `online` event, return to the foreground, or the start probe: ask now. */
    probeNow,
    /** At start: probe once unless a request of the app has already told. */
    probeIfUnknown() {
      if (reachability === 'unknown') void probeNow()
    },
  }
}

/** The app's one connectivity source. */
export const connectivity = createConnectivity({
  deviceOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  probe: async (signal) => {
    const response = await fetch(`${apiBase}/health`, { cache: 'no-store', signal })
    return response.ok
  },
})

/** Wires the browser's hints in; runs once, from the entry. */
export function startConnectivity() {
  window.addEventListener('offline', () => connectivity.deviceWentOffline())
  window.addEventListener('online', () => void connectivity.probeNow())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void connectivity.probeNow()
  })
  if (!navigator.onLine) connectivity.deviceWentOffline()
  setTimeout(() => connectivity.probeIfUnknown(), startProbeAfterMs)
}
