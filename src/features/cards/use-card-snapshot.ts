import DOMPurify from 'dompurify'
import { useEffect, useLayoutEffect } from 'react'
import { dropCardSnapshotView, saveCardSnapshot } from '../../offline/card-snapshot'
import type { StoredCard } from '../../offline/db'

/** Toasts, dialogs (the flip view with its pass) and the install offer are not the screen. */
const transient = '[role="dialog"], dialog, [aria-live], [data-sonner-toaster]'

/**
 * The card screen as static markup: what React rendered, minus transient parts, sanitized.
 * Only same-origin links and data: images survive; ids and references to them go, since the
 * copy sits next to the live page and is never interacted with.
 */
export function cardScreenMarkup(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement
  for (const element of copy.querySelectorAll(transient)) element.remove()
  return DOMPurify.sanitize(copy.innerHTML, {
    FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'iframe', 'video', 'canvas'],
    FORBID_ATTR: ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'tabindex'],
    // Every attribute value must pass this in DOMPurify: no scheme and no other host, so links stay
    // same-origin paths; data: images are let through by DOMPurify's own rule for <img>.
    ALLOWED_URI_REGEXP: /^(?![a-z][a-z\d+.-]*:|\/\/)/i,
  })
}

/**
 * Keeps the card screen's snapshot (see contract/worker-messages.ts): the worker paints it
 * on the next cold start, before the app has booted. The first frame of this screen already has
 * the cards (the loader read them), so the painted copy can go as soon as it is committed.
 */
export function useCardSnapshot(contractId: string, cards: StoredCard[] | undefined) {
  useLayoutEffect(dropCardSnapshotView, [])
  // After the frame is painted (an effect, not a layout effect): the copy never delays the gate.
  useEffect(() => {
    const root = document.getElementById('root')
    if (cards && root) void saveCardSnapshot({ contractId, html: cardScreenMarkup(root) })
  }, [contractId, cards])
}
