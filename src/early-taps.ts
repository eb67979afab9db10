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
/** What a tap is kept for: the controls of a screen. */
const tappable = 'button, a, [role="tab"], label'
let stopListening = () => {}
/**
 * A press on a control not yet released into a click. When the app takes over in between, the
 * control pressed leaves the page and the browser clicks nothing on release: `finishPress` does.
 */
let pressed: (Tap & { pointer: string }) | undefined
let heldForm: HTMLFormElement | undefined
/** What has the focus in the early screen (a field, a button, a link), until it is left. */
let focused: HTMLElement | undefined

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
  // On the device's copy of an app screen (sw/screen-snapshot.ts) a link is the app's own: its
  // tap waits for the app (a moment) instead of loading the whole app again for the next screen.
  // (contract/painted-page.ts `paintedAttribute`, written out: a module the entry shares with
  // the app would pull the app's chunk in before the first paint; scripts/chunk-graph.ts says so.)
  const holdLinks = root.hasAttribute('data-painted')
  const onClick = (event: Event) => {
    pressed = undefined
    const target = (event.target as Element | null)?.closest(tappable)
    const place = target ? placeOf(root, target) : null
    if (target && place) kept.push({ place, what: identity(target) })
    if (holdLinks && place && target instanceof HTMLAnchorElement) event.preventDefault()
  }
  const onPointerDown = (event: Event) => {
    if (!(event instanceof PointerEvent)) return
    const target = event.isPrimary ? (event.target as Element | null)?.closest(tappable) : null
    const place = target ? placeOf(root, target) : null
    pressed =
      target && place ? { place, what: identity(target), pointer: event.pointerType } : undefined
  }
  // Released on the server's screen (its click, if any, is kept by onClick) or given up.
  const onPressOver = () => {
    pressed = undefined
  }
  // A form sent before the app runs would be the server's plain GET, a reload that loses the
  // tap: held instead, its button's tap replays on the app's form (which sends it as the app
  // does). If the app never arrives, `letFormsGo` sends it the plain way after all.
  const onSubmit = (event: Event) => {
    event.preventDefault()
    heldForm = event.target instanceof HTMLFormElement ? event.target : heldForm
  }
  // The swap takes the focused element out of the page, so the focus is known from here: which
  // element has it, until the person leaves it. Chromium sends it a blur as the swap removes it,
  // while it is still in the page: an element still in the page a task later was left.
  const onFocusIn = (event: Event) => {
    focused = event.target instanceof HTMLElement ? event.target : undefined
  }
  const onFocusOut = (event: Event) => {
    const left = event.target
    setTimeout(() => {
      if (left === focused && focused.isConnected) focused = undefined
    }, 0)
  }
  const listening = new AbortController()
  stopListening = () => listening.abort()
  const options = { capture: true, signal: listening.signal }
  root.addEventListener('click', onClick, options)
  root.addEventListener('pointerdown', onPointerDown, options)
  document.addEventListener('pointerup', onPressOver, options)
  document.addEventListener('pointercancel', onPressOver, options)
  root.addEventListener('submit', onSubmit, options)
  root.addEventListener('focusin', onFocusIn, options)
  root.addEventListener('focusout', onFocusOut, options)
  document.addEventListener(
    appTookOverEvent,
    (event) => {
      const next = (event as CustomEvent<unknown>).detail
      if (!(next instanceof Element)) return
      carryOverFields(root, next)
      carryOverFocus(root, next)
      const press = pressed
      replayEarlyTaps(next)
      if (press) finishPress(next, press)
    },
    { once: true },
  )
}

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set

/**
 * A field's label, the words a person knows it by, looked up in its own screen: the server's is
 * already out of the page when the app's takes its place, where `field.labels` finds nothing.
 */
const labelOf = (screen: Element, field: HTMLInputElement) => {
  const label =
    field.closest('label') ??
    (field.id ? screen.querySelector(`label[for="${CSS.escape(field.id)}"]`) : null)
  return label?.textContent?.trim() ?? ''
}

/**
 * The app's fields that are the server's `old`: of the same name, or, for a field with none (a
 * card's number and CVV have no name, so a plain form could never send them anywhere), of the
 * same label.
 */
function sameFields(from: Element, to: Element, old: HTMLInputElement): HTMLInputElement[] {
  if (old.name)
    return [...to.querySelectorAll<HTMLInputElement>(`input[name="${CSS.escape(old.name)}"]`)]
  const label = labelOf(from, old)
  if (!label) return []
  return [...to.querySelectorAll<HTMLInputElement>('input:not([name])')].filter(
    (field) => labelOf(to, field) === label,
  )
}

