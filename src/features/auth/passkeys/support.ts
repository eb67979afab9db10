/**
 * Cheap checks and the device's memory for passkeys, with no WebAuthn library: what /login and
 * the offer after a code login need before anything is loaded.
 */
import { ApiError } from '../../../api/client'

/** The browser can make and use passkeys at all (WebAuthn present). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'

export const passkeyMessages = {
  offer: 'Entrar mais rápido com a biometria do aparelho',
  needsNetwork:
    'Entrar com passkey precisa de internet. Conecte-se e tente de novo, ou entre com o código.',
  cancelled: 'Entrada com passkey cancelada. Tente de novo, ou entre com o código.',
  registerCancelled: 'Cadastro da passkey cancelado.',
  failed: 'Não foi possível entrar com a passkey. Tente de novo ou entre com o código.',
  registerFailed: 'Não foi possível cadastrar a passkey. Tente de novo.',
  listNeedsNetwork: 'Sem conexão. Suas passkeys precisam de internet para abrir.',
  removeNeedsNetwork: 'Sem conexão. Remover uma passkey precisa de internet.',
} as const

/** What to tell the person about a failed ceremony or call. */
export function passkeyError(error: unknown, fallback: string, cancelled: string): string {
  if (error instanceof ApiError) {
    if (error.noConnection) return passkeyMessages.needsNetwork
    return error.serverMessage ?? fallback
  }
  // The person closed the prompt, or it timed out: WebAuthn says NotAllowedError for both.
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return cancelled
  return fallback
}

const offerKey = 'pdt:passkey-offer'
const declinedKey = 'pdt:passkey-offer-declined-at'
const madeHereKey = 'pdt:passkey-made-here'
/** Declined: not offered again on this device for this long. */
export const offerPauseMs = 30 * 24 * 60 * 60 * 1000

/** After a code login: the offer waits for the next screen, once. */
export const passkeyOffer = {
  afterCodeLogin(now = Date.now()) {
    if (!passkeysSupported()) return
    if (localStorage.getItem(madeHereKey)) return
    const declined = Number(localStorage.getItem(declinedKey) ?? 0)
    if (now - declined < offerPauseMs) return
    sessionStorage.setItem(offerKey, '1')
  },
  /** Whether to show it now; it is shown once, so the first ask takes it. */
  take(): boolean {
    const pending = sessionStorage.getItem(offerKey) === '1'
    sessionStorage.removeItem(offerKey)
    return pending
  },
  declined(now = Date.now()) {
    localStorage.setItem(declinedKey, String(now))
  },
  madeHere() {
    localStorage.setItem(madeHereKey, '1')
  },
}
