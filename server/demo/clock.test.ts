import { expect, it } from 'vitest'
import { todayInSaoPaulo } from '../../contract/late-charges'
import { demoClock } from './clock'

it('moves to noon of a day in São Paulo, and time goes on from there', () => {
  let real = Date.parse('2026-11-28T02:30:00Z') // still the 27th in São Paulo
  const clock = demoClock(() => new Date(real))
  expect(todayInSaoPaulo(clock.now())).toBe('2026-11-27')
  clock.moveTo('2026-12-13')
  expect(clock.now().toISOString()).toBe('2026-12-13T15:00:00.000Z')
  real += 3_600_000
  expect(clock.now().toISOString()).toBe('2026-12-13T16:00:00.000Z')
  clock.moveTo('2026-11-28')
  expect(todayInSaoPaulo(clock.now())).toBe('2026-11-28')
})
