import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { dayOf, timestampOf } from './http'
import { isBirthDate, isCalendarDay, isDay, parseTimestamp } from './rules'

describe('the days the portal takes (isDay)', () => {
  it.each([
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2100-02-29', false],
    ['2026-02-28', true],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['1900-01-01', true],
    ['1899-12-31', false],
    ['2100-12-31', true],
    ['2101-01-01', false],
    ['0000-01-01', false],
    ['9999-12-31', false],
    ['275760-09-13', false],
    ['+275760-09-13', false],
    ['2026-2-3', false],
    ['2026-02-28T25:00:00Z', false],
    ['2026-02-28T10:00:00Z', false],
    [' 2026-02-28', false],
    ['28/02/2026', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isDay(value)).toBe(expected)
  })

  it('the calendar alone takes years PostgreSQL cannot keep; the range refuses them', () => {
    expect(isCalendarDay('0000-02-29')).toBe(true)
    expect(isDay('0000-02-29')).toBe(false)
    expect(isCalendarDay('0099-01-01')).toBe(true)
  })

  it('a birth date is a day up to today, wherever it is today', () => {
    const now = new Date('2026-03-01T12:00:00Z')
    expect(isBirthDate('2026-03-01', now)).toBe(true)
    expect(isBirthDate('2026-03-02', now)).toBe(true)
    expect(isBirthDate('2026-03-03', now)).toBe(false)
    expect(isBirthDate('2024-02-29', now)).toBe(true)
    expect(isBirthDate('2023-02-29', now)).toBe(false)
  })
})

describe('timestamps with their offset (parseTimestamp)', () => {
  it.each([
    ['2026-05-10T14:30:00-03:00', '2026-05-10T17:30:00.000Z'],
    ['2026-05-10T14:30-03:00', null],
    ['2026-05-10T14:30:00.123Z', '2026-05-10T14:30:00.123Z'],
    ['2024-02-29T23:59:59+14:00', '2024-02-29T09:59:59.000Z'],
    ['2026-02-29T10:00:00Z', null],
    ['2026-02-30T10:00:00-03:00', null],
    ['2026-02-28T25:00:00Z', null],
    ['2026-02-28T10:60:00Z', null],
    ['2026-02-28T10:00:60Z', null],
    ['2026-02-28T10:00:00', null],
    ['2026-02-28T10:00:00+15:00', null],
    ['2026-02-28T10:00:00-0300', null],
    ['2026-02-28 10:00:00Z', null],
    ['2026-02-28', null],
    ['0000-01-01T00:00:00Z', null],
    ['9999-12-31T23:59:59Z', null],
    ['+275760-09-13T00:00:00Z', null],
  ])('%s → %s', (value, expected) => {
    expect(parseTimestamp(value)?.toISOString() ?? null).toBe(expected)
  })
})

describe('date fields name the field in their message', () => {
  it('dayOf and timestampOf', () => {
    const due = v.safeParse(dayOf('dueDate', 'o vencimento'), '2026-02-30')
    expect(due.issues?.[0]?.message).toBe(
      'Informe o vencimento (dueDate) como uma data que exista, no formato AAAA-MM-DD, de 01/01/1900 a 31/12/2100.',
    )
    expect(v.safeParse(dayOf('dueDate', 'o vencimento'), 20260210).success).toBe(false)
    const paid = v.safeParse(timestampOf('paidAt', 'o momento do pagamento'), '2026-02-30T10:00Z')
    expect(paid.issues?.[0]?.message).toContain('(paidAt)')
  })
})
