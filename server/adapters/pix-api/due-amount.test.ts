import { describe, expect, it } from 'vitest'
import { cobvAmountOn, cobvProblem, lastPayableDay } from './due-amount'
import type { CobvValor } from './due-date-schemas'

// 2026-11-02 is a Monday; 2021-08-27 a Friday and 2021-08-28 a Saturday (the document's F and G).
const monday = '2026-11-02'
const calendar = (dataDeVencimento = monday, validadeAposVencimento = 30) => ({
  dataDeVencimento,
  validadeAposVencimento,
})

describe('cobvAmountOn: what the bank charges on a day', () => {
  const fineAndInterest: CobvValor = {
    original: '100.00',
    multa: { modalidade: 2, valorPerc: '3.00' },
    juros: { modalidade: 2, valorPerc: '1.00' },
  }
  it.each<[string, CobvValor, string, number | null, Partial<Record<string, number>>]>([
    // The document's own example (Pix, componentesValor): R$ 100, 2 days late, 3 % + 1 % a day.
    [
      '2 dias de atraso, multa 3 %, juros 1 % ao dia',
      fineAndInterest,
      '2026-11-04',
      10_500,
      { multa: 300, juros: 200 },
    ],
    ['no dia do vencimento: o valor original', fineAndInterest, monday, 10_000, { multa: 0 }],
    ['antes do vencimento: o valor original', fineAndInterest, '2026-10-20', 10_000, {}],
    [
      'multa em valor fixo',
      { original: '80.00', multa: { modalidade: 1, valorPerc: '2.50' } },
      '2026-11-03',
      8_250,
      { multa: 250 },
    ],
    [
      'juros em valor por dia corrido',
      { original: '80.00', juros: { modalidade: 1, valorPerc: '0.50' } },
      '2026-11-05',
      8_150,
      { juros: 150 },
    ],
    [
      'juros 3 % ao mês, 10 dias corridos',
      { original: '100.00', juros: { modalidade: 3, valorPerc: '3.00' } },
      '2026-11-12',
      10_100,
      { juros: 100 },
    ],
    [
      'juros 36,5 % ao ano, 10 dias corridos',
      { original: '100.00', juros: { modalidade: 4, valorPerc: '36.50' } },
      '2026-11-12',
      10_100,
      { juros: 100 },
    ],
    [
      'juros 1 % por dia útil: a semana conta 5 dias',
      { original: '100.00', juros: { modalidade: 6, valorPerc: '1.00' } },
      '2026-11-09',
      10_500,
      { juros: 500 },
    ],
    [
      'abatimento percentual, sempre',
      { original: '100.00', abatimento: { modalidade: 2, valorPerc: '10.00' } },
      '2026-11-04',
      9_000,
      { abatimento: 1_000 },
    ],
    [
      'abatimento fixo',
      { original: '100.00', abatimento: { modalidade: 1, valorPerc: '7.00' } },
      '2026-10-01',
      9_300,
      { abatimento: 700 },
    ],
    [
      'desconto fixo até a primeira data que ainda vale',
      {
        original: '100.00',
        desconto: {
          modalidade: 1,
          descontoDataFixa: [
            { data: '2026-10-30', valorPerc: '5.00' },
            { data: '2026-10-20', valorPerc: '10.00' },
          ],
        },
      },
      '2026-10-25',
      9_500,
      { desconto: 500 },
    ],
    [
      'desconto percentual até a data',
      {
        original: '200.00',
        desconto: { modalidade: 2, descontoDataFixa: [{ data: '2026-10-20', valorPerc: '10.00' }] },
      },
      '2026-10-20',
      18_000,
      { desconto: 2_000 },
    ],
    [
      'desconto vencido: nenhum',
      {
        original: '200.00',
        desconto: { modalidade: 2, descontoDataFixa: [{ data: '2026-10-20', valorPerc: '10.00' }] },
      },
      '2026-10-21',
      20_000,
      { desconto: 0 },
    ],
    [
      'desconto por dia corrido de antecipação',
      { original: '100.00', desconto: { modalidade: 3, valorPerc: '0.20' } },
      '2026-10-23',
      9_800,
      { desconto: 200 },
    ],
    [
      'desconto 0,1 % por dia corrido, 10 dias',
      { original: '100.00', desconto: { modalidade: 5, valorPerc: '0.10' } },
      '2026-10-23',
      9_900,
      { desconto: 100 },
    ],
    [
      'desconto por dia útil de antecipação',
      { original: '100.00', desconto: { modalidade: 4, valorPerc: '1.00' } },
      '2026-10-26',
      9_500,
      { desconto: 500 },
    ],
    [
      'desconto 1 % por dia útil',
      { original: '100.00', desconto: { modalidade: 6, valorPerc: '1.00' } },
      '2026-10-26',
      9_500,
      { desconto: 500 },
    ],
    [
      'vencimento no sábado, pago na segunda: sem multa',
      { ...fineAndInterest },
      '2026-11-09',
      10_000,
      {},
    ],
  ])('%s', (_, valor, payDay, final, parts) => {
    const due = _.startsWith('vencimento no sábado') ? '2026-11-07' : monday
    const amount = cobvAmountOn(valor, calendar(due), payDay)
    expect(amount?.final ?? null).toBe(final)
    expect(amount).toMatchObject(parts)
  })

  it.each([
    // The document's examples of validadeAposVencimento (weekends; holidays are not known).
    ['F: sexta + 5 dias, quarta ainda paga', '2021-08-27', 5, '2021-09-01', true],
    ['F: quinta já não', '2021-08-27', 5, '2021-09-02', false],
    ['G: sábado, conta da segunda: segunda 6 ainda paga', '2021-08-28', 5, '2021-09-06', true],
    ['G: terça 7 já não', '2021-08-28', 5, '2021-09-07', false],
    ['A: terça + 4 cai no sábado: vale até segunda', '2020-10-20', 4, '2020-10-26', true],
    ['A: terça 27 já não', '2020-10-20', 4, '2020-10-27', false],
  ])('%s', (_, due, days, payDay, payable) => {
    expect(cobvAmountOn({ original: '10.00' }, calendar(due, days), payDay) !== null).toBe(payable)
  })

  it('the last payable day', () => {
    expect(lastPayableDay(calendar('2021-08-28', 5))).toBe('2021-09-06')
  })
})

