import { waitFor } from '@testing-library/react'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { expect, it } from 'vitest'
import { appTookOverEvent, keepEarlyTaps } from './early-taps'

/** The server's screen, then the app's: the same markup, unless `appMarkup` says otherwise. */
function screens(serverMarkup: string, appMarkup = serverMarkup) {
  const server = document.createElement('div')
  server.innerHTML = serverMarkup
  document.body.replaceChildren(server)
  const app = document.createElement('div')
  app.innerHTML = appMarkup
  return { server, app }
}

it('replays a tap made before the app took over on the same control, and drops one whose place now holds another', () => {
  const { server, app } = screens(
    '<div><button>Ver detalhes</button><button>Gerar Pix</button></div>',
    // The app's data changed meanwhile: the second place holds another control.
    '<div><button>Ver detalhes</button><button>Cancelar</button></div>',
  )
  keepEarlyTaps(server)
  for (const button of server.querySelectorAll('button')) button.click()
  const tapped: string[] = []
  app.addEventListener('click', (event) => tapped.push((event.target as Element).textContent ?? ''))
  server.replaceWith(app)
  document.dispatchEvent(new CustomEvent(appTookOverEvent, { detail: app }))
  expect(tapped).toEqual(['Ver detalhes'])
})

it('holds a form sent before the app took over (no plain GET) and sends it as the app with the tap', () => {
  const markup =
    '<form action="/login"><input name="email"><button type="submit">Enviar</button></form>'
  const { server, app } = screens(markup)
  keepEarlyTaps(server)
  const field = server.querySelector('input') as HTMLInputElement
  field.value = 'ana@exemplo.com.br'
  const submitted: boolean[] = []
  server.addEventListener('submit', (event) => submitted.push(event.defaultPrevented))
  ;(server.querySelector('button') as HTMLButtonElement).click()
  expect(submitted).toEqual([true])

  const sent: string[] = []
  app.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault()
    sent.push((app.querySelector('input') as HTMLInputElement).value)
  })
  server.replaceWith(app)
  document.dispatchEvent(new CustomEvent(appTookOverEvent, { detail: app }))
  expect(sent).toEqual(['ana@exemplo.com.br'])
})

/** A form as the app has it: its field's state is React's, its submit reads that state. */
function EmailForm({ onSend }: { onSend: (email: string) => void }) {
  const [email, setEmail] = useState('')
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSend(email)
      }}
    >
      <input name="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type="submit">Enviar</button>
    </form>
  )
}

it('a form typed and sent after the app rendered but before it took over goes out with what was typed', async () => {
  const { server, app } = screens(
    '<form><input name="email"><button type="submit">Enviar</button></form>',
    '',
  )
  // React renders the app off the page, outside act(), as src/boot.tsx does.
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  const sent: string[] = []
  const root = createRoot(app)
  root.render(<EmailForm onSend={(email) => sent.push(email)} />)
  await waitFor(() => expect(app.querySelector('button')).not.toBeNull())

  keepEarlyTaps(server)
  ;(server.querySelector('input') as HTMLInputElement).value = 'ana@exemplo.com.br'
  ;(server.querySelector('button') as HTMLButtonElement).click()
  server.replaceWith(app)
  document.dispatchEvent(new CustomEvent(appTookOverEvent, { detail: app }))
  await waitFor(() => expect(sent).toEqual(['ana@exemplo.com.br']))
  root.unmount()
})

it('a card typed before the app took over is in the app: its nameless fields are found by their labels', () => {
  const markup =
    '<form><label for="n">Número do cartão</label><input id="n" autocomplete="cc-number">' +
    '<label for="c">CVV</label><input id="c" autocomplete="cc-csc"></form>'
  const { server, app } = screens(markup)
  keepEarlyTaps(server)
  const [number, cvv] = [...server.querySelectorAll('input')]
  if (!number || !cvv) throw new Error('campos ausentes')
  number.value = '5555 5555 5555 4444'
  cvv.value = '123'
  const typed: string[] = []
  app.addEventListener('input', (event) => typed.push((event.target as HTMLInputElement).id))
  server.replaceWith(app)
  document.dispatchEvent(new CustomEvent(appTookOverEvent, { detail: app }))
  expect([...app.querySelectorAll('input')].map((field) => field.value)).toEqual([
    '5555 5555 5555 4444',
    '123',
  ])
  expect(typed).toEqual(['n', 'c'])
})

it('the field that had the focus when the app took over has it again in the app, so typing goes on there', () => {
  const markup = '<form><input name="email"><button type="submit">Enviar</button></form>'
  const { server, app } = screens(markup)
  keepEarlyTaps(server)
  const field = server.querySelector('input') as HTMLInputElement
  field.focus()
  // Chromium blurs a focused field as it is removed, while it is still in the page.
  field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
  server.replaceWith(app)
  document.dispatchEvent(new CustomEvent(appTookOverEvent, { detail: app }))
  expect(document.activeElement).toBe(app.querySelector('input'))
})

it('the button that had the focus has it again in the app, and a link tapped on the device’s copy waits for the app', () => {
  const { server, app } = screens(
    '<nav><a href="/favorites">Carteirinha</a><button>Mais opções</button></nav>',
  )
  server.setAttribute('data-painted', 'device')
  keepEarlyTaps(server)
  ;(server.querySelector('button') as HTMLButtonElement).focus()
  const link = server.querySelector('a') as HTMLAnchorElement
  let followed = true
  link.addEventListener('click', (event) => {
    followed = !event.defaultPrevented
  })
  link.click()
  expect(followed).toBe(false)
  const tapped: string[] = []
  app.addEventListener('click', (event) => {
    event.preventDefault()
    tapped.push((event.target as Element).textContent ?? '')
  })
  server.replaceWith(app)
  document.dispatchEvent(new CustomEvent(appTookOverEvent, { detail: app }))
  expect(document.activeElement).toBe(app.querySelector('button'))
  expect(tapped).toEqual(['Carteirinha'])
})
