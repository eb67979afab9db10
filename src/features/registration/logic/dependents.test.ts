import { describe, expect, it } from 'vitest'
import type { Dependent } from '../../../../contract/contracts'
import {
  canAddDependent,
  dependentLimit,
  dependentProgress,
  progressLabel,
  visibleDependents,
} from './dependents'

const dependent = (status: string) => ({ id: status, status }) as unknown as Dependent

describe('dependent limit and progress (spec §4, §5, §9)', () => {
  it.each([
    [3, 3],
    [0, 0],
    [2.7, 2],
    [-1, 0],
    ['3', 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
  ])('dependents_included %j → limit %i', (included, limit) => {
    expect(dependentLimit(included)).toBe(limit)
  })

  const ana = [dependent('ACTIVE'), dependent('INACTIVE')]
  it('inactive dependents are hidden and do not count', () => {
    expect(visibleDependents(ana).map((d) => d.status)).toEqual(['ACTIVE'])
    expect(visibleDependents([dependent('REVIEW'), dependent('PENDING')])).toHaveLength(2)
  })

  it.each([
    [ana, 3, true],
    [[...ana, dependent('ACTIVE'), dependent('ACTIVE')], 3, false],
    [[dependent('ACTIVE')], 1, false],
    [[], 0, false],
    [[], -5, false],
    [[dependent('INACTIVE'), dependent('INACTIVE')], 1, true],
  ])('%# add allowed: %s', (dependents, included, allowed) => {
    expect(canAddDependent(dependents, included)).toBe(allowed)
  })

  it('progress is active over limit', () => {
    expect(dependentProgress(ana, 3)).toBe(33)
    expect(
      dependentProgress([dependent('ACTIVE'), dependent('ACTIVE'), dependent('ACTIVE')], 3),
    ).toBe(100)
    expect(progressLabel(1, 3)).toBe('1 de 3 dependentes inclusos')
  })
})
