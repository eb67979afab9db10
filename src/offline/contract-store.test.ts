import { describe, expect, it } from 'vitest'
import type { Dependent, Person } from '../../contract/contracts'
import { withChange } from './contract-store'
import type { StoredContract } from './db'

const person = (id: string, name: string) => ({ id, name, first_name: name }) as unknown as Person
const dependent = (id: string, name: string) =>
  ({ id, status: 'ACTIVE', person: person(id, name) }) as unknown as Dependent
const contract = {
  id: 'c1',
  holder_name: 'Ana',
  holder: { id: 'h1', person: person('p1', 'Ana') },
  dependents: [dependent('d1', 'Pedro')],
} as unknown as StoredContract

describe("a waiting save's change on top of the server's contract", () => {
  it('the holder as edited, name included', () => {
    const shown = withChange(contract, { holderPerson: person('p1', 'Ana Paula') })
    expect(shown.holder?.person.name).toBe('Ana Paula')
    expect(shown.holder_name).toBe('Ana Paula')
    expect(shown.dependents).toEqual(contract.dependents)
  })

  it('an edited dependent in place, a new one at the end, once however often applied', () => {
    const edited = withChange(contract, { dependent: dependent('d1', 'Pedro Henrique') })
    expect(edited.dependents.map((item) => item.person.name)).toEqual(['Pedro Henrique'])
    const added = withChange(contract, { dependent: dependent('new:k1', 'Noa') })
    const again = withChange(added, { dependent: dependent('new:k1', 'Noa Souza') })
    expect(again.dependents.map((item) => item.person.name)).toEqual(['Pedro', 'Noa Souza'])
  })

  it("is no longer the server's copy: the version tag goes, so a revalidation fetches it whole", () => {
    const tagged: StoredContract = { ...contract, etag: '"c1.41"' }
    expect(withChange(tagged, { holderPerson: person('p1', 'Ana Paula') }).etag).toBeUndefined()
    expect(withChange(tagged, { dependent: dependent('d1', 'Pedro H.') }).etag).toBeUndefined()
  })
})
