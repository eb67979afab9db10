import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DeliveryChannel } from '../../../../contract/auth'
import { renderScreen } from '../../../test/render'
import { RequestCodeForm } from './request-code-form'
import { VerifyCodeForm } from './verify-code-form'

type Sent = { path: string; body: unknown }

/** The API answering at the network boundary (fetch): every request is kept to be read. */
function stubApi(answer: (path: string) => Response) {
  const sent: Sent[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^.*\/socios-api/, '')
      sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined })
      return answer(path)
    }),
  )
  return sent
}

afterEach(() => {
  vi.unstubAllGlobals()
})

const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')

describe('the login request-code form', () => {
  it('an empty e-mail is refused under the field, and nothing is sent', async () => {
    const sent = stubApi(() => Response.json({ message: 'ok' }))
    const { user } = renderScreen(() => <RequestCodeForm onCodeSent={() => {}} />)
    await user.click(await screen.findByRole('button', { name: 'Enviar Código' }))
    const email = screen.getByRole('textbox', { name: 'E-mail' })
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe('Informe o e-mail.')
    expect(describedText(email)).toContain('Informe o e-mail.')
    expect(sent).toEqual([])
  })

  it('an invalid e-mail is refused under the field, and nothing is sent', async () => {
    const sent = stubApi(() => Response.json({ message: 'ok' }))
    const { user } = renderScreen(() => <RequestCodeForm onCodeSent={() => {}} />)
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ana@')
    await user.click(screen.getByRole('button', { name: 'Enviar Código' }))
    expect(screen.getByRole('alert').textContent).toBe('Informe um e-mail válido.')
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).toBe(
      'true',
    )
    expect(sent).toEqual([])
  })

  it('offers e-mail (chosen at first) or WhatsApp, and the hint follows the choice', async () => {
    stubApi(() => Response.json({ message: 'ok' }))
    const { user } = renderScreen(() => <RequestCodeForm onCodeSent={() => {}} />)
    const byEmail = await screen.findByRole<HTMLInputElement>('radio', { name: 'E-mail' })
    const byWhatsApp = screen.getByRole<HTMLInputElement>('radio', { name: 'WhatsApp' })
    expect(byEmail.checked).toBe(true)
    expect(screen.getByText('Enviaremos o código para este e-mail.')).toBeTruthy()
    await user.click(byWhatsApp)
    expect(byWhatsApp.checked).toBe(true)
    expect(byEmail.checked).toBe(false)
    expect(
      screen.getByText('Enviaremos o código para o WhatsApp cadastrado neste e-mail.'),
    ).toBeTruthy()
  })

  it('sends the chosen channel (WhatsApp: cellphone), toasts the answer, then goes on', async () => {
    const sent = stubApi(() => Response.json({ message: 'Código enviado!' }))
    const onCodeSent = vi.fn()
    const { user } = renderScreen(() => <RequestCodeForm onCodeSent={onCodeSent} />)
    await user.click(await screen.findByRole('radio', { name: 'WhatsApp' }))
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'Ana@Exemplo.com.br')
    await user.click(screen.getByRole('button', { name: 'Enviar Código' }))
    expect(await screen.findByText('Código enviado!')).toBeTruthy()
    expect(sent).toEqual([
      {
        path: '/client/generate-code',
        body: { email: 'ana@exemplo.com.br', send_to: 'cellphone' },
      },
    ])
    // Spec §2 screen 1: the verify screen 1.5 s after the toast.
    await waitFor(
      () => expect(onCodeSent).toHaveBeenCalledWith('ana@exemplo.com.br', 'cellphone'),
      {
        timeout: 3000,
      },
    )
  })

  it("a failed request says the spec's fallback when the server gives no message", async () => {
    stubApi(() => new Response('', { status: 500 }))
    const { user } = renderScreen(() => <RequestCodeForm onCodeSent={() => {}} />)
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ana@exemplo.com.br')
    await user.click(screen.getByRole('button', { name: 'Enviar Código' }))
    expect(await screen.findByText('Erro inesperado ao enviar o codigo!')).toBeTruthy()
  })
})

describe('the login verify-code form', () => {
  const renderVerify = (
    onLoggedIn = vi.fn(async () => true),
    {
      channel = 'email',
      onNoContracts = () => {},
    }: { channel?: DeliveryChannel; onNoContracts?: () => void } = {},
  ) =>
    renderScreen(() => (
      <VerifyCodeForm
        email="ana@exemplo.com.br"
        channel={channel}
        onLoggedIn={onLoggedIn}
        onNoContracts={onNoContracts}
      />
    ))

  it('says where the code went as text, not as a field, with the way to change the e-mail', async () => {
    renderVerify()
    const sentTo = await screen.findByText(/^Código enviado para/)
    expect(sentTo.textContent).toBe('Código enviado para ana@exemplo.com.br')
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Usar outro e-mail' }).getAttribute('href')).toBe(
      '/login?email=ana%40exemplo.com.br&send_to=email',
    )
  })

  it('by WhatsApp, it says the code went to the WhatsApp of that e-mail', async () => {
    renderVerify(undefined, { channel: 'cellphone' })
    const sentTo = await screen.findByText(/^Código enviado para/)
    expect(sentTo.textContent).toBe(
      'Código enviado para o WhatsApp cadastrado com ana@exemplo.com.br',
    )
  })

  it('a right code that finds no contract hands the screen over to that state', async () => {
    stubApi(() => Response.json({ token: 'token-da-elisa' }))
    const onNoContracts = vi.fn()
    const { user } = renderVerify(
      vi.fn(async () => false),
      { onNoContracts },
    )
    await user.type(await screen.findByLabelText('Código de entrada'), '123456')
    await waitFor(() => expect(onNoContracts).toHaveBeenCalledOnce())
  })

  it('takes digits only and sends the code as soon as it has six', async () => {
    const sent = stubApi(() => Response.json({ token: 'token-da-ana' }))
    const onLoggedIn = vi.fn(async () => true)
    const { user } = renderVerify(onLoggedIn)
    const code = await screen.findByLabelText<HTMLInputElement>('Código de entrada')
    await user.type(code, '12a3-45')
    expect(code.value).toBe('12345')
    expect(sent).toEqual([])
    await user.type(code, '6')
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith('token-da-ana'))
    expect(sent).toEqual([
      { path: '/client/login', body: { email: 'ana@exemplo.com.br', code: '123456' } },
    ])
  })

  it("a refused code says the spec's alert, empties the field and gives it the focus", async () => {
    stubApi(() => Response.json({ message: 'Código inválido' }, { status: 400 }))
    const { user } = renderVerify()
    const code = await screen.findByLabelText<HTMLInputElement>('Código de entrada')
    await user.type(code, '123456')
    expect((await screen.findByRole('alert')).textContent).toBe('Código inválido ou expirado.')
    expect(code.getAttribute('aria-invalid')).toBe('true')
    expect(code.value).toBe('')
    expect(document.activeElement).toBe(code)
  })

  it('another failure names its status, as the spec says', async () => {
    stubApi(() => new Response('', { status: 500 }))
    const { user } = renderVerify()
    await user.type(await screen.findByLabelText('Código de entrada'), '123456')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Erro ao validar código. Status: 500',
    )
  })
})