describe('cobvProblem: the rules of CobVOperacaoInvalida', () => {
  const today = '2026-10-01'
  it.each<[string, CobvValor, ReturnType<typeof calendar>, RegExp | null]>([
    [
      'válida',
      { original: '10.00', multa: { modalidade: 2, valorPerc: '2.00' } },
      calendar(),
      null,
    ],
    [
      'vencimento antes da criação',
      { original: '10.00' },
      calendar('2026-09-30'),
      /anterior à data de criação/,
    ],
    ['validade negativa', { original: '10.00' }, calendar(monday, -1), /menor do que zero/],
    ['valor zero', { original: '0.00' }, calendar(), /valor zero/],
    [
      'abatimento de 100 %',
      { original: '10.00', abatimento: { modalidade: 2, valorPerc: '100.00' } },
      calendar(),
      /abatimento/,
    ],
    [
      'abatimento do valor todo',
      { original: '10.00', abatimento: { modalidade: 1, valorPerc: '10.00' } },
      calendar(),
      /abatimento/,
    ],
    [
      'desconto 1 com valorPerc',
      {
        original: '10.00',
        desconto: {
          modalidade: 1,
          valorPerc: '1.00',
          descontoDataFixa: [{ data: today, valorPerc: '1.00' }],
        },
      },
      calendar(),
      /valorPerc encontra-se preenchido/,
    ],
    [
      'desconto 2 sem datas',
      { original: '10.00', desconto: { modalidade: 2 } },
      calendar(),
      /vazio ou nulo/,
    ],
    [
      'desconto 5 sem valorPerc',
      { original: '10.00', desconto: { modalidade: 5 } },
      calendar(),
      /não está preenchido/,
    ],
    [
      'desconto 3 com datas',
      {
        original: '10.00',
        desconto: {
          modalidade: 3,
          valorPerc: '1.00',
          descontoDataFixa: [{ data: today, valorPerc: '1.00' }],
        },
      },
      calendar(),
      /preenchido ou não nulo/,
    ],
    [
      'desconto do valor todo',
      {
        original: '10.00',
        desconto: { modalidade: 1, descontoDataFixa: [{ data: today, valorPerc: '10.00' }] },
      },
      calendar(),
      /maior ou igual/,
    ],
    [
      'desconto depois do vencimento',
      {
        original: '10.00',
        desconto: { modalidade: 1, descontoDataFixa: [{ data: '2026-11-03', valorPerc: '1.00' }] },
      },
      calendar(),
      /posterior à data de vencimento/,
    ],
  ])('%s', (_, valor, dates, problem) => {
    const found = cobvProblem(valor, dates, today)
    if (problem) expect(found).toMatch(problem)
    else expect(found).toBeNull()
  })
})
