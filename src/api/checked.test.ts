import { afterEach, describe, expect, it, vi } from 'vitest'
import { loginRequest } from '../../contract/auth'
import { cardsRequest } from '../../contract/cards'
import { ApiError, apiRequest, checked } from './client'

describe('a request is checked against its contract before it leaves', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('refuses with the contract message and sends nothing', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    const attempt = () =>
      apiRequest('/client/login', {
        method: 'POST',
        body: checked(loginRequest, { email: 'ana@exemplo', code: '123456' }),
        schema: loginRequest,
      })
    expect(attempt).toThrow(ApiError)
    expect(attempt).toThrow('Informe um e-mail válido.')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('lets a valid body through unchanged', () => {
    const body = { sort: [], offset: 0, limit: 10, filter: { contract_id: 'c-1' } }
    expect(checked(cardsRequest, body)).toBe(body)
  })

  it('says the status the server would have said', () => {
    try {
      checked(loginRequest, { email: 'ana@exemplo.com.br', code: '12' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(400)
      expect((error as ApiError).message).toBe('O código deve ter 6 dígitos.')
    }
  })
})
