import { afterEach, describe, expect, it, vi } from 'vitest'
import { login } from '../../contract/api/access'
import { pixStatus } from '../../contract/api/checkout'
import { getContract, getTerms } from '../../contract/api/contracts'
import { passkeyLoginOptions } from '../../contract/api/passkeys'
import { sendPaymentLink } from '../../contract/api/payments'
import { instalmentCalendar } from '../../contract/api/reminders'
import { call, pathOf } from './call'
import { ApiError } from './client'

const id = '7f1c2a9e-3b4d-4c5e-8f60-718293a4b5c6'

/** The network, answering `body` once; the requests the app made are in `fetch.mock.calls`. */
function answer(body: unknown, init: ResponseInit = {}) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        ...init,
      }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error as ApiError
  }
  throw new Error('the call was expected to fail')
}

describe('the app calls the API through its declared operations', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('refuses a body the contract refuses, with its message, and sends nothing', async () => {
    const fetch = answer({})
    const error = await failure(call(login, { body: { email: 'ana@exemplo', code: '123456' } }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(400)
    expect(error.message).toBe('Informe um e-mail válido.')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('refuses a query the contract refuses, and sends nothing', async () => {
    const fetch = answer({})
    const error = await failure(call(pixStatus, { query: { code: 'abc', txid: 'não é txid' } }))
    expect(error.message).toBe('txid inválido.')
    expect(fetch).not.toHaveBeenCalled()
  })

  it("sends the declaration's method to its path, parameters encoded, query filled", async () => {
    const fetch = answer('"https://portal.example/pagamento?code=abc"')
    await call(sendPaymentLink, { query: { ids: `${id}|${id}` } })
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe(`/socios-api/client/send-payment-link?ids=${id}%7C${id}`)
    expect(init?.method).toBe('GET')
    expect(init?.body).toBeUndefined()
    expect(pathOf(getContract, { params: { id: 'a/b' } })).toBe('/client/contract/a%2Fb')
    expect(pathOf(getTerms, { query: { id } })).toBe(`/client/term/contract?id=${id}`)
  })

  it('sends a JSON body when there is one, and none when the operation may go without', async () => {
    const fetch = answer({ email: 'ana@exemplo.com.br', token: 'x', contract_id: id })
    await call(login, { body: { email: 'ana@exemplo.com.br', code: '123456' } }).catch(() => {})
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST')
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{"email":"ana@exemplo.com.br","code":"123456"}')
    const empty = answer({})
    await call(passkeyLoginOptions).catch(() => {})
    expect(empty.mock.calls[0]?.[0]).toBe('/socios-api/client/passkey/login-options')
    expect(empty.mock.calls[0]?.[1]?.body).toBeUndefined()
  })

  it('reads the answer against the declared one: another shape is a failure, not data', async () => {
    answer({ link: 'https://portal.example/pagamento?code=abc' })
    const error = await failure(call(sendPaymentLink, { query: { ids: id } }))
    expect(error.message).toBe('Resposta inesperada do servidor.')
  })

  it('reads a file answer as text, checked as its declaration says', async () => {
    answer('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'Content-Type': 'text/calendar' } })
    await expect(call(instalmentCalendar, { params: { id } })).resolves.toMatch(/^BEGIN:VCALENDAR/)
    answer('<html>não é um calendário</html>', { headers: { 'Content-Type': 'text/html' } })
    const error = await failure(call(instalmentCalendar, { params: { id } }))
    expect(error.message).toBe('Resposta inesperada do servidor.')
  })

  it("turns the server's refusal into its Portuguese message", async () => {
    answer({ message: 'Contrato não encontrado.' }, { status: 404 })
    const error = await failure(call(getTerms, { query: { id } }))
    expect(error.status).toBe(404)
    expect(error.message).toBe('Contrato não encontrado.')
  })

  it('does not compile a call whose input is not the operation’s', () => {
    const typeChecksOnly = () => {
      // @ts-expect-error: the contract's id is a path parameter, and it is required
      void call(getContract)
      // @ts-expect-error: login's body has no such field
      void call(login, { body: { email: 'ana@exemplo.com.br', code: '123456', extra: 1 } })
      // @ts-expect-error: the link's ids go in the query, not in a body
      void call(sendPaymentLink, { body: { ids: id } })
    }
    expect(typeChecksOnly).toBeTypeOf('function')
  })
})
