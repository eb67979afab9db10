/** The sliding count and the wait it gives in Retry-After. */
import { describe, expect, it } from 'vitest'
import { slidingCount } from './rate-limit'

const rule = { limit: 5, windowMs: 900_000 }

describe('slidingCount', () => {
  it('counts the previous window by how much of it still overlaps', () => {
    expect(slidingCount(4, 1, 0.5, rule).count).toBe(3)
    expect(slidingCount(5, 0, 0, rule).count).toBe(5)
    expect(slidingCount(5, 0, 0.999, rule).count).toBe(1)
  })

  it('waits until one more event fits, within this window when the previous one slides out', () => {
    // 5 before, 1 now, half way: 3.5 → room for 4 once the previous window is 40 % gone past half.
    const { count, retryAfterSeconds } = slidingCount(5, 2, 0.5, rule)
    expect(count).toBe(5)
    expect(retryAfterSeconds).toBe(Math.ceil(((1 - 2 / 5 - 0.5) * rule.windowMs) / 1000))
    expect(slidingCount(5, 2, 0.5 + retryAfterSeconds / 900, rule).count).toBeLessThanOrEqual(4)
  })

  it('waits into the next window when this one is full by itself', () => {
    const { retryAfterSeconds } = slidingCount(0, 6, 0.25, rule)
    // 0.75 of this window, then until 6 × (1 - f) ≤ 4 in the next: f = 1/3.
    expect(retryAfterSeconds).toBe(Math.ceil(((0.75 + 1 / 3) * rule.windowMs) / 1000))
  })

  it('never asks to wait less than a second', () => {
    expect(slidingCount(0, 1, 0, rule).retryAfterSeconds).toBe(1)
  })
})
