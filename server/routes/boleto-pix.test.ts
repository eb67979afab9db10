/**
 * The boleto's Pix with a due date (/cobv, decision 025): issued with the boleto when the bank
 * takes Pix, with the boleto's due date, amount and the contract's fine and interest; paid on
 * time it is the boleto's amount, paid late it is what the bank computed (the standard's
 * tables, as `cobvAmountOn` applies them), recorded on the charge and said on the receipt. One
 * payment is kept per instalment: the other way paid too goes back. Real database, the demo's
 * sandbox bank over the app's own HTTP; BR Codes checked by pix-utils.
 */
import { eq } from 'drizzle-orm'
import { hasError, parsePix } from 'pix-utils'
import { describe, expect, it, vi } from 'vitest'
import type { BoletoResponse, PaidLinkSummary } from '../../contract/payments'
import { pdfText } from '../../tests/helpers/pdf'
import { addDays, cobvAmountOn, lastPayableDay } from '../adapters/pix-api/due-amount'
import { toValor } from '../adapters/pix-api/schemas'
import { signWebhook } from '../adapters/pix-api/webhook'
import { integrationEvents, paymentCharges, paymentOrders, receivedPayments } from '../db/schema'
import { sandboxPixWebhooks } from '../demo/schema'
import { cobvTxid } from '../services/boleto-pix'
import { isoFromBrazilian } from '../services/payment-amounts'
import { backends } from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  anaInstalments,
  cardPayment,
  checkoutPaths,
  holderAddress,
  linkData,
  linkFor,
  notifyAsBank,
  post,
  receivedMoney,
  testCards,
  tokenize,
} from '../testing/payments'

