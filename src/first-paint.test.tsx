import { afterEach, expect, it, vi } from 'vitest'
import { afterFirstPaint } from './first-paint'

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const contentful = [
  { name: 'first-paint' },
  { name: 'first-contentful-paint' },
] as PerformanceEntry[]

it('starts once, after a task, when the screen was painted before the entry ran', async () => {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue(contentful)
  const start = vi.fn()
  afterFirstPaint(start)
  expect(start).not.toHaveBeenCalled()
  await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(start).toHaveBeenCalledTimes(1)
})

it('waits for the first contentful paint the browser reports, not a paint without content', async () => {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([])
  let report: ((list: { getEntries: () => PerformanceEntry[] }) => void) | undefined
  class FakeObserver {
    static supportedEntryTypes = ['paint']
    constructor(callback: typeof report) {
      report = callback
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  vi.stubGlobal('requestAnimationFrame', () => 0)
  const start = vi.fn()
  afterFirstPaint(start)
  report?.({ getEntries: () => contentful.slice(0, 1) })
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(start).not.toHaveBeenCalled()
  report?.({ getEntries: () => contentful.slice(1) })
  await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1))
})

it('without paint timing, starts after a frame', async () => {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([])
  vi.stubGlobal('PerformanceObserver', class {})
  const start = vi.fn()
  afterFirstPaint(start)
  await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1))
})
