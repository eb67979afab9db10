import DOMPurify from 'dompurify'

/** Not the screen: toasts, dialogs (the card's flip view with its pass) and the install offer. */
const notScreen = '[role="dialog"], dialog, [data-sonner-toaster], [data-not-screen]'

/** Every attribute value must pass this: no scheme and no other host, so links stay same-origin
 * paths; data: images are let through by DOMPurify's own rule for <img>. */
const sameOriginOnly = /^(?![a-z][a-z\d+.-]*:|\/\/)/i

/**
 * A screen as static markup: what React rendered under `root`, minus what is not the screen,
 * sanitized (no script, no handler, nothing from another origin).
 *
 * - 'inert' (the card snapshot, painted beside the live page and never touched): no form
 *   controls, no ids or references to them, no live regions.
 * - 'stand-in' (the copies of /home and /search, which stand in #root until the app takes their
 *   place and replays the taps made meanwhile, src/early-taps.ts): the controls and the structure
 *   stay as rendered, so the swap moves nothing and a tap finds its element again.
 */
export function screenMarkup(root: HTMLElement, kind: 'inert' | 'stand-in'): string {
  const copy = root.cloneNode(true) as HTMLElement
  const skipped = kind === 'inert' ? `${notScreen}, [aria-live]` : notScreen
  for (const element of copy.querySelectorAll(skipped)) element.remove()
  return DOMPurify.sanitize(copy.innerHTML, {
    FORBID_TAGS: [
      'style',
      'iframe',
      'video',
      'canvas',
      ...(kind === 'inert' ? ['form', 'input', 'textarea', 'select'] : []),
    ],
    FORBID_ATTR:
      kind === 'inert'
        ? ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'tabindex']
        : [],
    ALLOWED_URI_REGEXP: sameOriginOnly,
  })
}
