/**
 * Taps on a server-rendered screen before the app has taken it over (decision 020): the buttons
 * are there but nothing answers them yet. Each tap is kept by where its element sits in #root,
 * and once the app's markup of the same screen has taken that markup's place, the element at the
 * same place is tapped again, so a tap on "Gerar Pix" while the script loads is not lost; what
 * was typed into its fields is carried over the same way.
 */
/** A tap: where its element sat, and what it was (so a different element is never tapped). */
type Tap = { place: number[]; what: string }
const kept: Tap[] = []
let listening: (() => void) | undefined

/**
 * Where `element` sits under `root`: element child indexes from the root down (elements only:
 * the server's HTML has comments the app's has not, like React's Suspense markers).
 */
function placeOf(root: Element, element: Element | null): number[] | null {
  const place: number[] = []
  let current: Element | null = element
  while (current && current !== root) {
    const parent: Element | null = current.parentElement
    if (!parent) return null
    place.unshift(Array.prototype.indexOf.call(parent.children, current))
    current = parent
  }
  return current === root ? place : null
}

/**
 * The event src/boot.tsx sends on `document` once the app's markup has taken the server's place
 * (detail: the new #root). An event, not an import: the entry must not share a chunk with the
 * app, or the app's code would run before the first paint.
 */
export const appTookOverEvent = 'portal:app-took-over'

/** From the entry, on a server-rendered screen: keep its taps until the app takes over. */
export function keepEarlyTaps(root: Element) {
  const onClick = (event: Event) => {
    const target = (event.target as Element | null)?.closest('button, a, [role="tab"], label')
    const place = target ? placeOf(root, target) : null
    if (target && place) kept.push({ place, what: identity(target) })
  }
  root.addEventListener('click', onClick, true)
  listening = () => root.removeEventListener('click', onClick, true)
  document.addEventListener(
    appTookOverEvent,
    (event) => {
      const next = (event as CustomEvent<unknown>).detail
      if (!(next instanceof Element)) return
      carryOverFields(root, next)
      replayEarlyTaps(next)
    },
    { once: true },
  )
}

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set

/**
 * What was typed or chosen in the server's fields, and which had the focus, carried to the app's
 * fields of the same name: as input events, so the app's state takes them as the person's own.
 */
function carryOverFields(from: Element, to: Element) {
  const focused = document.activeElement
  for (const old of from.querySelectorAll<HTMLInputElement>('input[name]')) {
    const fields = [
      ...to.querySelectorAll<HTMLInputElement>(`input[name="${CSS.escape(old.name)}"]`),
    ]
    if (old.type === 'radio' || old.type === 'checkbox') {
      const same = fields.find((field) => field.value === old.value)
      if (same && old.checked !== same.checked && old.checked) same.click()
    } else {
      const field = fields[0]
      if (field && old.value !== old.defaultValue && field.value !== old.value) {
        setValue?.call(field, old.value)
        field.dispatchEvent(new Event('input', { bubbles: true }))
      }
      if (field && old === focused) field.focus()
    }
  }
}

/** An element's kind and words: the same control in both markups has the same. */
const identity = (element: Element) =>
  `${element.tagName} ${element.getAttribute('role') ?? ''} ${element.textContent?.trim() ?? ''}`

/**
 * Once the app's markup is in the page: taps the same places of it, once, where the element there
 * is the one tapped (the same kind, the same words). Where the app's screen differs from the
 * server's (its data changed meanwhile), the tap is dropped rather than landing on another control.
 */
function replayEarlyTaps(root: Element) {
  listening?.()
  listening = undefined
  for (const { place, what } of kept.splice(0)) {
    let element: Element | undefined = root
    for (const index of place) element = element?.children[index]
    if (element instanceof HTMLElement && identity(element) === what) element.click()
  }
}
