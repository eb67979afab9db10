import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConnectivity, noAnswerAfterMs, probeDelaysMs } from './connectivity'

/** A device and a server the test controls; every probe is recorded with its time. */
function world() {
  const state = { deviceOnline: true, serverUp: true, probes: [] as number[] }
  const start = Date.now()
  const connectivity = createConnectivity({
    deviceOnline: () => state.deviceOnline,
    probe: async () => {
      state.probes.push(Date.now() - start)
      if (!state.serverUp) throw new TypeError('Failed to fetch')
      return true
    },
  })
  const answer = () => connectivity.watch(Promise.resolve(new Response('{}')))
  const fail = () =>
    connectivity.watch(Promise.reject(new TypeError('Failed to fetch'))).catch(() => {})
  return { state, connectivity, answer, fail }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('connectivity: offline from what requests say, online only after an answer', () => {
  it('a phone that says "online" but whose requests fail is offline', async () => {
    const { connectivity, fail } = world()
    expect(connectivity.online()).toBe(true)
    expect(connectivity.confirmedOnline()).toBe(false)
    await fail()
    expect(connectivity.online()).toBe(false)
  })

  it('a request with no answer after the threshold counts as no connection, until it answers', async () => {
    const { connectivity } = world()
    let respond: (response: Response) => void = () => {}
    connectivity.watch(new Promise<Response>((resolve) => (respond = resolve)))
    await vi.advanceTimersByTimeAsync(noAnswerAfterMs - 1)
    expect(connectivity.online()).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(connectivity.online()).toBe(false)
    respond(new Response('{}'))
    await vi.advanceTimersByTimeAsync(0)
    expect(connectivity.online()).toBe(true)
  })

  it('while offline it probes with backoff, and comes back at the first answer', async () => {
    const { connectivity, state, fail } = world()
    state.serverUp = false
    await fail()
    await vi.advanceTimersByTimeAsync(probeDelaysMs.slice(0, 3).reduce((a, b) => a + b, 0))
    expect(state.probes).toEqual([1000, 3000, 7000])
    expect(connectivity.online()).toBe(false)
    state.serverUp = true
    await vi.advanceTimersByTimeAsync(probeDelaysMs[3])
    expect(connectivity.online()).toBe(true)
    expect(connectivity.confirmedOnline()).toBe(true)
    // Online again: no more probes.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(state.probes).toHaveLength(4)
  })

  it('never waits longer than the last delay between probes', async () => {
    const { state, fail } = world()
    state.serverUp = false
    await fail()
    await vi.advanceTimersByTimeAsync(120_000)
    const gaps = state.probes.slice(1).map((at, index) => at - (state.probes[index] ?? 0))
    expect(Math.max(...gaps)).toBe(probeDelaysMs.at(-1))
  })

  it('the device going offline is believed at once; its way back needs an answer', async () => {
    const { connectivity, state } = world()
    const seen: boolean[] = []
    connectivity.subscribe(() => seen.push(connectivity.online()))
    state.deviceOnline = false
    connectivity.deviceWentOffline()
    expect(connectivity.online()).toBe(false)
    state.deviceOnline = true
    state.serverUp = false
    await connectivity.probeNow()
    expect(connectivity.online()).toBe(false)
    state.serverUp = true
    await connectivity.probeNow()
    expect(connectivity.online()).toBe(true)
    expect(seen.at(-1)).toBe(true)
  })

  it('navigator.onLine false wins over a server that answers', async () => {
    const { connectivity, state, answer } = world()
    await answer()
    state.deviceOnline = false
    expect(connectivity.online()).toBe(false)
  })

  it('a request the app cancelled says nothing about the network', async () => {
    const { connectivity } = world()
    await connectivity
      .watch(Promise.reject(new DOMException('cancelled', 'AbortError')))
      .catch(() => {})
    expect(connectivity.online()).toBe(true)
  })

  it('an answer the outbox made up ("queued") is no answer from the server', async () => {
    const { connectivity } = world()
    await connectivity.watch(Promise.resolve(new Response('', { status: 202 })), () => false)
    expect(connectivity.online()).toBe(false)
  })

  it('the start probe runs only when no request has told yet', async () => {
    const { connectivity, state, answer } = world()
    await answer()
    connectivity.probeIfUnknown()
    expect(state.probes).toEqual([])
    const other = world()
    other.connectivity.probeIfUnknown()
    await vi.advanceTimersByTimeAsync(0)
    expect(other.state.probes).toEqual([0])
    expect(other.connectivity.confirmedOnline()).toBe(true)
  })
})
