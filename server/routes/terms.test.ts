import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { adhesionTermPdf, contractList } from '../../contract/contracts'
import { contracts, paymentOrders, persons } from '../db/schema'
import { demoIds } from '../demo/seed'
import { formatDay } from '../services/terms'
import { backends, bearer } from '../testing'
import { useTestServer } from '../testing/hooks'

const client = '/socios-api/client'

describe.each(backends)('contract terms (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana', 'carla'] })

  const get = (path: string, token: string) => server.app.request(`${client}${path}`, bearer(token))
  const accept = (id: string, init: RequestInit = {}) =>
    server.app.request(`${client}/term/contract/acept/${id}`, {
      method: 'POST',
      ...init,
      headers: { authorization: `Bearer ${tokens.carla}`, ...init.headers },
    })

  async function contractRow(id: string) {
    const [row] = await server.db.select().from(contracts).where(eq(contracts.id, id))
    if (!row) throw new Error(`contrato ${id} não existe`)
    return row
  }

  /** Renames a person for one test, then puts the demo name back. */
  async function withName(personId: string, firstName: string, run: () => Promise<void>) {
    const [before] = await server.db.select().from(persons).where(eq(persons.id, personId))
    await server.db.update(persons).set({ firstName }).where(eq(persons.id, personId))
    try {
      await run()
    } finally {
      await server.db
        .update(persons)
        .set({ firstName: before?.firstName ?? '' })
        .where(eq(persons.id, personId))
    }
  }

  async function pdfText(token: string, contractId: string) {
    const response = await get(`/view-contract/${contractId}`, token)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8$/i)
    expect(response.headers.get('cache-control')).toContain('no-store')
    const base64 = v.parse(adhesionTermPdf, await response.text())
    const bytes = new Uint8Array(Buffer.from(base64, 'base64'))
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const { text, totalPages } = await extractText(await getDocumentProxy(bytes), {
      mergePages: true,
    })
    expect(totalPages).toBeLessThanOrEqual(2)
    return text.replace(/\s+/g, ' ')
  }

  describe('GET /client/view-contract/:id', () => {
    it("is Ana's signed adhesion term as a base64 PDF with her data and dates", async () => {
      const row = await contractRow(demoIds.ana.contract)
      const text = await pdfText(tokens.ana, demoIds.ana.contract)
      expect(text).toContain('Termo de Adesão')
      expect(text).toContain('Ana Paula Souza')
      expect(text).toContain('529.982.247-25')
      expect(text).toContain('A/000123')
      expect(text).toContain('Plano Família Clube')
      expect(text).toContain(`Data da venda: ${formatDay(row.dateTime ?? new Date(0))}`)
      expect(text).toContain(`Aceite dos termos: ${formatDay(row.termsAcceptedAt ?? new Date(0))}`)
      expect(text).toContain('Pedro Souza (Filho(a))')
      expect(text).not.toContain('Maria Oliveira Souza') // inactive dependent
      expect(text).toMatch(/1\. Objeto .* 2\. Dependentes .* 3\. Carteirinha/)
    })

    it('says the acceptance is pending while Carla has not accepted', async () => {
      const text = await pdfText(tokens.carla, demoIds.carla.contract)
      expect(text).toContain('Carla Mendes Rocha')
      expect(text).toContain('618.350.927-21')
      expect(text).toContain('Aceite dos termos: pendente')
    })

    it('still renders a name the standard font cannot encode', async () => {
      await withName(demoIds.carla.person, 'Zoë Łukasz 🎉', async () => {
        expect(await pdfText(tokens.carla, demoIds.carla.contract)).toContain('Zoë ?ukasz ?')
      })
    })
  })

  describe('GET /client/term/contract?id=', () => {
    it("is Carla's purchase terms as an HTML document", async () => {
      const response = await get(`/term/contract?id=${demoIds.carla.contract}`, tokens.carla)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8$/i)
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
      const html = await response.text()
      expect(html).toMatch(/^<!doctype html>/)
      expect(html).toContain('<title>Termos de Compra')
      expect(html).toContain('Carla Mendes Rocha')
      expect(html).toContain('618.350.927-21')
      expect(html).toContain('B/000512')
      expect(html).toContain('Plano Individual Academia')
      expect(html.match(/<li><strong>/g)?.length).toBeGreaterThanOrEqual(5)
      expect(html).toContain('Aceite pendente')
    })

    it("states the price: the instalments, their total and due dates, from the contract's rows", async () => {
      const rows = await server.db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.contractId, demoIds.carla.contract))
      expect(rows.length).toBeGreaterThan(0)
      const total = rows.reduce((sum, row) => sum + row.value, 0)
      const money = (cents: number) =>
        `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`
      const html = await (
        await get(`/term/contract?id=${demoIds.carla.contract}`, tokens.carla)
      ).text()
      expect(html).toContain('<h2>Valores</h2>')
      const count = rows.length
      expect(html).toContain(`<dt>Parcelas</dt><dd>${count} parcela`)
      expect(html).toContain(`<dt>Total</dt><dd>${money(total)}</dd>`)
      const days = rows.map((row) => row.dueDate).sort()
      const br = (day: string) => day.split('-').reverse().join('/')
      expect(html).toContain(
        count === 1 ? br(days[0] ?? '') : `de ${br(days[0] ?? '')} a ${br(days.at(-1) ?? '')}`,
      )
      // And the signed term, the same.
      expect(await pdfText(tokens.carla, demoIds.carla.contract)).toContain(
        `Total: ${money(total)}`,
      )
    })

    it('allows its one style element by hash, and nothing inline besides', async () => {
      const response = await get(`/term/contract?id=${demoIds.carla.contract}`, tokens.carla)
      const policy = response.headers.get('content-security-policy') ?? ''
      expect(policy).not.toContain('unsafe-inline')
      const html = await response.text()
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1])
      expect(styles).toHaveLength(1)
      const hash = createHash('sha256')
        .update(styles[0] ?? '')
        .digest('base64')
      expect(policy).toContain(`style-src 'sha256-${hash}'`)
      expect(styles[0]).toContain('@media print')
    })

    it('lists the dependents the contract covers', async () => {
      const html = await (await get(`/term/contract?id=${demoIds.ana.contract}`, tokens.ana)).text()
      expect(html).toContain('<li>Pedro Souza (Filho(a))</li>')
      expect(html).not.toContain('Maria Oliveira Souza')
    })

    it('escapes every value it shows', async () => {
      await withName(demoIds.carla.person, '<script>alert("x")</script> & Cia', async () => {
        const response = await get(`/term/contract?id=${demoIds.carla.contract}`, tokens.carla)
        const html = await response.text()
        expect(html).not.toContain('<script>')
        expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cia')
      })
    })

    it.each([
      ['no id', 400, '', 'Informe o contrato (id).'],
      ['an empty id', 400, '?id=', 'Informe o contrato (id).'],
      ['a blank id', 400, '?id=%20%20', 'Informe o contrato (id).'],
      ['an id that is not a uuid', 404, '?id=abc', 'Contrato não encontrado.'],
    ])('answers %s with %i', async (_case, status, query, message) => {
      const response = await get(`/term/contract${query}`, tokens.carla)
      expect(response.status).toBe(status)
      expect(await response.json()).toEqual({ message })
    })
  })

  describe('POST /client/term/contract/acept/:contractId', () => {
    const carlaTerms = async () => {
      const response = await get('/contracts', tokens.carla)
      return v.parse(contractList, await response.json()).map((item) => item.terms)
    }

    it('accepts once, keeps the first date on a second call', async () => {
      expect(await carlaTerms()).toEqual([false])
      try {
        const first = await accept(demoIds.carla.contract)
        expect(first.status).toBe(200)
        expect(await first.json()).toEqual({ message: 'Termo aceito.' })
        expect(await carlaTerms()).toEqual([true])
        const acceptedAt = (await contractRow(demoIds.carla.contract)).termsAcceptedAt
        expect(acceptedAt?.getTime()).toBeCloseTo(server.clock.now().getTime(), -3)

        server.clock.advance(60_000)
        const again = await accept(demoIds.carla.contract, {
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
        expect(again.status).toBe(200)
        expect(await again.json()).toEqual({ message: 'Termo aceito.' })
        const row = await contractRow(demoIds.carla.contract)
        expect(row).toMatchObject({ terms: true, termsAcceptedAt: acceptedAt })

        const text = await pdfText(tokens.carla, demoIds.carla.contract)
        expect(text).toContain(`Aceite dos termos: ${formatDay(acceptedAt ?? new Date(0))}`)
      } finally {
        server.clock.advance(-60_000)
        await server.db
          .update(contracts)
          .set({ terms: false, termsAcceptedAt: null })
          .where(eq(contracts.id, demoIds.carla.contract))
      }
    })

    it.each([
      ['a field', { 'content-type': 'application/json' }, '{"aceito":true}', 400],
      ['broken JSON', { 'content-type': 'application/json' }, '{', 400],
      ['a JSON list', { 'content-type': 'application/json' }, '[]', 400],
      ['text that is not JSON', { 'content-type': 'text/plain' }, 'sim', 415],
    ])('rejects a body with %s and writes nothing', async (_case, headers, body, status) => {
      const before = await contractRow(demoIds.carla.contract)
      const response = await accept(demoIds.carla.contract, { headers, body })
      expect(response.status).toBe(status)
      expect((await response.json()) as { message: string }).toHaveProperty('message')
      expect(await contractRow(demoIds.carla.contract)).toEqual(before)
    })
  })
})
