/**
 * Pix and boleto on a payment link (spec §4 Pix flow, §7): the BR Code is checked by pix-utils
 * (CRC included) and the boleto line by @mrmgomes/boleto-utils, both independent of our code.
 */
import { identificarDataComNovoFator2025, validarBoleto } from '@mrmgomes/boleto-utils'
import { eq } from 'drizzle-orm'
import { hasError, parsePix } from 'pix-utils'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { pixGenerateResponse } from '../../contract/payments'
import { paymentCharges, paymentLinks } from '../db/schema'
import { demoEmails, demoPaymentLinks } from '../demo/seed'
import { adjustedAmount, isoFromBrazilian } from '../services/payment-amounts'
import { backends, countRows, settle } from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  anaInstalments,
  cardPayment,
  checkoutPaths,
  holderAddress,
  linkData,
  linkFor,
  paymentSnapshot,
  pixValue,
  post,
  testCards,
  tokenize,
} from '../testing/payments'

type PixAnswer = v.InferOutput<typeof pixGenerateResponse>

describe.each(backends)('checkout by Pix and boleto (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'], resetEachTest: true })

  async function generatePix(code: string) {
    const answer = await post<PixAnswer>(server.app, checkoutPaths.pix, { code, token: '1' })
    expect(answer.status).toBe(200)
    return v.parse(pixGenerateResponse, answer.body)
  }
  const verify = (pix: PixAnswer) =>
    post<{ status?: string; message?: string }>(server.app, checkoutPaths.verifyPix, pix)
  const bankPays = (txid: string) =>
    server.app.request(`/sandbox/pix/${txid}/pay`, { method: 'POST' })

  describe('Pix', () => {
    it('creates a cobrança imediata at the bank for the value with the Pix discount of the channel', async () => {
      const code = await linkFor(server.app, tokens.ana, [5])
      const pix = await generatePix(code)
      const amount = adjustedAmount(17_090, { type: 'DISCOUNT', basisPoints: 500 })
      const txid = pixValue(pix, 'txid')
      // A dynamic BR Code: the payer's bank reads amount and txid from the cob's location.
      const parsed = parsePix(pixValue(pix, 'qr_code'))
      expect(hasError(parsed)).toBe(false)
      expect(parsed).toMatchObject({
        type: 'DYNAMIC',
        transactionCurrency: '986',
        countryCode: 'BR',
        merchantName: 'CLUBE EXEMPLO',
      })
      expect((parsed as { url: string }).url).toContain(txid)
      expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/)
      // The bank holds the cob with the amount, as API Pix's GET /cob/{txid} shows it.
      const cob = await server.payments?.pix?.getCob(txid)
      expect(cob).toMatchObject({ status: 'ATIVA', amount, txid })
      expect(pixValue(pix, 'value')).toBe(String(amount))
      expect(pixValue(pix, 'code')).toBe(code)
      const expires = Date.parse(pixValue(pix, 'expiration')) - Date.now()
      expect(expires).toBeGreaterThan(29 * 60_000)
      expect(expires).toBeLessThanOrEqual(30 * 60_000)
    })

    it("says 'Aguardando pagamento' until the bank pays, then SUCCESS and the instalment is PAID", async () => {
      const code = await linkFor(server.app, tokens.ana, [5])
      const pix = await generatePix(code)
      expect(await verify(pix)).toEqual({ status: 402, body: { message: 'Aguardando pagamento' } })
      const [waiting] = await anaInstalments(server.db, [5])
      expect(waiting?.status).toBe('NOT_PAID')

      const paid = await bankPays(pixValue(pix, 'txid'))
      expect(paid.status).toBe(200)
      expect(await verify(pix)).toEqual({ status: 200, body: { status: 'SUCCESS' } })
      const [row] = await anaInstalments(server.db, [5])
      expect(row).toMatchObject({ status: 'PAID', paidValue: Number(pixValue(pix, 'value')) })
      expect(row?.discount).toBe(1_900 + (row?.data.lastLinkAdjustment as number))
      // Verifying again is harmless; the link is closed.
      expect(await verify(pix)).toEqual({ status: 200, body: { status: 'SUCCESS' } })
      const opened = await server.app.request(`${checkoutPaths.link}?code=${code}`)
      expect(opened.status).toBe(410)
    })

    it('a Pix paid at the bank is recorded by its notification, with no verification', async () => {
      const code = await linkFor(server.app, tokens.ana, [5])
      const pix = await generatePix(code)
      expect((await bankPays(pixValue(pix, 'txid'))).status).toBe(200)
      const [row] = await anaInstalments(server.db, [5])
      expect(row?.status).toBe('PAID')
      const status = await server.app.request(
        `/socios-api/checkout/pix-status?code=${code}&txid=${pixValue(pix, 'txid')}`,
      )
      expect(await status.json()).toEqual({ status: 'PAID' })
    })

    it('hands back the live Pix when asked again for the same link and amount', async () => {
      const code = await linkFor(server.app, tokens.ana, [5])
      const first = await generatePix(code)
      const second = await generatePix(code)
      expect(pixValue(second, 'txid')).toBe(pixValue(first, 'txid'))
      expect(pixValue(second, 'qr_code')).toBe(pixValue(first, 'qr_code'))
      expect(await countRows(server.db, paymentCharges)).toBe(1)
    })

    it('settles once when the same paid Pix is verified twice at the same time', async () => {
      const code = await linkFor(server.app, tokens.ana, [6])
      const pix = await generatePix(code)
      await bankPays(pixValue(pix, 'txid'))
      const answers = await Promise.all([verify(pix), verify(pix)])
      expect(answers).toEqual([
        { status: 200, body: { status: 'SUCCESS' } },
        { status: 200, body: { status: 'SUCCESS' } },
      ])
      const charges = await server.db.select().from(paymentCharges)
      expect(charges.map((charge) => charge.status)).toEqual(['PAID'])
    })

    it('a card payment removes the live Pix at the bank first: it can no longer be paid', async () => {
      const code = await linkFor(server.app, tokens.ana, [7])
      const pix = await generatePix(code)
      const card = await tokenize(server.app, testCards.visa)
      expect((await post(server.app, checkoutPaths.link, cardPayment(code, card))).status).toBe(200)
      expect(await server.payments?.pix?.getCob(pixValue(pix, 'txid'))).toMatchObject({
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      })
      // The payer's bank refuses the code they still had.
      expect((await bankPays(pixValue(pix, 'txid'))).status).toBe(410)
      expect(await verify(pix)).toEqual({
        status: 409,
        body: {
          message: 'Este link foi pago por outro meio. O Pix foi cancelado e nada foi cobrado.',
        },
      })
      const statuses = (await server.db.select().from(paymentCharges)).map(
        (charge) => charge.status,
      )
      expect(statuses.sort()).toEqual(['CANCELLED', 'PAID'])
      const [row] = await anaInstalments(server.db, [7])
      expect(row?.paidValue).toBe(adjustedAmount(18_990, { type: 'DISCOUNT', basisPoints: 300 }))
    })

    it('a Pix the bank settles after a card paid is refunded, and the payer is told', async () => {
      const code = await linkFor(server.app, tokens.ana, [7])
      const pix = await generatePix(code)
      const txid = pixValue(pix, 'txid')
      const card = await tokenize(server.app, testCards.visa)
      expect((await post(server.app, checkoutPaths.link, cardPayment(code, card))).status).toBe(200)
      // A payment already on its way when the cob was removed: the bank wins the race.
      const paid = await server.app.request(`/sandbox/pix/${txid}/pay?emCorrida=1`, {
        method: 'POST',
      })
      expect(paid.status).toBe(200)
      const { endToEndId } = (await paid.json()) as { endToEndId: string }
      // Refunded through the bank's API Pix (devolução), recorded, and the payer told.
      const refunded = await server.payments?.pix?.getPix(endToEndId)
      expect(refunded?.refunds).toEqual([
        expect.objectContaining({ status: 'DEVOLVIDO', amount: Number(pixValue(pix, 'value')) }),
      ])
      // Done at once, not left to the reconciler: no attempt failed or waited.
      expect(server.logs.filter((line) => line.includes('[pagamentos]'))).toEqual([])
      const charges = await server.db.select().from(paymentCharges)
      expect(charges.map((charge) => charge.status).sort()).toEqual(['PAID', 'REFUNDED'])
      const outbox = await server.app.request(`/dev/outbox?to=${demoEmails.ana}`)
      const told = (await outbox.json()) as { code: string; text: string }
      expect(told.code).toBe(endToEndId)
      expect(told.text).toContain('O valor foi devolvido integralmente a quem pagou')
      expect(await verify(pix)).toEqual({
        status: 409,
        body: {
          message:
            'Recebemos seu Pix, mas estas parcelas já estavam pagas: o valor foi devolvido para a conta de quem pagou.',
        },
      })
      // The instalment was paid once, by the card.
      const [row] = await anaInstalments(server.db, [7])
      expect(row?.paidValue).toBe(adjustedAmount(18_990, { type: 'DISCOUNT', basisPoints: 300 }))
    })

    it('lets a Pix expire after the minutes of the link', async () => {
      const code = await linkFor(server.app, tokens.ana, [8])
      const pix = await generatePix(code)
      server.clock.advance(31 * 60_000)
      expect((await bankPays(pixValue(pix, 'txid'))).status).toBe(410)
      expect(await verify(pix)).toEqual({
        status: 410,
        body: { message: 'Pix expirado. Gere um novo Pix.' },
      })
    })

    it.each([
      [{ data: [{ key: 'txid', value: 'naoexiste0000000000000000' }] }, 404, 'Pix não encontrado.'],
      [
        { data: [{ key: 'qr_code', value: 'x' }] },
        400,
        'Resposta do Pix sem txid: gere o Pix novamente.',
      ],
      [{ data: 'x' }, 400, 'Envie a resposta da geração do Pix (data).'],
      [{}, 400, 'Envie a resposta da geração do Pix (data).'],
    ])('verify answers %j with %i', async (body, status, message) => {
      expect(await post(server.app, checkoutPaths.verifyPix, body)).toEqual({
        status,
        body: { message },
      })
    })

    it('refuses Pix for the card swap link and unknown links', async () => {
      expect(
        await post(server.app, checkoutPaths.pix, { code: demoPaymentLinks.cardSwap }),
      ).toEqual({
        status: 422,
        body: { message: 'Forma de pagamento indisponível para este link.' },
      })
      expect(await post(server.app, checkoutPaths.pix, { code: 'NAO-EXISTE-1' })).toEqual({
        status: 404,
        body: { message: 'Link de pagamento não encontrado.' },
      })
      expect((await post(server.app, checkoutPaths.pix, { code: 'x', amount: 1 })).status).toBe(400)
    })
  })

  describe('boleto', () => {
    const address = holderAddress
    /** Boletos for the link, due on its first offered date: the answer with the boletos. */
    async function issue(code: string) {
      const { boleto_due_dates: dates } = await linkData(server.app, code)
      return post<{ boletos: Array<{ digitable_line: string }> }>(
        server.app,
        checkoutPaths.boleto,
        {
          code,
          ...address,
          installments: 1,
          selected_date: dates[0],
        },
      )
    }

    it('sends a valid boleto due on the chosen date, by e-mail and WhatsApp', async () => {
      const code = await linkFor(server.app, tokens.ana, [5])
      const { boleto_due_dates: dates } = await linkData(server.app, code)
      const selected = dates[1] ?? ''
      const answer = await post(server.app, checkoutPaths.boleto, {
        code,
        ...address,
        installments: 1,
        selected_date: selected,
      })
      expect(answer.status).toBe(200)
      expect(answer.body.message).toBe('Seu boleto será enviado via WhatsApp e E-mail!')

      const outbox = await server.app.request(`/dev/outbox?to=${demoEmails.ana}`)
      const sent = (await outbox.json()) as { code: string; text: string; channel: string }
      const line = sent.code
      expect(line).toMatch(/^\d{47}$/)
      expect(validarBoleto(line)).toMatchObject({
        sucesso: true,
        tipoBoleto: 'BANCO',
        valor: 170.9,
      })
      const due = identificarDataComNovoFator2025(line, 'LINHA_DIGITAVEL')
      expect(due.toISOString().slice(0, 10)).toBe(isoFromBrazilian(selected))
      expect(line.slice(0, 4)).toBe('0019')
      expect(sent.text).toContain('R$ 170,90')

      await settle()
      expect(server.sent.map((message) => [message.channel, message.to])).toEqual([
        ['email', demoEmails.ana],
        ['whatsapp', '+5511987654321'],
      ])
      // The screen gets the boleto too: the same line, due date and amount.
      expect((answer.body as { boletos?: unknown }).boletos).toEqual([
        { digitable_line: line, due_date: isoFromBrazilian(selected), amount: 17_090 },
      ])
      // Issued, not paid: the instalment waits for the boleto.
      const [row] = await anaInstalments(server.db, [5])
      expect(row?.status).toBe('NOT_PAID')
    })

    it('sends the same boleto again, at most once per 10 minutes, instead of issuing a second one', async () => {
      const code = await linkFor(server.app, tokens.ana, [6])
      const { boleto_due_dates: dates } = await linkData(server.app, code)
      // The last date offered: it is still offered 10 minutes later, even when those cross
      // midnight in Brazil (the first, today, would be in the past then: CI at 23:57).
      const body = { code, ...address, installments: 1, selected_date: dates.at(-1) }
      await post(server.app, checkoutPaths.boleto, body)
      await settle()
      const first = (await server.db.select().from(paymentCharges))[0]?.data.boletos
      const tooSoon = await Promise.all(
        Array.from({ length: 20 }, () => post(server.app, checkoutPaths.boleto, body)),
      )
      expect(new Set(tooSoon.map((answer) => answer.status))).toEqual(new Set([429]))
      expect(tooSoon[0]?.body.message).toMatch(
        /^O boleto já foi enviado por WhatsApp e E-mail há pouco\. Um novo envio poderá ser pedido em 10 minutos\.$/,
      )
      await settle()
      expect(server.sent).toHaveLength(2)

      server.clock.advance(10 * 60_000)
      expect((await post(server.app, checkoutPaths.boleto, body)).status).toBe(200)
      await settle()
      expect(server.sent).toHaveLength(4)
      const charges = await server.db.select().from(paymentCharges)
      expect(charges).toHaveLength(1)
      expect(charges[0]?.data.boletos).toEqual(first)
    })

    it("a boleto paid at the bank is recorded by the gateway's notification; a card then finds it paid", async () => {
      const code = await linkFor(server.app, tokens.ana, [6])
      const issued = await issue(code)
      const line = issued.body.boletos[0]?.digitable_line ?? ''
      expect(
        (await server.app.request(`/sandbox/boleto/${line}/pay`, { method: 'POST' })).status,
      ).toBe(200)
      const [row] = await anaInstalments(server.db, [6])
      expect(row?.status).toBe('PAID')
      const card = await tokenize(server.app, testCards.visa)
      expect((await post(server.app, checkoutPaths.link, cardPayment(code, card))).status).toBe(409)
    })

    it('a card payment cancels the live boleto at the gateway first', async () => {
      const code = await linkFor(server.app, tokens.ana, [6])
      const issued = await issue(code)
      const card = await tokenize(server.app, testCards.visa)
      expect((await post(server.app, checkoutPaths.link, cardPayment(code, card))).status).toBe(200)
      const statuses = (await server.db.select().from(paymentCharges)).map(
        (charge) => charge.status,
      )
      expect(statuses.sort()).toEqual(['CANCELLED', 'PAID'])
      // Paid at the bank anyway (it was already on its way): refunded, not applied twice.
      const line = issued.body.boletos[0]?.digitable_line ?? ''
      expect(
        (await server.app.request(`/sandbox/boleto/${line}/pay`, { method: 'POST' })).status,
      ).toBe(200)
      const after = (await server.db.select().from(paymentCharges)).map((charge) => charge.status)
      expect(after.sort()).toEqual(['PAID', 'REFUNDED'])
    })

    it('splits 2x in two boletos a month apart, with the 2,50% of the list', async () => {
      const code = await linkFor(server.app, tokens.ana, [7])
      const { boleto_due_dates: dates } = await linkData(server.app, code)
      const answer = await post(server.app, checkoutPaths.boleto, {
        code,
        ...address,
        installments: '2',
        selected_date: dates[2],
      })
      expect(answer.status).toBe(200)
      const [charge] = await server.db.select().from(paymentCharges)
      const boletos = charge?.data.boletos ?? []
      expect(boletos).toHaveLength(2)
      const total = adjustedAmount(18_990, { type: 'INCREASE', basisPoints: 250 })
      expect(boletos.reduce((sum, boleto) => sum + boleto.amount, 0)).toBe(total)
      for (const boleto of boletos) {
        expect(validarBoleto(boleto.digitableLine).sucesso).toBe(true)
      }
      expect(boletos[1]?.dueDate.slice(5, 7)).not.toBe(boletos[0]?.dueDate.slice(5, 7))
    })

    it.each([
      [
        { selected_date: '01/01/2020' },
        422,
        'Escolha uma das datas de vencimento oferecidas para o boleto.',
      ],
      [
        { street: '' },
        400,
        'Preencha o endereço completo: CEP, estado, cidade, rua, número e bairro.',
      ],
      [{ selected_date: '2026-01-01' }, 400, 'Data de vencimento inválida: use DD/MM/AAAA.'],
      [{ installments: 3 }, 422, 'Opção de parcelamento indisponível para este link.'],
    ])('refuses %j with %i and writes nothing', async (overrides, status, message) => {
      const code = await linkFor(server.app, tokens.ana, [8])
      const { boleto_due_dates: dates } = await linkData(server.app, code)
      const before = await paymentSnapshot(server.db)
      const body = { code, ...address, installments: 1, selected_date: dates[0], ...overrides }
      expect(await post(server.app, checkoutPaths.boleto, body)).toEqual({
        status,
        body: { message },
      })
      expect(await paymentSnapshot(server.db)).toEqual(before)
      expect(await countRows(server.db, paymentCharges)).toBe(0)
      const [link] = await server.db.select().from(paymentLinks).where(eq(paymentLinks.code, code))
      expect(link?.status).toBe('OPEN')
    })
  })
})
