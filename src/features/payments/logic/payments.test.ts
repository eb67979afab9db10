import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  adjustedAmount,
  percentageText,
  splitInstallments,
} from '../../../../server/services/payment-amounts'
import {
  type Adjustment,
  adjustmentsFor,
  installmentOptions,
  methodPrice,
  methodPriceDetail,
  pixAmount,
  tabLabel,
} from './options'
import { lateChargesOn, shortDescription, shownPrice } from './price'

describe('price shown on an instalment (spec §9)', () => {
  it.each([
    [
      'no discount',
      { status: 'NOT_PAID', value: 18990, discount: 0, paid_value: null },
      18990,
      null,
      null,
    ],
    [
      'discount',
      { status: 'NOT_PAID', value: 18990, discount: 1000, paid_value: null },
      17990,
      'Com desconto',
      18990,
    ],
    [
      'discount already used by the last link',
      {
        status: 'NOT_PAID',
        value: 18990,
        discount: 1000,
        paid_value: null,
        data: { lastLinkAdjustment: 1000 },
      },
      18990,
      null,
      null,
    ],
    [
      'part of the discount used',
      {
        status: 'NOT_PAID',
        value: 18990,
        discount: 1000,
        paid_value: null,
        data: { lastLinkAdjustment: 400 },
      },
      18390,
      'Com desconto',
      18990,
    ],
    [
      'adjustment above the discount never raises the price',
      {
        status: 'NOT_PAID',
        value: 18990,
        discount: 500,
        paid_value: null,
        data: { lastLinkAdjustment: 900 },
      },
      18990,
      null,
      null,
    ],
    [
      'overdue',
      { status: 'OVERDUE', value: 18990, discount: 0, paid_value: null },
      18990,
      'Sujeito a acréscimos',
      null,
    ],
    [
      'overdue with a discount: the price is the discounted one, with no struck original',
      { status: 'OVERDUE', value: 18990, discount: 1900, paid_value: null },
      17090,
      'Sujeito a acréscimos',
      null,
    ],
    [
      'paid shows what was paid',
      { status: 'PAID', value: 18990, discount: 1000, paid_value: 17990 },
      17990,
      'Valor Pago',
      null,
    ],
  ])('%s', (_name, instalment, amount, label, original) => {
    expect(shownPrice(instalment)).toEqual({ amount, label, original })
  })

  it("adds to an overdue card's price only what today's amount is above it", () => {
    // Ana's April: R$ 189,90, R$ 194,33 ten days late: "R$ 189,90 + R$ 4,43 de multa e juros".
    expect(lateChargesOn(18990, 19433)).toBe(443)
    expect(lateChargesOn(18990, 18990)).toBe(0)
    expect(lateChargesOn(18990, 18000)).toBe(0)
  })

  it('cuts descriptions at 30 characters on mobile only', () => {
    const text = 'Mensalidade Plano Família Clube 01/12'
    expect(shortDescription(text, true)).toBe('Mensalidade Plano Família Club...')
    expect(shortDescription(text, false)).toBe(text)
    expect(shortDescription('Curta', true)).toBe('Curta')
  })
})

const list: Adjustment[] = [
  { typePayment: 'CREDIT', type: 'INCREASE', percentage: '0,00', installment: 3 },
  { typePayment: 'CREDIT', type: 'DISCOUNT', percentage: '10,00', installment: 1 },
  { typePayment: 'CREDIT', type: 'INCREASE', percentage: '2,5', installment: 6 },
  { typePayment: 'PIX', type: 'DISCOUNT', percentage: '5,00', installment: 1 },
  { typePayment: 'RECURRENCE', type: 'INCREASE', percentage: '0', installment: 12 },
]

