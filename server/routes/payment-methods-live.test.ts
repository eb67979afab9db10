/**
 * A link offers its model's methods *and* what this server collects (issue 23): with only the
 * bank's API Pix, Pix works on its own and card, recurrence, card swap and boleto are neither
 * shown nor taken; with payments off, nothing is. Ana's model allows all four methods.
 */
import { describe, expect, it } from 'vitest'
import { demoPaymentLinks } from '../demo/seed'
import { liveMethodsLine } from '../services/collections'
import { backends } from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  anaInstalments,
  cardExpiry,
  checkoutPaths,
  holderAddress,
  linkData,
  linkFor,
  post,
} from '../testing/payments'

const unavailable = { message: 'Forma de pagamento indisponível para este link.' }

describe.each(backends)('methods this server collects (%s)', (backend) => {
  describe('Pix only: the bank is configured, no card and boleto gateway', () => {
    const { server, tokens } = useTestServer(backend, {
      logins: ['ana'],
      resetEachTest: true,
      overrides: { gateway: undefined },
    })

    it('shows only the Pix tab and no card entry', async () => {
      const data = await linkData(server.app, await linkFor(server.app, tokens.ana, [5]))
      expect(data.valid_payment_types).toEqual({
        pix: true,
        credit: false,
        recurrence: false,
        boleto_pix: false,
      })
      expect(data.card_entry).toBeUndefined()
    })

    it('collects a Pix, settled by the bank', async () => {
      const code = await linkFor(server.app, tokens.ana, [5])
      const pix = await post<{ data: { key: string; value: string }[] }>(
        server.app,
        checkoutPaths.pix,
        { code, token: '1' },
      )
      expect(pix.status).toBe(200)
      const txid = pix.body.data.find((entry) => entry.key === 'txid')?.value
      // The payer's bank pays it; the bank's notification settles the instalment.
      const paid = await server.app.request(`/sandbox/pix/${txid}/pay`, { method: 'POST' })
      expect(paid.status).toBe(200)
      expect((await anaInstalments(server.db, [5]))[0]?.status).toBe('PAID')
    })

    it('refuses card, recurrence and boleto with the same sentence, and writes nothing', async () => {
      const code = await linkFor(server.app, tokens.ana, [5])
      const { month, year } = cardExpiry()
      const card = { code, ...holderAddress, installments: 1, card_token: 'tok_x', month, year }
      for (const payment_type of ['CREDIT', 'RECURRENCE']) {
        expect(await post(server.app, checkoutPaths.link, { ...card, payment_type })).toEqual({
          status: 422,
          body: unavailable,
        })
      }
      const boleto = await post(server.app, checkoutPaths.boleto, {
        code,
        ...holderAddress,
        installments: 1,
        selected_date: '01/01/2030',
      })
      expect(boleto).toEqual({ status: 422, body: unavailable })
      expect((await anaInstalments(server.db, [5]))[0]?.status).toBe('NOT_PAID')
    })

    it('a card swap link offers nothing and refuses the swap', async () => {
      const data = await linkData(server.app, demoPaymentLinks.cardSwap)
      expect(data.valid_payment_types.credit).toBe(false)
      const { month, year } = cardExpiry()
      const swap = await post(server.app, checkoutPaths.link, {
        code: demoPaymentLinks.cardSwap,
        ...holderAddress,
        installments: 1,
        card_token: 'tok_x',
        month,
        year,
        payment_type: 'RECURRENCE',
      })
      expect(swap).toEqual({ status: 422, body: unavailable })
    })

    it('says at start which methods are live and what is missing for the others', () => {
      expect(liveMethodsLine(server.payments, server.config)).toBe(
        'Pagamentos ativos: Pix (API Pix de demonstração). Não oferecidos: cartão, recorrência e boleto (defina PAYMENT_GATEWAY=stripe e as STRIPE_*).',
      )
    })
  })

  describe('payments off', () => {
    const { server, tokens } = useTestServer(backend, {
      logins: ['ana'],
      overrides: { gateway: undefined, pix: undefined, paymentsOff: true },
    })

    it('shows no tab, and every method answers 503', async () => {
      const code = await linkFor(server.app, tokens.ana, [6])
      const data = await linkData(server.app, code)
      expect(Object.values(data.valid_payment_types)).toEqual([false, false, false, false])
      const pix = await post(server.app, checkoutPaths.pix, { code, token: '1' })
      expect(pix.status).toBe(503)
      expect(liveMethodsLine(server.payments, server.config)).toMatch(/PAYMENTS=off/)
    })
  })
})
