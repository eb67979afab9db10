/**
 * Runs `work` once the browser has painted what is on screen now: a frame, then a task. Code
 * and requests a first view does not need wait for it, so they never stand between the page
 * and its first paint (Lighthouse counts every request made before it). Returns the way to cancel.
 */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
