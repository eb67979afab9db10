// Imported by the entry only (src/main.tsx): shared with the app, it would pull the app's chunk in.

/**
 * Runs `start` once the server's screen is on the glass: its first contentful paint has been
 * presented. A frame is not enough: the frame is produced, but when the app's first long task
 * follows at once the browser may present it only after that task, and the person (and
 * Lighthouse, which then counts the app's code before the first paint) waits for the app. Where
 * the browser reports no paint (no Paint Timing, or a tab opened in the background, which paints
 * when shown), a frame and at most a second more.
 */
export function afterFirstPaint(start: () => void): void {
  let started = false
  let observer: PerformanceObserver | undefined
  const once = () => {
    if (started) return
    started = true
    observer?.disconnect()
    start()
  }
  const painted = (entries: PerformanceEntryList) =>
    entries.some((entry) => entry.name === 'first-contentful-paint')
  if (painted(performance.getEntriesByType('paint'))) {
    setTimeout(once, 0)
    return
  }
  if (PerformanceObserver.supportedEntryTypes?.includes('paint'))
    observer = new PerformanceObserver((list) => {
      if (painted(list.getEntries())) setTimeout(once, 0)
    })
  observer?.observe({ type: 'paint', buffered: true })
  requestAnimationFrame(() => setTimeout(once, observer ? 1000 : 0))
}
