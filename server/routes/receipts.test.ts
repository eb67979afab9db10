/**
 * Receipts (beyond the spec): a holder's paid instalment, and a paid link for whoever holds its
 * code, as a PDF a person can read: payer, instalments, amount, method, date and time, and the
 * payment's authentication at its source. Read with unpdf, independent of how it was drawn.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pdfText } from '../../tests/helpers/pdf'
import { receivedPayments } from '../db/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, bearer, createTestServer, loginAs, type TestServer } from '../testing'
import { cardPayment, checkoutPaths, linkFor, post, testCards, tokenize } from '../testing/payments'

const pdfOf = async (response: Response) =>
  pdfText(Uint8Array.from(Buffer.from(await response.text(), 'base64')))

describe.each(backends)('receipts (%s)', (backend) => {
  let server: TestServer
  let ana = ''
  let bruno = ''
  beforeAll(async () => {
    server = await createTestServer(backend)
    ana = await loginAs(server.app, demoEmails.ana)
    bruno = await loginAs(server.app, demoEmails.bruno)
  })
  afterAll(() => server.close())
  beforeEach(() => server.reset())

  const receipt = (token: string, id: string) =>
    server.app.request(`/socios-api/client/receipts/${id}`, bearer(token))

  it('a card payment: the link’s receipt names payer, instalment, amount, card and authentication', async () => {
    const code = await linkFor(server.app, ana, [6])
    const card = await tokenize(server.app, testCards.visa)
    expect((await post(server.app, checkoutPaths.link, cardPayment(code, card))).status).toBe(200)
    const answer = await server.app.request(`/socios-api/checkout/receipt?code=${code}`)
    expect(answer.status).toBe(200)
    const text = await pdfOf(answer)
    expect(text).toContain('Comprovante de pagamento')
    expect(text).toContain('Ana Paula Souza')
    expect(text).toContain('Parcela 6')
    expect(text).toContain('Cartão de crédito (VISA final 1111)')
    const [payment] = await server.db.select().from(receivedPayments)
    expect(text).toContain(payment?.id.replace(/^card:/, '') ?? 'x')
    // The same receipt from Pagamentos, for the holder.
    const own = await receipt(ana, demoIds.ana.instalments[5] ?? '')
    expect(await pdfOf(own)).toContain('Parcela 6')
  })

  it('a Pix: the receipt carries the end-to-end id', async () => {
    const code = await linkFor(server.app, ana, [7])
    const pix = await post<{ data: { key: string; value: string }[] }>(
      server.app,
      checkoutPaths.pix,
      {
        code,
        token: '1',
      },
    )
    const txid = pix.body.data.find((entry) => entry.key === 'txid')?.value
    const paid = await server.app.request(`/sandbox/pix/${txid}/pay`, { method: 'POST' })
    const { endToEndId } = (await paid.json()) as { endToEndId: string }
    const text = await pdfOf(await server.app.request(`/socios-api/checkout/receipt?code=${code}`))
    expect(text).toContain('Pix')
    expect(text).toContain(endToEndId)
  })

  it('an instalment paid before (demo data) still has one; unpaid or someone else’s has none', async () => {
    const paidBefore = await receipt(ana, demoIds.ana.instalments[0] ?? '')
    expect(paidBefore.status).toBe(200)
    expect(await pdfOf(paidBefore)).toContain('Parcela 1')
    for (const [token, id] of [
      [ana, demoIds.ana.instalments[11] ?? ''],
      [bruno, demoIds.ana.instalments[0] ?? ''],
      [ana, 'nao-e-uuid'],
    ] as const) {
      const refused = await receipt(token, id)
      expect(refused.status).toBe(404)
      expect(await refused.json()).toEqual({
        message: 'Comprovante não encontrado: a parcela não está paga.',
      })
    }
    const openLink = await linkFor(server.app, ana, [8])
    expect((await server.app.request(`/socios-api/checkout/receipt?code=${openLink}`)).status).toBe(
      404,
    )
  })

  it('a paid link says what it paid (for /success): instalments, total, method, date; no personal data', async () => {
    const code = await linkFor(server.app, ana, [6, 7])
    const unpaid = await server.app.request(`/socios-api/checkout/paid?code=${code}`)
    expect(unpaid.status).toBe(404)
    const card = await tokenize(server.app, testCards.visa)
    expect((await post(server.app, checkoutPaths.link, cardPayment(code, card))).status).toBe(200)
    const answer = await server.app.request(`/socios-api/checkout/paid?code=${code}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    const summary = (await answer.json()) as Record<string, unknown>
    expect(Object.keys(summary).sort()).toEqual([
      'authentication',
      'instalments',
      'method',
      'paid_at',
      'total',
    ])
    const [payment] = await server.db.select().from(receivedPayments)
    expect(summary).toMatchObject({
      instalments: [{ installment: 6 }, { installment: 7 }],
      total: payment?.amount,
      method: 'Cartão de crédito (VISA final 1111)',
      // The card charge's reference, as the PDF's "Autenticação".
      authentication: payment?.id.replace(/^card:/, ''),
    })
    const pdf = await pdfOf(await server.app.request(`/socios-api/checkout/receipt?code=${code}`))
    expect(pdf).toContain(String(summary.authentication))
    expect(Date.parse(String(summary.paid_at))).toBe(payment?.receivedAt.getTime())
    expect(JSON.stringify(summary)).not.toContain('Ana')
  })
})
