/**
 * The payment-link screen with a card (spec §3, §7): the link's data, card payments through the
 * sandbox gateway, the double-charge guard, the card swap of a recurrence, and the rule that our
 * server never takes a card number.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardRecurrences, paymentCharges, paymentLinks } from '../db/schema'
import { sandboxCardCharges, sandboxCardTokens } from '../demo/schema'
import { demoEmails, demoGatewayId, demoIds, demoPaymentLinks } from '../demo/seed'
import { adjustedAmount, instalmentDue, todayInSaoPaulo } from '../services/payment-amounts'
import { backends, countRows, createTestServer, type TestServer } from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  anaInstalments,
  cardPayment,
  checkoutPaths,
  linkData,
  linkFor,
  type PaymentSnapshot,
  paymentSnapshot,
  post,
  testCards,
  tokenize,
} from '../testing/payments'

const paid = { message: 'Pagamento realizado com sucesso!' }
const linkPaid = 'Este link já foi pago.'

describe.each(backends)('checkout by card (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'], resetEachTest: true })

  /** What instalments owe today, as the server computes it (fines for the overdue one). */
  async function owed(installments: number[]) {
    const today = todayInSaoPaulo(new Date())
    return (await anaInstalments(server.db, installments)).reduce(
      (sum, row) => sum + instalmentDue(row, today).total,
      0,
    )
  }

  describe('GET /checkout/payment-link', () => {
    it("gives the screen's data for a link of instalments 4 (overdue) and 5 (discounted)", async () => {
      const code = await linkFor(server.app, tokens.ana, [5, 4])
      const data = await linkData(server.app, code)
      const value = await owed([4, 5])
      expect(data).toMatchObject({
        holder: 'Ana Paula Souza',
        email: demoEmails.ana,
        phone: '+55 11987654321',
        cpf: '52998224725',
        contract: 'Plano Família Clube',
        numberContract: '000123',
        serieContract: 'A',
        installment: '4, 5',
        payment_order_value: 37_980,
        discount: 1_900,
        correction: 0,
        value,
        src: 'PORTAL_TITULAR',
        chanel: 'B2C',
        gateway_id: demoGatewayId,
        expiration_pix: 30,
        fixed_installments: 0,
        need_fill_person_fields: 'false',
        address_cep: '01310100',
        address_state: 'SP',
        address_city: 'São Paulo',
        address_street: 'Avenida Paulista',
        address_number: '1000',
        address_neighborhood: 'Bela Vista',
        valid_payment_types: { pix: true, credit: true, recurrence: true, boleto_pix: true },
      })
      expect(data.fine).toBeGreaterThan(0)
      expect(data.fee).toBeGreaterThan(0)
      expect(data.value).toBe(37_980 - 1_900 + data.fine + data.fee)
      expect(data.description).toContain('04/12')
      expect(data.boleto_due_dates).toHaveLength(3)
      const lists = data.payment_adjustment
      expect(lists.payment_adjustment_list_b2c).toHaveLength(9)
      expect(lists.payment_adjustment_list_b2b).toHaveLength(5)
      expect(lists.payment_adjustment_list).toHaveLength(5)
      expect(lists.payment_adjustment_list_b2c).toContainEqual({
        typePayment: 'PIX',
        type: 'DISCOUNT',
        percentage: '5,00',
        installment: 1,
        first_installment_value: adjustedAmount(value, { type: 'DISCOUNT', basisPoints: 500 }),
      })
      const sixTimes = lists.payment_adjustment_list_b2c.find(
        (entry) => entry.typePayment === 'CREDIT' && entry.installment === 6,
      )
      expect(sixTimes?.percentage).toBe('4,99')
    })

    it.each([
      ['an unknown code', '?code=NAO-EXISTE-123', 404, 'Link de pagamento não encontrado.'],
      [
        'a code with odd characters',
        '?code=%3Cscript%3E',
        404,
        'Link de pagamento não encontrado.',
      ],
      ['no code', '', 400, 'Informe o código do link de pagamento (code).'],
    ])('answers %s', async (_, query, status, message) => {
      const response = await server.app.request(`${checkoutPaths.link}${query}`)
      expect(response.status).toBe(status)
      expect(await response.json()).toEqual({ message })
    })

    it('opens the demo B2B link without a session, on the B2B channel', async () => {
      const data = await linkData(server.app, demoPaymentLinks.b2b)
      expect(data).toMatchObject({ chanel: 'B2B', installment: '5', value: 17_090 })
    })
  })

  describe('POST /checkout/payment-link', () => {
    it('charges the server-computed amount and marks the instalments PAID', async () => {
      const code = await linkFor(server.app, tokens.ana, [5, 6])
      const card = await tokenize(server.app, testCards.visa)
      // A client-sent amount would be refused; the price is the CREDIT 1x line of B2C (3% off).
      const answer = await post(server.app, checkoutPaths.link, cardPayment(code, card))
      expect(answer).toEqual({ status: 200, body: paid })

      // Both carry their own R$ 19,00 discount.
      const amount = adjustedAmount(17_090 + 17_090, { type: 'DISCOUNT', basisPoints: 300 })
      const rows = await anaInstalments(server.db, [5, 6])
      expect(rows.map((row) => row.status)).toEqual(['PAID', 'PAID'])
      expect(rows.reduce((sum, row) => sum + (row.paidValue ?? 0), 0)).toBe(amount)
      for (const [row, ownDiscount] of [
        [rows[0], 1_900],
        [rows[1], 1_900],
      ] as const) {
        const granted = row?.data.lastLinkAdjustment as number
        expect(granted).toBeGreaterThan(0)
        // Spec §9: value − (discount − lastLinkAdjustment) is the price before the link.
        expect(row?.discount).toBe(ownDiscount + granted)
        expect(row?.paidValue).toBe((row?.value ?? 0) - (row?.discount ?? 0))
      }
      const [charge] = await server.db.select().from(paymentCharges)
      expect(charge).toMatchObject({ status: 'PAID', method: 'CREDIT', amount })
      const [link] = await server.db.select().from(paymentLinks).where(eq(paymentLinks.code, code))
      expect(link?.status).toBe('PAID')

      // Paid: the link no longer opens, and paying again is refused.
      const again = await server.app.request(`${checkoutPaths.link}?code=${code}`)
      expect(again.status).toBe(410)
      expect(await again.json()).toEqual({ message: linkPaid })
      const repeat = await post(server.app, checkoutPaths.link, cardPayment(code, card))
      expect(repeat).toEqual({ status: 409, body: { message: linkPaid } })
      expect(await countRows(server.db, sandboxCardCharges)).toBe(1)
    })

    it("answers a decline with the gateway's message and marks nothing paid", async () => {
      const code = await linkFor(server.app, tokens.ana, [7])
      const before = await paymentSnapshot(server.db)
      const declined = await tokenize(server.app, testCards.declined)
      const answer = await post(server.app, checkoutPaths.link, cardPayment(code, declined))
      expect(answer).toEqual({
        status: 402,
        body: { message: 'Transação recusada pelo emissor do cartão.' },
      })
      expect(await paymentSnapshot(server.db)).toEqual(before)
      // The decline let go of the link: another card pays it.
      const visa = await tokenize(server.app, testCards.visa)
      expect(await post(server.app, checkoutPaths.link, cardPayment(code, visa))).toEqual({
        status: 200,
        body: paid,
      })
    })

    it('charges once for three identical submits sent at the same time', async () => {
      const code = await linkFor(server.app, tokens.ana, [8])
      const card = await tokenize(server.app, testCards.mastercard)
      const body = cardPayment(code, card)
      const answers = await Promise.all(
        [1, 2, 3].map(() => post(server.app, checkoutPaths.link, body)),
      )
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409])
      for (const answer of answers.filter((answer) => answer.status === 409)) {
        expect([linkPaid, 'Este link já está sendo pago. Aguarde a confirmação.']).toContain(
          answer.body.message,
        )
      }
      expect(await countRows(server.db, sandboxCardCharges)).toBe(1)
      const charges = await server.db.select().from(paymentCharges)
      expect(charges.map((charge) => charge.status)).toEqual(['PAID'])
      const [row] = await anaInstalments(server.db, [8])
      expect(row?.paidValue).toBe(adjustedAmount(18_990, { type: 'DISCOUNT', basisPoints: 300 }))
    })

    it('has the database refuse a second paid charge for one link, and any unknown state', async () => {
      const [link] = await server.db
        .select()
        .from(paymentLinks)
        .where(eq(paymentLinks.code, demoPaymentLinks.b2b))
      const charge = (status: string) => ({
        linkId: link?.id ?? '',
        method: 'CREDIT' as const,
        status: status as 'PAID',
        amount: 100,
        data: { shares: [] },
      })
      await server.db.insert(paymentCharges).values(charge('DECLINED'))
      await server.db.insert(paymentCharges).values(charge('PAID'))
      await expect(server.db.insert(paymentCharges).values(charge('PAID'))).rejects.toThrow()
      await expect(server.db.insert(paymentCharges).values(charge('APPROVED'))).rejects.toThrow()
      expect(await countRows(server.db, paymentCharges)).toBe(2)
    })

    it('charges once when two links share an instalment and are paid at the same time', async () => {
      const first = await linkFor(server.app, tokens.ana, [9])
      const second = await linkFor(server.app, tokens.ana, [9, 10])
      const card = await tokenize(server.app, testCards.visa)
      const answers = await Promise.all([
        post(server.app, checkoutPaths.link, cardPayment(first, card)),
        post(server.app, checkoutPaths.link, cardPayment(second, card)),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      expect(await countRows(server.db, sandboxCardCharges)).toBe(1)
      const rows = await anaInstalments(server.db, [9, 10])
      expect(rows.filter((row) => row.status === 'PAID').length).toBeGreaterThan(0)
    })

    it('refuses a link whose instalment another link already paid', async () => {
      const first = await linkFor(server.app, tokens.ana, [9])
      const second = await linkFor(server.app, tokens.ana, [9, 10])
      const card = await tokenize(server.app, testCards.visa)
      expect((await post(server.app, checkoutPaths.link, cardPayment(first, card))).status).toBe(
        200,
      )
      const message = 'Parte das parcelas deste link já foi paga. Gere um novo link de pagamento.'
      const opened = await server.app.request(`${checkoutPaths.link}?code=${second}`)
      expect(opened.status).toBe(409)
      expect(await opened.json()).toEqual({ message })
      const answer = await post(server.app, checkoutPaths.link, cardPayment(second, card))
      expect(answer).toEqual({ status: 409, body: { message } })
      const [tenth] = await anaInstalments(server.db, [10])
      expect(tenth?.status).toBe('NOT_PAID')
    })

    it('prices instalments from the list: 6x with 4,99% more; 4x is no option', async () => {
      const code = await linkFor(server.app, tokens.ana, [11])
      const card = await tokenize(server.app, testCards.visa)
      const refused = await post(
        server.app,
        checkoutPaths.link,
        cardPayment(code, card, { installments: '4' }),
      )
      expect(refused).toEqual({
        status: 422,
        body: { message: 'Opção de parcelamento indisponível para este link.' },
      })
      const answer = await post(
        server.app,
        checkoutPaths.link,
        cardPayment(code, card, { installments: '6' }),
      )
      expect(answer.status).toBe(200)
      const [row] = await anaInstalments(server.db, [11])
      expect(row).toMatchObject({
        status: 'PAID',
        paidValue: adjustedAmount(18_990, { type: 'INCREASE', basisPoints: 499 }),
        discount: 0,
        data: { lastLinkAdjustment: 0 },
      })
      const [sandbox] = await server.db.select().from(sandboxCardCharges)
      expect(sandbox).toMatchObject({ installments: 6, amount: row?.paidValue })
    })

    it('uses the B2B list on the B2B link and the recurrence keeps the new card', async () => {
      const card = await tokenize(server.app, testCards.mastercard)
      const body = cardPayment(demoPaymentLinks.b2b, card, { payment_type: 'RECURRENCE' })
      expect(await post(server.app, checkoutPaths.link, body)).toEqual({ status: 200, body: paid })
      const [fifth] = await anaInstalments(server.db, [5])
      expect(fifth?.paidValue).toBe(adjustedAmount(17_090, { type: 'DISCOUNT', basisPoints: 600 }))
      const [recurrence] = await server.db.select().from(cardRecurrences)
      expect(recurrence).toMatchObject({
        cardToken: card.token,
        brand: 'mastercard',
        lastFour: '4444',
      })
    })
  })

  describe('card swap link (CHANGE_CARD_RECURRENCE)', () => {
    it('shows no charge and only the card tab', async () => {
      const data = await linkData(server.app, demoPaymentLinks.cardSwap)
      expect(data).toMatchObject({
        src: 'CHANGE_CARD_RECURRENCE',
        value: 0,
        installment: '',
        valid_payment_types: { pix: false, credit: true, recurrence: false, boleto_pix: false },
        // The card charged now, as a statement shows it: what the holder is replacing.
        current_card: { brand: 'visa', last_four: '1111' },
      })
      expect(await linkData(server.app, demoPaymentLinks.b2b)).not.toHaveProperty('current_card')
    })

    it("swaps the recurrence's card and charges nothing", async () => {
      const before = await paymentSnapshot(server.db)
      const card = await tokenize(server.app, testCards.mastercard)
      const answer = await post(
        server.app,
        checkoutPaths.link,
        cardPayment(demoPaymentLinks.cardSwap, card),
      )
      expect(answer).toEqual({ status: 200, body: { message: 'Cartão alterado com sucesso!' } })
      const after = await paymentSnapshot(server.db)
      expect(after.recurrences).toEqual([
        expect.objectContaining({
          id: demoIds.ana.recurrence,
          cardToken: card.token,
          brand: 'mastercard',
          lastFour: '4444',
        }),
      ])
      expect({ ...after, recurrences: [] }).toEqual({ ...before, recurrences: [] })
      expect((await linkData(server.app, demoPaymentLinks.cardSwap)).current_card).toEqual({
        brand: 'mastercard',
        last_four: '4444',
      })
      expect(await countRows(server.db, sandboxCardCharges)).toBe(0)
      expect(await countRows(server.db, paymentCharges)).toBe(0)
    })

    it('refuses a token the gateway does not know', async () => {
      const body = cardPayment(demoPaymentLinks.cardSwap, {
        token: 'tok_inventado',
        card: {
          brand: 'visa',
          first_six: '411111',
          last_four: '1111',
          holder: 'X',
          expiry: '01/2099',
        },
      })
      expect(await post(server.app, checkoutPaths.link, body)).toEqual({
        status: 422,
        body: { message: 'Cartão não encontrado. Informe os dados do cartão novamente.' },
      })
    })
  })

  describe('validation', () => {
    it('never takes a card number or CVV, at the top or inside card', async () => {
      const code = await linkFor(server.app, tokens.ana, [12])
      const card = await tokenize(server.app, testCards.visa)
      const before: PaymentSnapshot = await paymentSnapshot(server.db)
      for (const [body, message] of [
        [
          cardPayment(code, card, { card_number: '4111111111111111' }),
          'Campo não permitido: card_number.',
        ],
        [cardPayment(code, card, { cvv: '123' }), 'Campo não permitido: cvv.'],
        [
          cardPayment(code, card, { card: { ...card.card, card_number: '4111111111111111' } }),
          'Campo não permitido: card_number.',
        ],
      ] as const) {
        expect(await post(server.app, checkoutPaths.link, body)).toEqual({
          status: 400,
          body: { message },
        })
      }
      expect(await paymentSnapshot(server.db)).toEqual(before)
    })

    it.each([
      [{ card_token: undefined }, 'Informe o token do cartão (card_token).'],
      [{ month: '' }, 'Informar o mês de vencimento do cartão.'],
      [{ month: 13 }, 'Informe o mês de vencimento do cartão entre o mês 1 ao mês 12.'],
      [{ year: undefined }, 'Informar o ano de vencimento do cartão.'],
      [{ year: '25' }, 'Informar o ano completo de vencimento do cartão. EX: 2025'],
      [{ year: '2020' }, 'Informe o ano de vencimento do cartão maior ou igual ao ano atual.'],
      [
        { payment_type: 'PIX' },
        'Escolha pagar com cartão de crédito (CREDIT) ou recorrência (RECURRENCE).',
      ],
      [{ installments: 0 }, 'Escolha o número de parcelas (1 a 24).'],
      [{ number: '12A' }, 'O Número do endereço deve ser um número inteiro.'],
      [{ zip_code: '123' }, 'O CEP deve ter 8 dígitos.'],
      [{ code: '' }, 'Informe o código do link de pagamento (code).'],
    ])('answers 400 to %j', async (overrides, message) => {
      const code = await linkFor(server.app, tokens.ana, [12])
      const card = await tokenize(server.app, testCards.visa)
      const answer = await post(server.app, checkoutPaths.link, cardPayment(code, card, overrides))
      expect(answer).toEqual({ status: 400, body: { message } })
    })

    it('answers 400 to broken JSON and 415 to a body that is not JSON', async () => {
      const broken = await server.app.request(checkoutPaths.link, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"code":',
      })
      expect(broken.status).toBe(400)
      const text = await server.app.request(checkoutPaths.link, { method: 'POST', body: 'code=x' })
      expect(text.status).toBe(415)
    })
  })
})

