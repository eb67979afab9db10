/** Errors the API answers on purpose: a status and a Portuguese message, sent as `{ message }`. */
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export const messages = {
  badRequest: 'Requisição inválida.',
  invalidJson: 'JSON inválido.',
  notJson: 'Envie os dados em JSON (Content-Type: application/json).',
  notUtf8Charset: 'Envie o JSON em UTF-8 (Content-Type: application/json; charset=utf-8).',
  invalidUtf8: 'O corpo da requisição não é UTF-8 válido.',
  notObject: 'Corpo da requisição inválido: envie um objeto JSON.',
  invalidText: 'A requisição contém caracteres inválidos (como o caractere nulo).',
  tooLarge: 'O corpo da requisição excede o limite de 1 MB.',
  notFound: 'Recurso não encontrado.',
  internal: 'Erro interno. Tente novamente em instantes.',
  session: 'A sessão expirou ou é inválida, faça o login novamente.',
} as const

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** Sent with the answer, e.g. `Retry-After` on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** 429 with the seconds to wait, as `Retry-After` (RFC 9110 §10.2.3). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, { 'retry-after': String(retryAfterSeconds) })