/**
 * What was typed or chosen in the server's fields, and which had the focus, carried to the app's
 * same fields: as input events, so the app's state takes them as the person's own.
 */
function carryOverFields(from: Element, to: Element) {
  // Not document.activeElement: the swap has already taken the focused field out of the page,
  // and text typed into it now (the rest of a word) would go nowhere.
  const fieldFocused = focused instanceof HTMLInputElement ? focused : undefined
  for (const old of from.querySelectorAll<HTMLInputElement>('input')) {
    const fields = sameFields(from, to, old)
    if (old.type === 'radio' || old.type === 'checkbox') {
      const same = fields.find((field) => field.value === old.value)
      if (same && old.checked !== same.checked && old.checked) same.click()
    } else {
      const field = fields[0]
      if (field && old.value !== old.defaultValue && field.value !== old.value) {
        setValue?.call(field, old.value)
        field.dispatchEvent(new Event('input', { bubbles: true }))
      }
      if (field && old === fieldFocused) field.focus()
    }
  }
}

/**
 * A button or link that had the focus (a keyboard's place on the screen) gets it back on the
 * app's element at the same place, of the same kind and words; a field's is carried with it
 * (carryOverFields). Before the taps replay: one that opens a menu moves the focus on from there.
 */
function carryOverFocus(from: Element, to: Element) {
  const element = focused
  focused = undefined
  if (!element || element instanceof HTMLInputElement) return
  const place = placeOf(from, element)
  if (!place) return
  let same: Element | undefined = to
  for (const index of place) same = same?.children[index]
  if (same instanceof HTMLElement && identity(same) === identity(element)) same.focus()
}

/** An element's kind and words: the same control in both markups has the same. */
const identity = (element: Element) =>
  `${element.tagName} ${element.getAttribute('role') ?? ''} ${element.textContent?.trim() ?? ''}`

/**
 * The app could not start (its code failed to load): the server's screen stays, so a form held
 * meanwhile goes out as the plain request it is, and later ones go out as they are sent.
 */
export function letFormsGo() {
  stopListening()
  kept.length = 0
  const form = heldForm
  heldForm = undefined
  form?.submit()
}

/** The app's control at `place`, where it is the one tapped, or else the one such control. */
function sameControl(root: Element, { place, what }: Tap): HTMLElement | undefined {
  let element: Element | undefined = root
  for (const index of place) element = element?.children[index]
  if (!element || identity(element) !== what) {
    // The app's screen differs from the server's before that place (its data changed, or it
    // shows something only a browser can know): the same control elsewhere, if only one.
    const same = [...root.querySelectorAll(tappable)].filter((other) => identity(other) === what)
    element = same.length === 1 ? same[0] : undefined
  }
  return element instanceof HTMLElement ? element : undefined
}

/**
 * A press made on the server's screen and released on the app's: released on the same control,
 * it is the tap it began. A mouse's click comes with its release, in the same dispatch, to the
 * element both were on, which is none here: a task later, a control that got no click gets it.
 * (A finger's tap is hit where it is lifted, on the app's control, so nothing is added there,
 * unless it has not come a moment later.) Another press first, and the first is over.
 */
function finishPress(root: Element, press: Tap & { pointer: string }) {
  const control = sameControl(root, press)
  if (!control) return
  const over = new AbortController()
  const options = { capture: true, signal: over.signal }
  let clicked = false
  document.addEventListener('pointerdown', () => over.abort(), options)
  document.addEventListener('pointercancel', () => over.abort(), options)
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Node && control.contains(event.target)) clicked = true
    },
    options,
  )
  document.addEventListener(
    'pointerup',
    (event) => {
      const onControl = event.target instanceof Node && control.contains(event.target)
      const wait = press.pointer === 'touch' ? 500 : 0
      setTimeout(() => {
        // Another press meanwhile: that one is the person's now, this one is over.
        const another = over.signal.aborted
        over.abort()
        if (!another && onControl && !clicked && control.isConnected) control.click()
      }, wait)
    },
    options,
  )
}

/**
 * Once the app's markup is in the page: taps the same places of it, once, where the element there
 * is the one tapped (the same kind, the same words), or else on the one control of that kind and
 * words elsewhere. Where there is none, or more than one, the tap is dropped rather than landing
 * on another control.
 */
function replayEarlyTaps(root: Element) {
  stopListening()
  heldForm = undefined
  for (const tap of kept.splice(0)) sameControl(root, tap)?.click()
}
