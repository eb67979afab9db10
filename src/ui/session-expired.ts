import { toast, toastDuration } from './toast'

export const sessionExpiredMessage = 'A sessão expirou ou é inválida, faça o login novamente'
const toastId = 'session-expired'
let showing = false

/**
 * Spec §4/§8: an expired session shows an error toast and, when it closes, goes to /login.
 * Several failing calls at once must not stack several toasts or navigate twice.
 * `leaveSession` signs out and opens /login.
 */
export function showSessionExpired(leaveSession: () => void | Promise<void>) {
  if (showing) return
  showing = true
  const leave = () => {
    if (!showing) return
    showing = false
    void leaveSession()
  }
  toast.error(sessionExpiredMessage, {
    id: toastId,
    duration: toastDuration.sessionExpired,
    onAutoClose: leave,
    onDismiss: leave,
  })
}
