import DOMPurify, { type DOMPurify as Purifier } from 'dompurify'
import {
  cardAttributeProblem,
  cardMarkupAttributes,
  cardMarkupTags,
} from '../../contract/card-markup'

/**
 * Every piece of server-provided HTML passes here before it touches the DOM (docs/design.md §6):
 * scripts, event handlers and javascript: URLs are removed.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] })
}

let cardPurifier: Purifier | undefined

/**
 * A member card's face, from whichever backend sent it: only the card's elements and attributes
 * (contract/card-markup.ts), every `src` an inline image, every style free of anything that
 * fetches. The card is shown at the gate with no signal, and a request it made would tell a
 * third party who opened their card, and when. Its own DOMPurify, so the hook stays off the
 * other documents (terms) sanitizeHtml cleans.
 */
export function sanitizeCardLayout(html: string): string {
  if (!cardPurifier) {
    cardPurifier = DOMPurify()
    cardPurifier.addHook('uponSanitizeAttribute', (node, data) => {
      if (cardAttributeProblem(node.nodeName.toLowerCase(), data.attrName, data.attrValue))
        data.keepAttr = false
    })
  }
  return cardPurifier.sanitize(html, {
    ALLOWED_TAGS: [...cardMarkupTags],
    ALLOWED_ATTR: [...cardMarkupAttributes],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  })
}

/**
 * A standalone, sanitized HTML document, ready to open in its own tab, dressed with the app's own
 * `style` (the server's CSS is dropped with the rest of its head).
 */
export function sanitizedDocument(
  html: string,
  title: string,
  style = '',
  back?: { href: string; label: string; note: string },
): string {
  const escapeText = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)
  // Our own constant, but still never able to end the element early.
  const css = style.replace(/</g, '\\3c ')
  // The way back to the app, around the document: a tab of its own is no dead end.
  const link =
    back && `<a class="portal-back" href="${escapeText(back.href)}">${escapeText(back.label)}</a>`
  const bar = back ? `<nav class="portal-bar">${link}</nav>` : ''
  const next = back
    ? `<aside class="portal-next"><p>${escapeText(back.note)}</p>${link}</aside>`
    : ''
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(title)}</title><style>${css}</style></head><body>${bar}${sanitizeHtml(html)}${next}</body></html>`
}
