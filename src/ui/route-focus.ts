import type { AnyRouter } from '@tanstack/react-router'

/** How long a new screen may take to show its heading (data from the device, a lazy chunk). */
const headingWait = 3000

/**
 * After a navigation the focus goes to the new screen's heading (its h1, made focusable with
 * tabindex=-1), so a keyboard or screen reader user starts at the top of what changed instead of
 * on <body> or on the link that was pressed. Not on the first load (nothing to announce yet, and
 * the browser's own start is expected): only navigations after the person touched the page. A
 * screen that puts the focus somewhere itself (an input for the code, say) keeps it.
 */
export function focusHeadingAfterNavigation(router: AnyRouter) {
  let touched = false
  const markTouched = () => {
    touched = true
  }
  document.addEventListener('pointerdown', markTouched, { capture: true, once: true })
  document.addEventListener('keydown', markTouched, { capture: true, once: true })

  let focusedBefore: Element | null = null
  let headingBefore: Element | null = null
  let cancel: (() => void) | undefined
  router.subscribe('onBeforeNavigate', () => {
    focusedBefore = document.activeElement
    headingBefore = findHeading()
  })
  router.subscribe('onResolved', (event) => {
    if (!touched || !event.fromLocation || !event.pathChanged) return
    cancel?.()
    cancel = whenHeadingShows(headingBefore, (heading) => {
      const active = document.activeElement
      const pageTookFocus =
        active && active !== document.body && active !== focusedBefore && active !== heading
      if (pageTookFocus) return
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
      heading.focus({ preventScroll: true })
    })
  })
}

const findHeading = () =>
  document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1')

/** Calls `then` with the new screen's h1 once it is in the document (the old one may linger). */
function whenHeadingShows(old: Element | null, then: (heading: HTMLElement) => void) {
  const find = () => {
    const heading = findHeading()
    return heading === old ? null : heading
  }
  let done = false
  let observer: MutationObserver | undefined
  const finish = (heading: HTMLElement | null) => {
    if (done) return
    done = true
    observer?.disconnect()
    clearTimeout(timer)
    if (heading) then(heading)
  }
  const timer = setTimeout(() => finish(null), headingWait)
  const frame = requestAnimationFrame(() => {
    const heading = find()
    if (heading) return finish(heading)
    observer = new MutationObserver(() => {
      const found = find()
      if (found) finish(found)
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
  return () => {
    cancelAnimationFrame(frame)
    finish(null)
  }
}
