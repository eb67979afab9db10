import { ApiError } from '../../../api/client'

export const messages = {
  codeRequestFailed: 'Erro inesperado ao enviar o codigo!',
  invalidCode: 'Código inválido ou expirado.',
  loginFailedStatus: (status: number) => `Erro ao validar código. Status: ${status}`,
  noContracts: 'Nenhum contrato ativo foi encontrado para este e-mail.',
} as const

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