const card = {
  brand: 'visa',
  card_number: testCards.visa,
  cvv: '123',
  due_date: '08/2031',
  card_holder: 'ANA P SOUZA',
}

describe.each(backends)('sandbox card tokenizer (%s)', (backend) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(backend)
  })
  afterAll(() => server.close())

  const request = (card: Record<string, unknown>, headers: Record<string, string>) =>
    server.app.request(checkoutPaths.token, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ card }),
    })

  it('keeps the token and what a receipt shows, never the number nor the CVV', async () => {
    const tokenized = await tokenize(server.app, testCards.mastercard)
    expect(tokenized.token).toMatch(/^tok_[\w-]{20,}$/)
    expect(tokenized.card).toMatchObject({
      brand: 'mastercard',
      first_six: '555555',
      last_four: '4444',
      holder: 'ANA P SOUZA',
    })
    const [row] = await server.db
      .select()
      .from(sandboxCardTokens)
      .where(eq(sandboxCardTokens.token, tokenized.token))
    expect(JSON.stringify(row)).not.toContain('5555555555554444')
    expect(JSON.stringify(row)).not.toContain('"123"')
  })

  it.each([
    [{}, card, 401, 'Informe o cabeçalho CompanyId.'],
    [
      { companyid: demoGatewayId },
      { ...card, card_number: '4111111111111112' },
      400,
      'Número do cartão inválido.',
    ],
    [{ companyid: demoGatewayId }, { ...card, cvv: '1' }, 400, 'Informar o cvv do cartão.'],
    [
      { companyid: demoGatewayId },
      { ...card, due_date: '13/2030' },
      400,
      'Informe a validade do cartão no formato MM/AAAA.',
    ],
    [{ companyid: demoGatewayId }, { ...card, due_date: '01/2020' }, 400, 'Cartão vencido.'],
    [
      { companyid: demoGatewayId },
      { ...card, card_holder: ' ' },
      400,
      'Informar o nome do titular.',
    ],
  ])('refuses %j %j with %i', async (headers, body, status, message) => {
    const response = await request(body, headers)
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({ message })
  })
})

describe('payment sandbox outside demo mode', () => {
  it('does not exist outside demo mode', async () => {
    const production = await createTestServer('pglite', { demo: false })
    try {
      const tokenizer = await production.app.request(checkoutPaths.token, {
        method: 'POST',
        headers: { 'content-type': 'application/json', companyid: demoGatewayId },
        body: JSON.stringify({ card }),
      })
      expect(tokenizer.status).toBe(404)
      const pay = await production.app.request('/sandbox/pix/abc/pay', { method: 'POST' })
      expect(pay.status).toBe(404)
      // No gateway is configured outside demo mode: the checkout says so instead of charging.
      const pix = await production.app.request(checkoutPaths.pix, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: demoPaymentLinks.b2b, token: '1' }),
      })
      expect(pix.status).toBe(503)
      expect(await pix.json()).toEqual({
        message: 'Pagamentos indisponíveis no momento: nenhum gateway de pagamento configurado.',
      })
    } finally {
      await production.close()
    }
  })
})
