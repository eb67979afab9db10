import { describe, expect, it } from 'vitest'
import { externalMarkup, inlineMarkup } from './card-markup.cases'
import { cardTemplateProblems, cleanCardMarkup, filterCardMarkup } from './card-markup-filter'

const leaks = (markup: string, probe = 'rastreio') =>
  markup.toLowerCase().includes(probe.toLowerCase())

describe('a card layout references nothing outside itself (the server’s filter)', () => {
  it.each(externalMarkup)('refuses at upload, and strips when served: $name', ({ html, probe }) => {
    expect(cardTemplateProblems(html)).not.toEqual([])
    const cleaned = cleanCardMarkup(html)
    expect(leaks(cleaned, probe), cleaned).toBe(false)
    // What it writes passes again unchanged: nothing left to find.
    expect(filterCardMarkup(cleaned)).toEqual({ markup: cleaned, problems: [] })
  })

  it.each(inlineMarkup)('keeps $name exactly', ({ html }) => {
    expect(filterCardMarkup(html, true)).toEqual({ markup: html, problems: [] })
    expect(cleanCardMarkup(html)).toBe(html)
  })

  it('names what it refused, each thing once', () => {
    expect(
      cardTemplateProblems(
        '<img srcset="https://rastreio.exemplo/a.png 2x"><img srcset="x"><div style="background:image-set(\'a.png\' 1x)"></div><script>x()</script>',
      ),
    ).toEqual([
      'atributo srcset em <img>',
      'função image-set() em style="background:image-set(\'a.png\' 1x)"',
      'elemento <script>',
    ])
  })

  it('takes {{foto}} as an image source in a template, and no field inside a style', () => {
    expect(cardTemplateProblems('<img src="{{foto}}" alt="{{nome}}"><b>{{nome}}</b>')).toEqual([])
    expect(cardTemplateProblems('<img src="{{nome}}">')).toHaveLength(1)
    expect(cardTemplateProblems('<div style="color:{{nome}}">x</div>')).toEqual([
      'campo {{…}} dentro de style="color:{{nome}}"',
    ])
    // Once filled, the photo is a data: URL; an unfilled field is no image.
    expect(cleanCardMarkup('<img src="{{foto}}">')).toBe('<img>')
  })

  it('writes one canonical form: quoted, escaped values, no comment, no half tag', () => {
    expect(
      cleanCardMarkup(
        '<DIV Title=a&amp;b&quot; TITLE="x" style=\'color:red\'>1 < 2<!-- <img src=https://rastreio.exemplo> --></div><b',
      ),
    ).toBe('<div title="a&amp;b&quot;" style="color:red">1 &lt; 2</div>')
    expect(cleanCardMarkup('<!--><img src="https://rastreio.exemplo/p.gif">')).toBe('<img>')
    expect(cleanCardMarkup('<style><img src=x></style><p>Ana</p>')).toBe('<p>Ana</p>')
  })

  // Each of these took 50 s to 2 min before the scans were made linear: one upload of the
  // largest layout allowed would have held the server.
  const n = 190_000
  it.each([
    ['a style of letters', `<div style="${'a'.repeat(n)}">`],
    ['a style of spaces', `<div style="${' '.repeat(n)}">`],
    ['a data: image of spaces', `<img src="data:image/png;base64,${' '.repeat(n)}!">`],
    ['many style elements', '<style></style>'.repeat(n / 15)],
    ['many url()s', `<div style="${'background:url(data:image/png;base64,AA);'.repeat(n / 40)}">`],
    ['many entities', `<div title="${'&a'.repeat(n / 2)}">`],
  ])('reads the largest layout in linear time: %s', (_name, html) => {
    const start = performance.now()
    filterCardMarkup(html, true)
    expect(performance.now() - start).toBeLessThan(2_000)
  })
})
