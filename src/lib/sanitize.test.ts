// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { cardAttributeAllowed, cardMarkupTags } from '../../contract/card-markup'
import { externalMarkup, inlineMarkup } from '../../contract/card-markup.cases'
import { sanitizeCardLayout, sanitizedDocument, sanitizeHtml } from './sanitize'

const render = (html: string) => {
  const host = document.createElement('div')
  host.innerHTML = sanitizeHtml(html)
  return host
}

describe('server markup is sanitized before it touches the DOM (docs/design.md §6)', () => {
  it('keeps the card layout: inline styles, images from data: URLs, text', () => {
    const host = render(
      '<div style="background:linear-gradient(#0b4fa8,#2f7ae5);aspect-ratio:1.586"><img src="data:image/png;base64,iVBORw0KGgo=" alt="Foto"><strong>Ana Paula Souza</strong></div>',
    )
    expect(host.querySelector('div')?.getAttribute('style')).toContain('aspect-ratio')
    expect(host.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png/)
    expect(host.textContent).toBe('Ana Paula Souza')
  })

  it.each([
    ['a script element', '<div>Ana<script>window.pwned = 1</script></div>', 'script'],
    ['an inline event handler', '<img src="x" onerror="window.pwned = 1">', '[onerror]'],
    [
      'a javascript: link',
      '<a href="javascript:window.pwned = 1">Ana</a>',
      'a[href^="javascript"]',
    ],
    ['a javascript: image', '<img src="javascript:alert(1)">', 'img[src^="javascript"]'],
    [
      'an svg with a script',
      '<svg><script>window.pwned = 1</script><circle r="4"/></svg>',
      'script',
    ],
    ['an svg onload', '<svg onload="window.pwned = 1"><circle r="4"/></svg>', '[onload]'],
    ['an iframe', '<iframe src="https://exemplo.com"></iframe>', 'iframe'],
    [
      'a form that posts elsewhere',
      '<form action="https://exemplo.com"><input name="cpf"></form>',
      'form',
    ],
    ['a style element', '<style>body{display:none}</style><p>Ana</p>', 'style'],
  ])('removes %s', (_name, html, selector) => {
    const host = render(html)
    expect(host.querySelector(selector)).toBeNull()
    expect(sanitizeHtml(html)).not.toMatch(/pwned|javascript:/)
  })

  it('builds a standalone document with an escaped title', () => {
    const html = sanitizedDocument('<h1>Termos</h1><script>x()</script>', '<Termos & Condições>')
    expect(html).toContain('<title>&#60;Termos &#38; Condições&#62;</title>')
    expect(html).toContain('<h1>Termos</h1>')
    expect(html).not.toContain('<script>')
  })

  it('dresses the document with the given style, which can never end its element early', () => {
    const html = sanitizedDocument('<h1>Termos</h1>', 'Termos', 'h1 { color: blue } </style><b>')
    const parsed = new DOMParser().parseFromString(html, 'text/html')
    expect(parsed.querySelectorAll('style')).toHaveLength(1)
    expect(parsed.querySelector('style')?.textContent).toContain('h1 { color: blue }')
    expect(parsed.body.innerHTML).toBe('<h1>Termos</h1>')
  })
})

describe('a card layout from any backend references nothing outside itself', () => {
  it.each(externalMarkup)('removes $name', ({ html, probe = 'rastreio' }) => {
    const cleaned = sanitizeCardLayout(html)
    expect(cleaned.toLowerCase()).not.toContain(probe.toLowerCase())
    const host = document.createElement('div')
    host.innerHTML = cleaned
    for (const element of host.querySelectorAll('*')) {
      const tag = element.localName
      expect(cardMarkupTags).toContain(tag)
      for (const { name } of element.attributes) expect(cardAttributeAllowed(tag, name)).toBe(true)
    }
  })

  it.each(inlineMarkup)('keeps $name exactly', ({ html }) => {
    expect(sanitizeCardLayout(html)).toBe(html)
  })

  it('leaves the terms’ sanitizer as it was: a link in a document stays', () => {
    expect(sanitizeHtml('<a href="https://exemplo.com/termos">Termos</a>')).toContain('href=')
    expect(sanitizeCardLayout('<a href="https://exemplo.com/termos">Termos</a>')).toBe('Termos')
  })
})
