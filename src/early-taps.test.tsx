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
