import { describe, expect, it } from 'vitest'
import { ApiError, retryAfterSeconds } from '../../../api/client'
import { formatWait, loginError, loginGuidance, resendLabel, waitAsked } from './messages'

describe('loginError', () => {
  it('says the code is wrong for a 400 (spec §8)', () => {
    expect(loginError(new ApiError(400, 'x', 'Código inválido ou expirado.'))).toBe(
      'Código inválido ou expirado.',
    )
  })

  it('names the status of any other failure, and how long to wait after too many tries', () => {
    expect(loginError(new ApiError(500, 'x', null))).toBe('Erro ao validar código. Status: 500')
    const wait = 'Muitas tentativas com código inválido. Aguarde 12 minutos e tente novamente.'
    expect(loginError(new ApiError(429, 'x', wait))).toBe(
      `Erro ao validar código. Status: 429. ${wait}`,
    )
  })
})

describe('loginGuidance', () => {
  it.each([
    [400, /peça um novo em "Reenviar código" quando a contagem terminar\.$/],
    [429, /bloqueado por enquanto.*"Reenviar código"/],
    [500, null],
  ])('status %i', (status, expected) => {
    const hint = loginGuidance(new ApiError(status, 'x', null))
    if (expected === null) expect(hint).toBeNull()
    else expect(hint).toMatch(expected)
  })
})

describe('the resend countdown', () => {
  it.each([
    [45, '0:45', 'Reenviar código em 0:45'],
    [9, '0:09', 'Reenviar código em 0:09'],
    [725, '12:05', 'Reenviar código em 12:05'],
    [0.2, '0:01', 'Reenviar código em 0:01'],
    [0, '0:00', 'Reenviar código'],
  ])('%s s', (seconds, wait, label) => {
    expect(formatWait(seconds)).toBe(wait)
    expect(resendLabel(seconds)).toBe(label)
  })

  it('waits what a 429 asks, nothing for other failures', () => {
    expect(waitAsked(new ApiError(429, 'x', null, 720))).toBe(720)
    expect(waitAsked(new ApiError(400, 'x', null, 720))).toBe(0)
  })

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds('120')).toBe(120)
    expect(retryAfterSeconds(null)).toBeNull()
    expect(retryAfterSeconds('soon')).toBeNull()
    const now = Date.parse('2026-11-22T10:00:00Z')
    expect(retryAfterSeconds('Sun, 22 Nov 2026 10:01:30 GMT', now)).toBe(90)
  })
})
