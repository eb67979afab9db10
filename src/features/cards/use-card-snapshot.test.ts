// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { cardScreenMarkup } from './use-card-snapshot'

const screen = (html: string) => {
  const root = document.createElement('div')
  root.innerHTML = html
  const copy = document.createElement('div')
  copy.innerHTML = cardScreenMarkup(root)
  return copy
}

describe('the card screen snapshot is plain, same-origin markup', () => {
  it('keeps what the list shows: classes, sizes, icons, photos, names, links inside the app', () => {
    const copy = screen(
      '<main class="_main_1"><h3 class="_name_2">Ana Paula Souza</h3>' +
        '<span style="width:72px"><img src="data:image/jpeg;base64,/9j/4AAQ" alt="Foto de Ana"></span>' +
        '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M19 12H5"></path></svg>' +
        '<a href="/home" aria-current="page">Perfil</a><button type="button">Visualizar</button></main>',
    )
    expect(copy.querySelector('h3')?.className).toBe('_name_2')
    expect(copy.querySelector('span')?.getAttribute('style')).toBe('width:72px')
    expect(copy.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/jpeg/)
    expect(copy.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 24 24')
    expect(copy.querySelector('path')?.getAttribute('d')).toBe('M19 12H5')
    expect(copy.querySelector('a')?.getAttribute('href')).toBe('/home')
    expect(copy.textContent).toBe('Ana Paula SouzaPerfilVisualizar')
  })

  it('drops the flip view with its pass, toasts, scripts, handlers, ids and other origins', () => {
    const copy = screen(
      '<h3 id="r1" onclick="x()">Ana</h3><label for="r1">Nome</label>' +
        '<div role="dialog"><p>passe</p></div><section aria-live="polite"><p>aviso</p></section>' +
        '<script>x()</script><a href="https://example.com/">fora</a>' +
        '<a href="javascript:x()">js</a><img src="https://example.com/p.png" alt="">',
    )
    expect(copy.innerHTML).toBe('<h3>Ana</h3><label>Nome</label><a>fora</a><a>js</a><img alt="">')
  })
})
