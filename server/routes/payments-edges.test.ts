/**
 * Money at the edges (docs/design.md §5): races between methods and links, the bank winning a race
 * against a removal, a notification that never comes or comes twice, a crash between the
 * gateway and our database (as the reconciler finds it), and a card swap with a card that
 * declines. Never taken twice, never lost, never locked.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { signWebhook, webhookSignatureHeader } from '../adapters/pix-api/webhook'
import { sandboxPix } from '../config'
import { cardRecurrences, paymentCharges, receivedPayments } from '../db/schema'
import { devOutbox, sandboxCardCharges, sandboxPixWebhooks } from '../demo/schema'
import { demoEmails, demoGatewayId, demoPaymentLinks } from '../demo/seed'
import { claimLink } from '../services/charges'
import { readLinkContext } from '../services/payment-links'
import { backends, countRows } from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  anaInstalments,
  cardPayment,
  checkoutPaths,
  linkFor,
  pixValue,
  post,
  receivedMoney,
  testCards,
  tokenize,
} from '../testing/payments'

type PixAnswer = { data: { key: string; value: string }[] }

describe.each(backends)('payments at the edges (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'], resetEachTest: true })

  async function generatePix(code: string) {
    const answer = await post<PixAnswer>(server.app, checkoutPaths.pix, { code, token: '1' })
    expect(answer.status).toBe(200)
    return answer.body
  }
  const bankPays = (txid: string, inFlight = false) =>
    server.app.request(`/sandbox/pix/${txid}/pay${inFlight ? '?emCorrida=1' : ''}`, {
      method: 'POST',
    })
  const charges = () => server.db.select().from(paymentCharges)
  const statuses = async () => (await charges()).map((charge) => charge.status).sort()
  const money = () => receivedMoney(server.db)

  it('Pix and card on one link at the same time: one of them takes the money, the other none', async () => {
    const code = await linkFor(server.app, tokens.ana, [5])
    const pix = await generatePix(code)
    const card = await tokenize(server.app, testCards.visa)
    const [paidAtBank, byCard] = await Promise.all([
      bankPays(pixValue(pix, 'txid')),
      post(server.app, checkoutPaths.link, cardPayment(code, card)),
    ])
    const [row] = await anaInstalments(server.db, [5])
    expect(row?.status).toBe('PAID')
    expect(await money()).toMatchObject({ applied: 1, pending: 0 })
    // Whichever lost took nothing: a refused card was never charged; a refused Pix was never
    // payable, or its money went back.
    const approved = await server.db
      .select()
      .from(sandboxCardCharges)
      .where(eq(sandboxCardCharges.approved, true))
    if (byCard.status === 200)
      expect(paidAtBank.status === 410 || (await money()).refunded === 1).toBe(true)
    else expect(approved).toHaveLength(0)
  })

  it('two links for one instalment: the second one’s card removes the first one’s Pix', async () => {
    const first = await linkFor(server.app, tokens.ana, [6])
    const second = await linkFor(server.app, tokens.ana, [6])
    const pix = await generatePix(first)
    const card = await tokenize(server.app, testCards.visa)
    expect((await post(server.app, checkoutPaths.link, cardPayment(second, card))).status).toBe(200)
    expect((await bankPays(pixValue(pix, 'txid'))).status).toBe(410)
    // The Pix of the first link now says what happened instead of counting down.
    const state = await server.app.request(
      `/socios-api/checkout/pix-status?code=${first}&txid=${pixValue(pix, 'txid')}`,
    )
    expect(await state.json()).toEqual({
      status: 'PAID_ELSEWHERE',
      message: 'Este link foi pago por outro meio. O Pix foi cancelado e nada foi cobrado.',
    })
    expect(await statuses()).toEqual(['CANCELLED', 'PAID'])
  })

  it('20 Pix of 20 links for one instalment, all paid at the bank: one kept, 19 refunded, each payer told', async () => {
    const links = await Promise.all(
      Array.from({ length: 20 }, () => linkFor(server.app, tokens.ana, [7])),
    )
    // One after another, as 20 people opening the links would: each new Pix removes the last.
    const pixes: PixAnswer[] = []
    for (const code of links) pixes.push(await generatePix(code))
    expect(new Set(pixes.map((pix) => pixValue(pix, 'txid'))).size).toBe(20)
    // Every one of them was already on its way at the bank: all 20 settle there.
    const paid = await Promise.all(pixes.map((pix) => bankPays(pixValue(pix, 'txid'), true)))
    expect(paid.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    await server.reconcile()

    expect(await money()).toEqual({ applied: 1, refunded: 19, pending: 0 })
    expect(server.logs.filter((line) => line.includes('[pagamentos]'))).toEqual([])
    const all = await statuses()
    expect(all.filter((status) => status === 'PAID')).toHaveLength(1)
    expect(all.filter((status) => status === 'REFUNDED')).toHaveLength(19)
    const [row] = await anaInstalments(server.db, [7])
    expect(row?.status).toBe('PAID')
    // Each refund was told to the holder, by e-mail and WhatsApp, once.
    const told = await server.db
      .select()
      .from(devOutbox)
      .where(and(eq(devOutbox.channel, 'email'), eq(devOutbox.to, demoEmails.ana)))
    const refundNotices = told.filter((message) => message.text.includes('foi devolvido'))
    expect(refundNotices).toHaveLength(19)
    expect(new Set(refundNotices.map((message) => message.code)).size).toBe(19)
  })

  it('the same notification twice, or forged, changes nothing more', async () => {
    const code = await linkFor(server.app, tokens.ana, [5])
    const pix = await generatePix(code)
    const txid = pixValue(pix, 'txid')
    // The bank's notification is lost (no webhook registered)…
    await server.db.delete(sandboxPixWebhooks)
    expect((await bankPays(txid)).status).toBe(200)
    const [waiting] = await anaInstalments(server.db, [5])
    expect(waiting?.status).toBe('NOT_PAID')

    const cob = await server.payments?.pix?.getCob(txid)
    const notice = JSON.stringify({
      pix: cob?.payments.map((payment) => ({
        endToEndId: payment.endToEndId,
        txid,
        valor: (payment.amount / 100).toFixed(2),
        horario: payment.at.toISOString(),
      })),
    })
    const send = (signature: string) =>
      server.app.request('/socios-api/webhooks/pix/pix', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [webhookSignatureHeader]: signature },
        body: notice,
      })
    // …a forged one is refused and settles nothing…
    const forged = await send(signWebhook('outro-segredo', notice))
    expect(forged.status).toBe(401)
    expect(await forged.json()).toEqual({ message: 'Assinatura do webhook inválida.' })
    expect((await anaInstalments(server.db, [5]))[0]?.status).toBe('NOT_PAID')
    // …the real one, twice, pays once.
    const signature = signWebhook(sandboxPix.webhookSecret, notice)
    expect((await Promise.all([send(signature), send(signature)])).map((r) => r.status)).toEqual([
      200, 200,
    ])
    expect((await anaInstalments(server.db, [5]))[0]?.status).toBe('PAID')
    expect(await money()).toEqual({ applied: 1, refunded: 0, pending: 0 })
    expect(await countRows(server.db, receivedPayments)).toBe(1)
  })

  it('a notification that never comes: the reconciler asks the bank and settles', async () => {
    const code = await linkFor(server.app, tokens.ana, [5])
    const pix = await generatePix(code)
    await server.db.delete(sandboxPixWebhooks)
    expect((await bankPays(pixValue(pix, 'txid'))).status).toBe(200)
    expect((await anaInstalments(server.db, [5]))[0]?.status).toBe('NOT_PAID')
    expect(await server.reconcile()).toMatchObject({ charges: 1, failures: 0 })
    expect((await anaInstalments(server.db, [5]))[0]?.status).toBe('PAID')
  })

  it('an expired Pix is removed at the bank and lets go of its instalment', async () => {
    const code = await linkFor(server.app, tokens.ana, [5])
    const pix = await generatePix(code)
    server.clock.advance(31 * 60_000)
    await server.reconcile()
    expect(await statuses()).toEqual(['EXPIRED'])
    expect((await server.payments?.pix?.getCob(pixValue(pix, 'txid')))?.status).toBe(
      'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    )
    // The instalment is free: a card pays it.
    const card = await tokenize(server.app, testCards.visa)
    expect((await post(server.app, checkoutPaths.link, cardPayment(code, card))).status).toBe(200)
  })

  describe('a crash between the gateway and our database, as the reconciler finds it', () => {
    /** A card charge claimed and left CREATED, as a killed server leaves it. */
    async function crashedCharge(installment: number) {
      const code = await linkFor(server.app, tokens.ana, [installment])
      const context = await readLinkContext(server.db, code)
      const claim = await claimLink(
        server.db,
        context,
        { method: 'CREDIT', installments: 1, rule: undefined },
        new Date(Date.now() - 60_000),
      )
      if (claim.kind !== 'claimed') throw new Error('não reivindicou')
      return { code, charge: claim.charge }
    }

    it('charged at the gateway before the crash: settled, the instalment PAID', async () => {
      const { charge } = await crashedCharge(8)
      const card = await tokenize(server.app, testCards.visa)
      await server.payments?.gateway?.chargeCard({
        companyId: demoGatewayId,
        cardToken: card.token,
        amount: charge.amount,
        installments: 1,
        reference: charge.id,
        description: 'antes da queda',
      })
      // While CREATED and fresh it holds the instalment: nobody else charges it.
      await Promise.all([server.reconcile(), server.reconcile()])
      expect(await statuses()).toEqual(['PAID'])
      expect((await anaInstalments(server.db, [8]))[0]?.status).toBe('PAID')
      expect(await money()).toMatchObject({ applied: 1 })
    })

    it('never reached the gateway: cancelled, the instalment free, a late charge refused', async () => {
      const { code, charge } = await crashedCharge(8)
      await server.reconcile()
      expect(await statuses()).toEqual(['CANCELLED'])
      const card = await tokenize(server.app, testCards.visa)
      // The request that was lost arrives at the gateway after all: its reference is closed.
      const late = await server.payments?.gateway?.chargeCard({
        companyId: demoGatewayId,
        cardToken: card.token,
        amount: charge.amount,
        installments: 1,
        reference: charge.id,
        description: 'depois da queda',
      })
      expect(late?.approved).toBe(false)
      expect((await anaInstalments(server.db, [8]))[0]?.status).toBe('NOT_PAID')
      expect((await post(server.app, checkoutPaths.link, cardPayment(code, card))).status).toBe(200)
    })
  })

  it('card swap with a card that declines: refused with the gateway’s message, the stored card kept', async () => {
    const before = await server.db.select().from(cardRecurrences)
    const card = await tokenize(server.app, testCards.declined)
    const answer = await post(
      server.app,
      checkoutPaths.link,
      cardPayment(demoPaymentLinks.cardSwap, card, { payment_type: 'RECURRENCE' }),
    )
    expect(answer).toEqual({
      status: 402,
      body: { message: 'Transação recusada pelo emissor do cartão.' },
    })
    expect(await server.db.select().from(cardRecurrences)).toEqual(before)
    expect(await countRows(server.db, sandboxCardCharges)).toBe(0)
  })
})
