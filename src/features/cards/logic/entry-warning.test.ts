import { describe, expect, it } from 'vitest'
import { entryWarning } from './entry-warning'

describe('entryWarning', () => {
  it('says nothing for an ACTIVE contract, the only one the gate admits', () => {
    expect(entryWarning('ACTIVE')).toBeNull()
  })

  it.each<[string | null, string, boolean]>([
    ['OVERDUE', 'INADIMPLENTE', true],
    ['INACTIVE', 'INATIVO', false],
    ['CANCELLED', 'CANCELADO', false],
    ['REVIEW', 'EM ANALISE', false],
    ['PENDING', 'DADOS PENDENTES', false],
    ['TRANSFERRED', 'TRANSFERIDO', false],
    ['SOMETHING_ELSE', '---', false],
    [null, '---', false],
  ])('%s: warns with the label the gate shows (%s); paying helps: %s', (status, label, pay) => {
    const warning = entryWarning(status)
    expect(warning?.title).toBe(`Entrada bloqueada: contrato ${label}`)
    expect(warning?.pay).toBe(pay)
  })
})