describe('payment options (spec §5)', () => {
  it('sorted by instalment number, with the exact option texts', () => {
    expect(installmentOptions(30000, list, 'CREDIT', 0).map((option) => option.text)).toEqual([
      '1x de R$270,00 com desconto de 10%',
      '3x de R$100,00',
      '6x de R$51,25 com acréscimo de 2,5%',
    ])
  })

  it('fixed instalments: a single option', () => {
    expect(installmentOptions(30000, list, 'RECURRENCE', 4)).toEqual([
      { installments: 4, total: 30000, perInstallment: 7500, text: '4x de R$75,00' },
    ])
  })

  it('fixed instalments leave the card its own list', () => {
    expect(installmentOptions(30000, list, 'CREDIT', 4)).toHaveLength(3)
  })

  it('the first instalment carries the cents that do not divide', () => {
    expect(installmentOptions(10000, [], 'INSTALLMENT_BILL', 3)[0]?.text).toBe('3x de R$33,34')
  })

  it('prices every option exactly as the server charges it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 9_999 }),
        fc.constantFrom('DISCOUNT', 'INCREASE'),
        fc.integer({ min: 1, max: 12 }),
        (value, basisPoints, type, installment) => {
          const entry: Adjustment = {
            typePayment: 'CREDIT',
            type,
            percentage: percentageText(basisPoints),
            installment,
          }
          const [option] = installmentOptions(value, [entry], 'CREDIT', 0)
          const charged = adjustedAmount(value, { type, basisPoints })
          expect(option?.total).toBe(charged)
          expect(option?.perInstallment).toBe(splitInstallments(charged, installment)[0])
        },
      ),
    )
  })

  it('Pix: the value with the Pix discount, flagged to strike the original', () => {
    expect(pixAmount(30000, list)).toEqual({ total: 28500, discounted: true })
    expect(pixAmount(30000, [])).toEqual({ total: 30000, discounted: false })
  })

  it.each([
    ['CREDIT', 0, 'Até 1x 10% OFF'],
    ['RECURRENCE', 0, 'Até 12x s/juros'],
    ['RECURRENCE', 4, null],
    ['INSTALLMENT_BILL', 0, null],
    ['PIX', 0, '5% em OFF'],
  ])('%s (fixed %i) → %s', (type, fixed, label) => {
    expect(tabLabel(list, type, fixed)).toBe(label)
  })

  it('a discount label names the longest discounted plan with its own percentage', () => {
    expect(
      tabLabel(
        [
          { typePayment: 'CREDIT', type: 'DISCOUNT', percentage: '8,00', installment: 1 },
          { typePayment: 'CREDIT', type: 'DISCOUNT', percentage: '5,00', installment: 3 },
        ],
        'CREDIT',
      ),
    ).toBe('Até 3x 5% OFF')
  })

  it('c/ juros when an increase charges something', () => {
    expect(
      tabLabel(
        [{ typePayment: 'CREDIT', type: 'INCREASE', percentage: '3,00', installment: 10 }],
        'CREDIT',
      ),
    ).toBe('Até 10x c/ juros')
  })

  it('picks the channel list', () => {
    const lists = {
      payment_adjustment_list: list.slice(0, 1),
      payment_adjustment_list_b2b: list.slice(1, 2),
      payment_adjustment_list_b2c: list.slice(2, 3),
    }
    expect(adjustmentsFor(lists, 'B2B')).toEqual(list.slice(1, 2))
    expect(adjustmentsFor(lists, 'B2C')).toEqual(list.slice(2, 3))
    expect(adjustmentsFor(lists, 'OUTRO')).toEqual(list.slice(0, 1))
    expect(adjustmentsFor(null, 'B2B')).toEqual([])
  })
})

describe('methodPrice: what the checkout says "Você paga"', () => {
  const offers: Adjustment[] = [
    { typePayment: 'PIX', type: 'DISCOUNT', percentage: '10,00', installment: 1 },
    { typePayment: 'CREDIT', type: 'DISCOUNT', percentage: '8,00', installment: 1 },
    { typePayment: 'CREDIT', type: 'DISCOUNT', percentage: '5,00', installment: 3 },
    { typePayment: 'CREDIT', type: 'INCREASE', percentage: '2,5', installment: 6 },
  ]
  const money = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`

  it('Pix: the total with its discount, at once', () => {
    const price = methodPrice(17090, offers, 'PIX', null, 0)
    expect(price).toEqual({ total: 15381, installments: 1, perInstallment: 15381, change: -10 })
    expect(methodPriceDetail(price, money)).toBe('à vista · 10% de desconto')
    // A recurrence charges this one now, not "à vista".
    expect(methodPriceDetail(price, money, 'cobrada agora')).toBe('cobrada agora · 10% de desconto')
    // Said against the charge's Total, so "Total" and "Você paga" add up on the screen.
    expect(methodPriceDetail(price, money, 'à vista', 17090)).toBe(
      'à vista · 10% de desconto sobre R$ 170,90',
    )
  })

  it('the card: the first option until another is chosen, then the chosen one', () => {
    expect(methodPriceDetail(methodPrice(17090, offers, 'CREDIT', null, 0), money)).toBe(
      'à vista · 8% de desconto',
    )
    const three = methodPrice(17090, offers, 'CREDIT', null, 3)
    expect(three.total).toBe(16236)
    expect(methodPriceDetail(three, money)).toBe('3x de R$ 54,12 · 5% de desconto')
    expect(methodPriceDetail(methodPrice(17090, offers, 'CREDIT', null, 6), money)).toBe(
      '6x de R$ 29,22 · 2,5% de acréscimo',
    )
  })

  it('no offer for the way: the total, at once, nothing taken off', () => {
    const price = methodPrice(17090, offers, 'INSTALLMENT_BILL', null, 0)
    expect(price).toEqual({ total: 17090, installments: 1, perInstallment: 17090, change: 0 })
    expect(methodPriceDetail(price, money)).toBe('à vista')
  })

  it('fixed instalments: the total split, with no percentage', () => {
    const price = methodPrice(10000, offers, 'INSTALLMENT_BILL', 3, 0)
    expect(methodPriceDetail(price, money)).toBe('3x de R$ 33,34')
    expect(price.total).toBe(10000)
  })
})
