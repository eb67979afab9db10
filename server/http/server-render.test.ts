/**
 * The public screens rendered into their HTML (decision 020), on the real build: the app's own
 * renderer (dist/.ssr, made by `npm run build`, which `npm test` runs first) and the demo's data.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { demoPaymentLinks } from '../demo/data/ids'
import { useTestServer } from '../testing/hooks'
import { withScreen } from './static'

const dist = resolve(import.meta.dirname, '../../dist')
if (!existsSync(resolve(dist, '.ssr/entry-server.mjs')))
  throw new Error('dist/.ssr ausente: rode `npm run build` antes deste teste.')

/** What is inside #root, and the answers written beside it. */
function parts(html: string) {
  const root = html.match(
    /<div id="root" data-rendered="server">([\s\S]*?)<\/div><script type="application\/json"/,
  )?.[1]
  const data = html.match(/<script type="application\/json" id="page-data">([^<]*)<\/script>/)?.[1]
  return { root: root ?? '', answers: data ? JSON.parse(data).answers : null }
}

const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('server-rendered screens', () => {
  const { server } = useTestServer('pglite', { overrides: { staticDir: dist } })

  it('a payment link opens with its holder, charge and methods in the HTML, and the answer the app will take over', async () => {
    const response = await server.app.request(`/pagamento?code=${demoPaymentLinks.b2b}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    // The holder's data is in the page: nobody's cache keeps it.
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    const { root, answers } = parts(html)
    const shown = text(root)
    // Its styles are in the page: the first paint waits for no stylesheet request.
    expect(html).toMatch(/<style data-href="\/assets\/[^"]+\.css">/)
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/)
    // Its code and its stylesheets' links wait in a template (the entry moves them into the head
    // after the first paint): in the head, the preload scanner would fetch them before it.
    const head = html.slice(0, html.indexOf('<template id="screen-code">'))
    expect(head).toContain('<script type="module"')
    expect(head).not.toMatch(/<link rel="(stylesheet|modulepreload)"/)
    const held = html.slice(head.length, html.indexOf('</template>'))
    expect(held).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css" disabled>/)
    expect(held).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/pagamento-[^"]+\.js">/,
    )
    for (const expected of [
      'Pagamento',
      'Titular',
      'Ana Paula Souza',
      'Resumo da cobrança',
      'Formas de pagamento',
    ])
      expect(shown).toContain(expected)

    const path = `/checkout/payment-link?code=${demoPaymentLinks.b2b}`
    const api = await server.app.request(`/socios-api${path}`)
    expect(answers).toEqual([{ path, status: 200, body: await api.text() }])
  })

  it('an unknown link renders its message the same way, with the refusal for the app to keep', async () => {
    const { root, answers } = parts(
      await (await server.app.request('/pagamento?code=NAO-EXISTE')).text(),
    )
    expect(root).toMatch(/<p role="alert">Link de pagamento não encontrado\.<\/p>/)
    expect(answers).toEqual([
      {
        path: '/checkout/payment-link?code=NAO-EXISTE',
        status: 404,
        body: JSON.stringify({ message: 'Link de pagamento não encontrado.' }),
      },
    ])
  })

  it('the login screen is in its HTML, with the e-mail typed before kept from the URL', async () => {
    const response = await server.app.request('/login?email=ana%40exemplo.com.br')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const { root, answers } = parts(await response.text())
    expect(text(root)).toContain('Receber código de entrada')
    expect(text(root)).toContain('Enviar Código')
    expect(root).toContain('value="ana@exemplo.com.br"')
    expect(answers).toEqual([])
  })

  it('screens behind a login, and unknown paths, get the empty shell', async () => {
    for (const path of ['/home', '/favorites', '/sem-rota']) {
      const html = await (await server.app.request(path)).text()
      expect(html, path).toContain('<div id="root"></div>')
      expect(html, path).not.toContain('page-data')
    }
  })

  it('adds no script the CSP would refuse: only module files and inert JSON', async () => {
    const html = await (await server.app.request(`/pagamento?code=${demoPaymentLinks.b2b}`)).text()
    const scripts = html.match(/<script[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(1)
    for (const tag of scripts)
      expect(tag).toMatch(/type="module"[^>]* src=|type="application\/json"/)
  })
})

describe('the answers written into the page', () => {
  it('cannot close their script element, whatever the answer holds', () => {
    const body = JSON.stringify({ holder: '</script><script>alert(1)</script><!--' })
    const html = withScreen('<body><div id="root"></div></body>', {
      html: '<p>x</p>',
      answers: [{ path: '/checkout/payment-link?code=A', status: 200, body }],
    })
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    const data = html.match(/id="page-data">([^<]*)<\/script>/)?.[1] ?? ''
    expect(JSON.parse(data).answers[0].body).toBe(body)
  })
})