describe.each(backends)("the boleto's Pix with a due date (%s)", (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'], resetEachTest: true })

  /** One boleto for Ana's instalment 6, due on the first date offered. */
  async function issue(installments = 1) {
    const code = await linkFor(server.app, tokens.ana, [6])
    const { boleto_due_dates: dates } = await linkData(server.app, code)
    const answer = await post<BoletoResponse>(server.app, checkoutPaths.boleto, {
      code,
      ...holderAddress,
      installments,
      selected_date: dates[0],
    })
    expect(answer.status).toBe(200)
    const [charge] = await server.db.select().from(paymentCharges)
    if (!charge) throw new Error('sem cobrança')
    return {
      code,
      body: answer.body,
      charge,
      txid: cobvTxid(charge.id),
      dueDate: isoFromBrazilian(dates[0] ?? ''),
    }
  }
  const payCobv = async (txid: string, day?: string) => {
    const answer = await server.app.request(
      `/sandbox/pix/cobv/${txid}/pay${day ? `?data=${day}` : ''}`,
      { method: 'POST' },
    )
    return {
      status: answer.status,
      body: (await answer.json()) as { endToEndId: string; valor: string; message?: string },
    }
  }
  const payBoleto = async (line: string) =>
    (await server.app.request(`/sandbox/boleto/${line}/pay`, { method: 'POST' })).status
  const summary = async (code: string) =>
    (await (
      await server.app.request(`/socios-api/checkout/paid?code=${code}`)
    ).json()) as PaidLinkSummary
  const receipt = async (code: string) => {
    const answer = await server.app.request(`/socios-api/checkout/receipt?code=${code}`)
    expect(answer.status).toBe(200)
    return pdfText(Uint8Array.from(Buffer.from(await answer.text(), 'base64')))
  }
  const sixth = async () => (await anaInstalments(server.db, [6]))[0]
  const chargeNow = async () => (await server.db.select().from(paymentCharges))[0]
  /** The contract's late charges as the bank holds them: 2 % fine, 1 % a month. */
  const valorOf = (amount: number) => ({
    original: toValor(amount),
    multa: { modalidade: 2, valorPerc: '2.00' },
    juros: { modalidade: 3, valorPerc: '1.00' },
  })

  it("comes with the boleto: the boleto's due date and amount, the contract's fine and interest", async () => {
    const { code, body, charge, txid, dueDate } = await issue()
    const calendar = { dataDeVencimento: dueDate, validadeAposVencimento: 30 }
    expect(body.pix).toEqual({
      txid,
      copy_paste: expect.stringMatching(/^000201/),
      due_date: dueDate,
      last_day: lastPayableDay(calendar),
      amount: charge.amount,
      amount_today: charge.amount,
      fine: 0,
      interest: 0,
      discount: 0,
      fine_percent: '2.00',
      monthly_interest_percent: '1.00',
    })
    expect(body.boletos[0]?.amount).toBe(charge.amount)
    // A dynamic BR Code, valid to an independent reader (CRC included).
    const parsed = parsePix(body.pix?.copy_paste ?? '')
    expect(hasError(parsed)).toBe(false)
    expect(parsed).toMatchObject({ type: 'DYNAMIC', transactionCurrency: '986' })
    // The bank holds it under our txid, with the standard's modalidades.
    expect(await server.payments?.pix?.getDueCollection(txid)).toMatchObject({
      status: 'ATIVA',
      amount: charge.amount,
      dueDate,
      daysAfterDue: 30,
      fine: { modality: 2, value: 200 },
      interest: { modality: 3, value: 100 },
      copyPaste: body.pix?.copy_paste,
    })
    // Asked again later (the same option), the same Pix comes back with the boleto.
    server.clock.advance(11 * 60_000)
    const again = await post<BoletoResponse>(server.app, checkoutPaths.boleto, {
      code,
      ...holderAddress,
      installments: 1,
      selected_date: body.boletos[0]?.due_date.split('-').reverse().join('/'),
    })
    expect(again).toEqual({ status: 200, body })
    expect(await server.db.select().from(paymentCharges)).toHaveLength(1)
  })

  it('paid on the due date: the boleto amount settles the instalment, the receipt says Pix', async () => {
    const { code, charge, txid, dueDate } = await issue()
    const paid = await payCobv(txid, dueDate)
    expect(paid.status).toBe(200)
    expect(paid.body.valor).toBe(toValor(charge.amount))
    expect(await sixth()).toMatchObject({ status: 'PAID', paidValue: charge.amount })
    expect(await chargeNow()).toMatchObject({
      status: 'PAID',
      data: expect.objectContaining({
        cobv: expect.objectContaining({ paid: { original: charge.amount } }),
      }),
    })
    const [money] = await server.db.select().from(receivedPayments)
    expect(money).toMatchObject({
      id: paid.body.endToEndId,
      method: 'PIX',
      amount: charge.amount,
      applied: true,
    })
    const facts = await summary(code)
    expect(facts).toMatchObject({ total: charge.amount, method: 'Pix com vencimento (boleto)' })
    expect(facts.late_charges).toBeUndefined()
    expect(await receipt(code)).not.toContain('multa e juros')
  })

  it('paid 10 days late: what the bank computed, recorded on the charge and said on the receipt', async () => {
    const { code, charge, txid, dueDate } = await issue()
    const day = addDays(dueDate, 10)
    const expected = cobvAmountOn(
      valorOf(charge.amount),
      { dataDeVencimento: dueDate, validadeAposVencimento: 30 },
      day,
    )
    if (!expected) throw new Error('fora do prazo')
    expect(expected.multa).toBeGreaterThan(0)
    expect(expected.juros).toBeGreaterThan(0)
    const paid = await payCobv(txid, day)
    expect(paid.status).toBe(200)
    expect(paid.body.valor).toBe(toValor(expected.final))
    // The instalment is paid (its share is the charge's amount); the money is what the bank took.
    expect(await sixth()).toMatchObject({ status: 'PAID', paidValue: charge.amount })
    expect((await chargeNow())?.data.cobv?.paid).toEqual({
      original: charge.amount,
      multa: expected.multa,
      juros: expected.juros,
    })
    const [money] = await server.db.select().from(receivedPayments)
    expect(money).toMatchObject({ amount: expected.final, applied: true, refundStatus: null })
    const lateCharges = expected.multa + expected.juros
    expect(await summary(code)).toMatchObject({
      total: expected.final,
      late_charges: lateCharges,
      method: 'Pix com vencimento (boleto)',
    })
    const text = await receipt(code)
    expect(text).toContain(
      `Pago após o vencimento: o total inclui R$ ${(lateCharges / 100).toFixed(2).replace('.', ',')} de multa e juros calculados pelo banco.`,
    )
    expect(text).toContain(paid.body.endToEndId)
    // The provider's system hears it too: the instalment's share, and what the bank added.
    const events = await server.db
      .select()
      .from(integrationEvents)
      .where(eq(integrationEvents.type, 'instalment.paid'))
    expect(events).toHaveLength(1)
    expect(events[0]?.data).toMatchObject({
      method: 'INSTALLMENT_BILL',
      amount: charge.amount,
      references: { pixEndToEndId: paid.body.endToEndId },
      bankCharges: {
        fine: expected.multa,
        interest: expected.juros,
        discount: 0,
        total: expected.final,
      },
    })
  })

  it('the boleto paid first: its Pix is withdrawn at the bank, which then refuses it', async () => {
    const { body, charge, txid } = await issue()
    expect(await payBoleto(body.boletos[0]?.digitable_line ?? '')).toBe(200)
    expect(await sixth()).toMatchObject({ status: 'PAID', paidValue: charge.amount })
    expect(await server.payments?.pix?.getDueCollection(txid)).toMatchObject({
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    })
    expect((await payCobv(txid)).status).toBe(409)
    expect(await receivedMoney(server.db)).toEqual({ applied: 1, refunded: 0, pending: 0 })
  })

  it('the boleto paid first while the bank cannot be reached: its Pix, paid anyway, goes back by devolução', async () => {
    const { body, charge, txid } = await issue()
    const pix = server.payments?.pix
    if (!pix) throw new Error('sem Pix')
    // The bank does not answer the withdrawal (a network failure of the real client).
    const unreachable = vi
      .spyOn(pix, 'removeDueCollection')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
    expect(await payBoleto(body.boletos[0]?.digitable_line ?? '')).toBe(200)
    expect(unreachable).toHaveBeenCalledOnce()
    unreachable.mockRestore()
    expect(await sixth()).toMatchObject({ status: 'PAID', paidValue: charge.amount })
    const paid = await payCobv(txid)
    expect(paid.status).toBe(200)
    const returned = await pix.getPix(paid.body.endToEndId)
    expect(returned?.refunds).toEqual([
      expect.objectContaining({ status: 'DEVOLVIDO', amount: charge.amount }),
    ])
    expect(await receivedMoney(server.db)).toEqual({ applied: 1, refunded: 1, pending: 0 })
    expect(await sixth()).toMatchObject({ status: 'PAID', paidValue: charge.amount })
  })

  it('its Pix paid first: the boleto is cancelled at the gateway; one paid anyway goes back', async () => {
    const { body, charge, txid } = await issue()
    expect((await payCobv(txid)).status).toBe(200)
    const reference = charge.data.boletos?.[0]?.reference ?? ''
    expect(await server.payments?.gateway?.boleto(reference)).toMatchObject({
      status: 'CANCELLED',
    })
    // A bank that paid it all the same: the money goes back.
    expect(await payBoleto(body.boletos[0]?.digitable_line ?? '')).toBe(200)
    expect(await receivedMoney(server.db)).toEqual({ applied: 1, refunded: 1, pending: 0 })
    const money = await server.db.select().from(receivedPayments)
    expect(money.find((payment) => payment.applied)).toMatchObject({ method: 'PIX' })
    expect(await sixth()).toMatchObject({ status: 'PAID', paidValue: charge.amount })
  })

  it('another method withdraws it at the bank: the payer can no longer pay it', async () => {
    const { code, txid } = await issue()
    const card = await tokenize(server.app, testCards.visa)
    expect((await post(server.app, checkoutPaths.link, cardPayment(code, card))).status).toBe(200)
    expect(await server.payments?.pix?.getDueCollection(txid)).toMatchObject({
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    })
    expect((await payCobv(txid)).status).toBe(409)
    expect(await receivedMoney(server.db)).toEqual({ applied: 1, refunded: 0, pending: 0 })
  })

  it('a lost notification: a forged one is refused, the reconciler reads the cobv back and settles', async () => {
    const { charge, txid, dueDate } = await issue()
    // The bank cannot reach us: paid, and nobody here knows.
    await server.db.delete(sandboxPixWebhooks)
    const day = addDays(dueDate, 3)
    const paid = await payCobv(txid, day)
    expect(paid.status).toBe(200)
    expect(await chargeNow()).toMatchObject({ status: 'PROCESSING' })
    const before = await server.db.select().from(paymentOrders)
    const text = JSON.stringify({
      pix: [
        {
          endToEndId: paid.body.endToEndId,
          txid,
          valor: paid.body.valor,
          horario: new Date().toISOString(),
        },
      ],
    })
    for (const signature of [null, signWebhook('outro-segredo', text), 'sha256=00'])
      expect((await notifyAsBank(server.app, 'pix', text, signature)).status).toBe(401)
    expect(await chargeNow()).toMatchObject({ status: 'PROCESSING' })
    expect(await server.db.select().from(paymentOrders)).toEqual(before)
    expect(await receivedMoney(server.db)).toEqual({ applied: 0, refunded: 0, pending: 0 })

    server.clock.advance(60_000)
    expect(await server.reconcile({ liveEveryMs: 0 })).toMatchObject({ failures: 0 })
    expect(await chargeNow()).toMatchObject({ status: 'PAID' })
    expect(await sixth()).toMatchObject({ status: 'PAID', paidValue: charge.amount })
    const [money] = await server.db.select().from(receivedPayments)
    expect(money?.amount).toBe(Math.round(Number(paid.body.valor) * 100))

    // Signed, the same notification changes nothing more: read back, already applied.
    const signed = await notifyAsBank(server.app, 'pix', text)
    expect(signed.status).toBe(200)
    expect(await receivedMoney(server.db)).toEqual({ applied: 1, refunded: 0, pending: 0 })
  })

  it('two boletos (2x) have no Pix with a due date: the boletos alone', async () => {
    const { body, charge } = await issue(2)
    expect(body.pix).toBeUndefined()
    expect(body.boletos).toHaveLength(2)
    expect(charge.data.cobv).toBeUndefined()
  })
})
