/**
 * GET /client/contract/payment-orders/:id and GET /client/send-payment-link (spec §7): a holder
 * lists and links only their own instalments; anything else answers 404.
 */
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { paymentOrderList, sendPaymentLinkResponse } from '../../contract/payments'
import { paymentLinks, paymentOrders } from '../db/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { daysBetween, todayInSaoPaulo } from '../services/payment-amounts'
import { backends, bearer, countRows, createTestServer, loginAs } from '../testing'
import { useTestServer } from '../testing/hooks'

const ana = demoIds.ana

describe.each(backends)('payment orders and payment links (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana', 'bruno', 'elisa'] })

  const ordersOf = (token: string, contractId: string) =>
    server.app.request(`/socios-api/client/contract/payment-orders/${contractId}`, bearer(token))
  const sendLink = (token: string, ids: string) =>
    server.app.request(`/socios-api/client/send-payment-link?ids=${ids}`, bearer(token))

  describe('GET /client/contract/payment-orders/:id', () => {
    it("lists Ana's twelve instalments in order, with status, delay and lastLinkAdjustment", async () => {
      const response = await ordersOf(tokens.ana, ana.contract)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      const list = v.parse(paymentOrderList, await response.json())
      expect(list.map((order) => order.installment)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
      ])
      expect(list.map((order) => order.id)).toEqual(ana.instalments)
      expect(list.map((order) => order.status)).toEqual([
        ...Array(3).fill('PAID'),
        'OVERDUE',
        ...Array(8).fill('NOT_PAID'),
      ])
      const today = todayInSaoPaulo(new Date())
      // Ten days late by UTC; São Paulo's date may still be the day before.
      const late = daysBetween(list[3]?.due_date ?? '', today)
      expect([9, 10]).toContain(late)
      expect(list[3]).toMatchObject({ value: 18_990, delayed_days: late, paid_value: null })
      expect(list[0]).toMatchObject({ paid_value: 18_990, delayed_days: 0 })
      // When it was paid: the day on São Paulo's calendar; none for what is not paid.
      const [first] = await server.db
        .select({ paidAt: paymentOrders.paidAt })
        .from(paymentOrders)
        .where(eq(paymentOrders.id, ana.instalments[0] as string))
      expect(first?.paidAt).toBeInstanceOf(Date)
      expect(list[0]?.paid_on).toBe(todayInSaoPaulo(first?.paidAt as Date))
      expect(list[3]?.paid_on).toBeNull()
      expect(list[4]).toMatchObject({ discount: 1_900, data: { lastLinkAdjustment: 0 } })
      for (const order of list) {
        expect(order.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        if (order.status === 'NOT_PAID') expect(order.due_date >= today).toBe(true)
      }
    })

    it("answers 404 for someone else's contract, an unknown id and a malformed one", async () => {
      for (const [token, id] of [
        [tokens.bruno, ana.contract],
        [tokens.elisa, ana.contract],
        [tokens.ana, demoIds.bruno.active.contract],
        [tokens.ana, '00000000-0000-4000-8000-000000000000'],
        [tokens.ana, 'nao-e-um-id'],
      ] as const) {
        const response = await ordersOf(token, id)
        expect(response.status).toBe(404)
        expect(await response.json()).toEqual({ message: 'Contrato não encontrado.' })
      }
    })

    it('gives an empty list for an own contract without instalments', async () => {
      const davi = await loginAs(server.app, demoEmails.davi)
      const response = await ordersOf(davi, demoIds.davi.contract)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual([])
    })

    it('asks for a session', async () => {
      const response = await server.app.request(
        `/socios-api/client/contract/payment-orders/${ana.contract}`,
      )
      expect(response.status).toBe(401)
    })
  })

  describe('GET /client/send-payment-link', () => {
    it('creates a link for unpaid instalments and answers the app URL as a JSON string', async () => {
      const before = await countRows(server.db, paymentLinks)
      const response = await sendLink(tokens.ana, `${ana.instalments[4]}|${ana.instalments[3]}`)
      expect(response.status).toBe(200)
      const url = new URL(v.parse(sendPaymentLinkResponse, await response.json()))
      expect(url.origin).toBe('http://localhost:8080')
      expect(url.pathname).toBe('/pagamento')
      const code = url.searchParams.get('code') ?? ''
      expect(code).toMatch(/^[A-Za-z0-9_-]{10,16}$/)
      const [link] = await server.db.select().from(paymentLinks).where(eq(paymentLinks.code, code))
      expect(link).toMatchObject({
        contractId: ana.contract,
        instalmentIds: [ana.instalments[3], ana.instalments[4]],
        channel: 'B2C',
        status: 'OPEN',
      })
      expect(await countRows(server.db, paymentLinks)).toBe(before + 1)
    })

    it('builds the link on the configured address, never on the Host header', async () => {
      // As a request to this server naming another host would arrive (Host: golpe.example).
      const response = await server.app.request(
        `http://golpe.example/socios-api/client/send-payment-link?ids=${ana.instalments[5]}`,
        { headers: { ...bearer(tokens.ana).headers, 'x-forwarded-host': 'golpe.example' } },
      )
      expect(response.status).toBe(200)
      expect(new URL((await response.json()) as string).origin).toBe('http://localhost:8080')
    })

    it('gives a new unguessable code every time', async () => {
      const codes = new Set<string>()
      for (let round = 0; round < 3; round++) {
        const url = (await (await sendLink(tokens.ana, ana.instalments[6] ?? '')).json()) as string
        codes.add(new URL(url).searchParams.get('code') ?? '')
      }
      expect(codes.size).toBe(3)
    })

    it.each([
      [
        'a paid instalment',
        () => `${ana.instalments[0]}|${ana.instalments[4]}`,
        422,
        'A parcela 1 já está paga.',
      ],
      [
        "someone else's instalment",
        () => `${demoIds.bruno.instalments[2]}`,
        404,
        'Parcela não encontrada.',
      ],
      [
        'an unknown id',
        () => '00000000-0000-4000-8000-000000000000',
        404,
        'Parcela não encontrada.',
      ],
      ['a malformed id', () => `${ana.instalments[4]}|abc`, 404, 'Parcela não encontrada.'],
      ['no id at all', () => '|', 400, 'Informe as parcelas (ids), separadas por |.'],
    ])('refuses %s and creates nothing', async (_, ids, status, message) => {
      const before = await countRows(server.db, paymentLinks)
      const response = await sendLink(tokens.ana, ids())
      expect(response.status).toBe(status)
      expect(await response.json()).toEqual({ message })
      expect(await countRows(server.db, paymentLinks)).toBe(before)
    })

    it("refuses instalments of two of Bruno's contracts in one link", async () => {
      const { instalments } = demoIds.bruno
      const response = await sendLink(tokens.bruno, `${instalments[2]}|${instalments[4]}`)
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({ message: 'Selecione parcelas de um mesmo contrato.' })
    })

    it('answers 400 without ids and 401 without a session', async () => {
      const missing = await server.app.request(
        '/socios-api/client/send-payment-link',
        bearer(tokens.ana),
      )
      expect(missing.status).toBe(400)
      const anonymous = await server.app.request(
        `/socios-api/client/send-payment-link?ids=${ana.instalments[4]}`,
      )
      expect(anonymous.status).toBe(401)
    })
  })
})

describe('send-payment-link with PUBLIC_URL', () => {
  it('uses PUBLIC_URL for the link when it is set', async () => {
    const configured = await createTestServer('pglite', {
      publicUrl: 'https://portal.exemplo.com.br',
    })
    try {
      const token = await loginAs(configured.app, demoEmails.ana)
      const response = await configured.app.request(
        `/socios-api/client/send-payment-link?ids=${ana.instalments[5]}`,
        bearer(token),
      )
      expect(await response.json()).toMatch(/^https:\/\/portal\.exemplo\.com\.br\/pagamento\?code=/)
    } finally {
      await configured.close()
    }
  })
})
