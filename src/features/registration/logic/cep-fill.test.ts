import { describe, expect, it } from 'vitest'
import {
  applyFill,
  type CepAnswer,
  type CepFill,
  fillFrom,
  fillMatches,
  releaseFill,
} from './cep-fill'
import { type FormValues, toFormValues } from './form'

const rio = {
  street: 'Avenida Rio Branco',
  neighborhood: 'Centro',
  city: 'Rio de Janeiro',
  state: 'RJ',
}
const paulista = {
  street: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
}
/** A lookup answering `answer` for `cep` after `previous`: the form's values and the new fill. */
function lookup(values: FormValues, previous: CepFill | null, cep: string, answer: CepAnswer) {
  const fill = fillFrom(cep, answer)
  return { values: applyFill(values, previous, fill), fill }
}
const empty = (): FormValues => ({ ...toFormValues(null), number: '100', complement: 'Apto 2' })

describe('the CEP lookup fill', () => {
  it('fills the found address and remembers what it wrote', () => {
    const { values, fill } = lookup(empty(), null, '20040-020', rio)
    expect(values).toMatchObject({ ...rio, number: '100', complement: 'Apto 2' })
    expect(fill).toEqual({ cep: '20040020', values: rio })
  })

  it('a failed lookup after a found one clears and unlocks only what the first one wrote', () => {
    const first = lookup(empty(), null, '20040-020', rio)
    const released = releaseFill({ ...first.values, cep: '04538-133' }, first.fill)
    expect(released).toMatchObject({ street: '', neighborhood: '', city: '', state: '' })
    // What the person typed stays.
    expect(released).toMatchObject({ number: '100', complement: 'Apto 2', cep: '04538-133' })
  })

  it('a second found CEP replaces the first, keeping a field the answer leaves empty clear', () => {
    const first = lookup(empty(), null, '20040-020', rio)
    const second = lookup(first.values, first.fill, '01310-100', {
      ...paulista,
      neighborhood: '',
    })
    expect(second.values).toMatchObject({ ...paulista, neighborhood: '' })
    expect(second.fill.values).toEqual({
      street: 'Avenida Paulista',
      city: 'São Paulo',
      state: 'SP',
    })
  })

  it('never clears what the person typed themselves', () => {
    const typed = { ...empty(), street: 'Rua que digitei', city: 'Niterói' }
    const first = lookup(typed, null, '20040-020', { state: 'RJ' })
    expect(first.values).toMatchObject({ street: 'Rua que digitei', city: 'Niterói', state: 'RJ' })
    expect(releaseFill(first.values, first.fill)).toMatchObject({
      street: 'Rua que digitei',
      city: 'Niterói',
      state: '',
    })
  })

  it('belongs to its CEP only', () => {
    const { fill } = lookup(empty(), null, '20040-020', rio)
    expect(fillMatches(fill, '20040-020')).toBe(true)
    expect(fillMatches(fill, '20040020')).toBe(true)
    expect(fillMatches(fill, '20040-02')).toBe(false)
    expect(fillMatches(null, '20040-020')).toBe(false)
  })
})
