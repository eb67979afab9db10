/**
 * What the server writes into a page it rendered (server/http/server-render.ts, decision 020):
 * the API answers the screen was rendered with, in a `<script type="application/json">` the
 * browser never runs. The entry takes them over (`seedEarlyAnswers`), so the script's first
 * render is the screen already on display, with no second request for the same data.
 */
import type { PageAnswer } from './api/client'

/** The screens the server renders: public, and the same for everyone holding the URL. */
export const serverRendered = /^\/(pagamento|success|login)\/?$/

export const pageDataElementId = 'page-data'

export interface PageData {
  answers: PageAnswer[]
}

/** The page's data, once: read and removed, so a later screen never mistakes it for its own. */
export function takePageData(): PageData | null {
  const element = document.getElementById(pageDataElementId)
  if (!element) return null
  element.remove()
  try {
    const data = JSON.parse(element.textContent ?? '') as PageData
    return Array.isArray(data?.answers) ? data : null
  } catch {
    return null
  }
}

/**
 * What the person already typed into a field of the server's HTML before the script took over
 * (the field's `name`): the first render starts from it instead of losing it. Read during that
 * render, while the server's HTML is still the page's #root (src/boot.tsx swaps it afterwards).
 */
export function typedBeforeStart(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  const fields = [...document.querySelectorAll<HTMLInputElement>(`#root input[name="${name}"]`)]
  const field = fields.find((input) => input.type !== 'radio' || input.checked)
  return field?.value || undefined
}
