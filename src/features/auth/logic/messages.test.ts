import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../api/client'
import { loginError } from './messages'

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
