import { digits } from '../../../../contract/format'
import type { FieldKey, FormValues } from './form'

/**
 * What the last CEP lookup wrote into the form: the CEP it answered for and the values it put
 * in. Those fields are read-only while they belong to that CEP (spec §5); whatever the person
 * typed is never theirs.
 */
export type CepFill = { cep: string; values: Partial<Record<FieldKey, string>> }

export type CepAnswer = Partial<Record<'street' | 'neighborhood' | 'city' | 'state', string>>

/**
 * Gives back what a lookup filled: each field it wrote that still holds what it wrote is
 * emptied. Used when the CEP changes, when a lookup fails and before a new lookup fills.
 */
export function releaseFill(values: FormValues, fill: CepFill | null): FormValues {
  if (!fill) return values
  const next = { ...values }
  for (const [field, value] of Object.entries(fill.values) as Array<[FieldKey, string]>)
    if (next[field] === value) next[field] = ''
  return next
}

/** What a found address writes: its non-empty answers, for the CEP it was asked for. */
export function fillFrom(cep: string, answer: CepAnswer): CepFill {
  const values = Object.fromEntries(Object.entries(answer).filter(([, value]) => value))
  return { cep: digits(cep), values: values as CepFill['values'] }
}

/** A new fill: the previous lookup's fields released, then the new answers written. */
export function applyFill(values: FormValues, previous: CepFill | null, fill: CepFill): FormValues {
  return { ...releaseFill(values, previous), ...fill.values }
}

/** Whether the fill still belongs to the CEP in the field (it stops the moment the CEP changes). */
export const fillMatches = (fill: CepFill | null, cep: string) =>
  fill !== null && fill.cep === digits(cep)
