import type { ExternalToast } from 'sonner'

/** Durations of spec §9, so every screen uses the same numbers. */
export const toastDuration = {
  default: 5000,
  error: 5000,
  validation: 3000,
  saveSuccess: 3000,
  loginSuccess: 1500,
  paymentLinkFailure: 8000,
  sessionExpired: 3000,
} as const

type Sonner = typeof import('sonner')
type Message = Parameters<Sonner['toast']['error']>[0]

let toasterWanted = false
const listeners = new Set<() => void>()

/** For the <Toaster> host: mount sonner's toaster once a toast has been asked for. */
export const toasterStore = {
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  wanted: () => toasterWanted,
}

/**
 * Toasts with sonner off the first view (docs/design.md §7: it is ~10 KiB gzip of the /login budget):
 * the library and its toaster load with the first toast. Sonner hands a toaster that mounts late
 * the toasts already raised, so none is lost. Import toasts from here, never from 'sonner'.
 */
function show(raise: (sonner: Sonner) => void) {
  if (!toasterWanted) {
    toasterWanted = true
    for (const listener of listeners) listener()
  }
  import('sonner').then(raise, (error) => console.error('Falha ao carregar os avisos', error))
}

export const toast = Object.assign(
  (message: Message, options?: ExternalToast) => show(({ toast }) => toast(message, options)),
  {
    success: (message: Message, options?: ExternalToast) =>
      show(({ toast }) => toast.success(message, options)),
    error: (message: Message, options?: ExternalToast) =>
      show(({ toast }) => toast.error(message, options)),
    warning: (message: Message, options?: ExternalToast) =>
      show(({ toast }) => toast.warning(message, options)),
    info: (message: Message, options?: ExternalToast) =>
      show(({ toast }) => toast.info(message, options)),
  },
)
