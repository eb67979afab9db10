import { describe, expect, it } from 'vitest'
import type { RecurrenceView } from '../../../../contract/pix-automatico'
import { bankApp, endedText, formatCnpj, recurrenceTerms, requestText } from './pix-automatico'

const view: RecurrenceView = {
  id: 'r1',
  contractId: 'c1',
  idRec: 'RR1234567820261128abc',
  status: 'CRIADA',
  cancelledBy: null,
  reason: null,
  amount: { kind: 'MAXIMUM', value: 18_990 },
  frequency: 'MENSAL',
  firstDate: '2026-12-10',
  lastDate: '2027-06-10',
  receiver: { name: 'Clube Exemplo', cnpj: '12345678000190' },
  qrCode: '000201…',
  request: null,
  payerBank: null,
  immediate: null,
  canEnrol: false,
}

describe('Débito automático via Pix: the words of the terms', () => {
  it('names a maximum, the frequency, the dates and the receiver', () => {
    expect(recurrenceTerms(view)).toEqual([
      { label: 'Valor de cada cobrança', value: 'até R$ 189,90' },
      { label: 'Frequência', value: 'Mensal' },
      { label: 'Primeira cobrança', value: '10/12/2026' },
      { label: 'Última cobrança', value: '10/06/2027' },
      { label: 'Recebedor', value: 'Clube Exemplo' },
      { label: 'CNPJ', value: '12.345.678/0001-90' },
    ])
  })

  it('a fixed amount as it is; no last date; a frequency it does not know, as it came', () => {
    const terms = recurrenceTerms({
      ...view,
      amount: { kind: 'FIXED', value: 15_000 },
      lastDate: null,
      frequency: 'QUINZENAL',
    })
    expect(terms.map((term) => term.value).slice(0, 4)).toEqual([
      'R$ 150,00',
      'QUINZENAL',
      '10/12/2026',
      'Sem data final',
    ])
  })

  it('a CNPJ that is not 14 digits is shown as it came', () => {
    expect(formatCnpj('123')).toBe('123')
  })

  it('says how an authorization ended, and who cancelled it', () => {
    expect(endedText(view)).toBeNull()
    expect(endedText({ ...view, status: 'APROVADA' })).toBeNull()
    expect(endedText({ ...view, status: 'REJEITADA' })).toMatch(/recusada/)
    expect(endedText({ ...view, status: 'EXPIRADA' })).toMatch(/expirou/)
    expect(endedText({ ...view, status: 'CANCELADA', cancelledBy: 'USUARIO_RECEBEDOR' })).toBe(
      'Pix Automático cancelado. As próximas parcelas não serão cobradas sozinhas.',
    )
    expect(endedText({ ...view, status: 'CANCELADA', cancelledBy: 'USUARIO_PAGADOR' })).toMatch(
      /no app do seu banco/,
    )
  })
})

describe('Débito automático via Pix: the request sent to her bank (journey 1)', () => {
  it('names the bank, or "seu banco" when it is not named', () => {
    const at = '2026-12-05T15:00:00.000Z'
    const sent = requestText({ ...view, qrCode: null, request: { bank: 'Itaú', expiresAt: at } })
    expect(sent).toMatch(/^Enviamos o pedido para o app do Itaú\. Abra o app e confirme/)
    expect(sent).toContain('05/12/2026')
    expect(requestText({ ...view, qrCode: null, request: { bank: null, expiresAt: at } })).toMatch(
      /^Enviamos o pedido para o app do seu banco\./,
    )
    expect(requestText(view)).toBeNull()
    expect(bankApp('')).toBe('o app do seu banco')
  })
})
