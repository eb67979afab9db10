import { ApiError } from '../../../api/client'

export const messages = {
  codeRequestFailed: 'Erro inesperado ao enviar o codigo!',
  invalidCode: 'Código inválido ou expirado.',
  loginFailedStatus: (status: number) => `Erro ao validar código. Status: ${status}`,
  noContracts: 'Nenhum contrato ativo foi encontrado para este e-mail.',
} as const

/**
 * Beyond the spec's alerts: what to do next. A code dies after 25 wrong tries in all and is
 * then answered like any wrong one (400), so the hint for a wrong code covers a dead one too.
 */
export const guidance = {
  invalidCode:
    'Confira os 6 números. Se estiverem certos, o código expirou ou foi bloqueado por tentativas erradas: peça um novo em "Reenviar código" quando a contagem terminar.',
  tooManyTries:
    'Por segurança, o código está bloqueado por enquanto. Quando a contagem terminar, peça um novo código em "Reenviar código".',
  tooManyRequests: 'Quando a contagem terminar, você poderá pedir um novo código.',
} as const

/** After a code is sent, how long the screen waits before offering another. */
export const resendCooldownSeconds = 45

/** "0:45", "12:05": a wait shown as m:ss. */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** The resend button: its countdown while the wait runs, then the action. */
export const resendLabel = (seconds: number) =>
  seconds > 0 ? `Reenviar código em ${formatWait(seconds)}` : 'Reenviar código'

/** Spec §8: the server's message when there is one, else the fixed fallback. */
export function codeRequestError(error: unknown): string {
  return error instanceof ApiError && error.serverMessage
    ? error.serverMessage
    : messages.codeRequestFailed
}

/**
 * Spec §8: a rejected code is 'Código inválido ou expirado.'; any other failure names its
 * status (0 when the server could not be reached at all).
 */
export function loginError(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return messages.invalidCode
  const status = messages.loginFailedStatus(error instanceof ApiError ? error.status : 0)
  // Too many tries: the spec's line, then the server's sentence saying how long to wait.
  if (error instanceof ApiError && error.status === 429 && error.serverMessage) {
    return `${status}. ${error.serverMessage}`
  }
  return status
}

/** The hint under a failed login, or null when the alert says all there is. */
export function loginGuidance(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  if (error.status === 400) return guidance.invalidCode
  if (error.status === 429) return guidance.tooManyTries
  return null
}

/** Seconds a 429 asks to wait (its Retry-After), or 0 for anything else. */
export function waitAsked(error: unknown): number {
  return error instanceof ApiError && error.status === 429 ? (error.retryAfterSeconds ?? 60) : 0
}
