/**
 * An instalment row imported as paid: the day in `pago_em` is São Paulo's day, so a payment
 * recorded today is accepted at any hour (mark-paid refuses a payment in the future).
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { paidOutsideBody, paidOutsideSchema } from './resources'

const row = (pagoEm: string) => ({
  id_externo: 'parc-1',
  status: 'PAGO',
  pago_em: pagoEm,
  valor: '189,90',
  forma_pagamento: 'pix',
})

describe('a paid instalment row', () => {
  it.each([
    ['04/12/2026', '2026-12-04T00:00:00-03:00'],
    ['2026-12-04', '2026-12-04T00:00:00-03:00'],
    ['2026-12-04T08:15:00-03:00', '2026-12-04T08:15:00-03:00'],
  ])('pago_em %s is paid at %s', (pagoEm, paidAt) => {
    const body = paidOutsideBody(row(pagoEm))
    expect(body?.paidAt).toBe(paidAt)
    expect(v.safeParse(paidOutsideSchema, body).success).toBe(true)
  })

  it('a day alone starts in São Paulo, not at noon in UTC (09:00 there)', () => {
    const paidAt = paidOutsideBody(row('04/12/2026'))?.paidAt ?? ''
    // 03:00 UTC: before 09:00 in São Paulo the same day is not yet "the future".
    expect(new Date(paidAt).toISOString()).toBe('2026-12-04T03:00:00.000Z')
  })
})
