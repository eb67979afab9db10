import type { Dependent } from '../../../../contract/contracts'

/** Spec §9: the limit is dependents_included when it is a non-negative number, else 0. */
export function dependentLimit(included: unknown): number {
  return typeof included === 'number' && Number.isFinite(included) && included >= 0
    ? Math.floor(included)
    : 0
}

/** Spec §4: INACTIVE dependents are hidden from the list and do not count toward the limit. */
export function visibleDependents(dependents: ReadonlyArray<Dependent>): Dependent[] {
  return dependents.filter((dependent) => dependent.status !== 'INACTIVE')
}

export function canAddDependent(dependents: ReadonlyArray<Dependent>, included: unknown): boolean {
  return visibleDependents(dependents).length < dependentLimit(included)
}

/** Progress bar value, 0–100 (spec §9: active dependents / limit). */
export function dependentProgress(dependents: ReadonlyArray<Dependent>, included: unknown): number {
  const limit = dependentLimit(included)
  if (limit === 0) return 100
  return Math.min(100, Math.round((visibleDependents(dependents).length / limit) * 100))
}

export const progressLabel = (active: number, limit: number) =>
  `${active} de ${limit} dependentes inclusos`
