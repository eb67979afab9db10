import { describe, expect, it } from 'vitest'
import { routeAfterLogin } from './after-login'

describe('routing after login (spec §2 screen 2)', () => {
  it.each([
    [
      'a contract with terms not accepted goes to terms',
      [
        { id: 'a', terms: true },
        { id: 'b', terms: false },
      ],
      { to: '/terms' },
    ],
    [
      'the only contract, terms pending, still goes to terms',
      [{ id: 'a', terms: false }],
      { to: '/terms' },
    ],
    [
      'several accepted contracts go to the picker',
      [
        { id: 'a', terms: true },
        { id: 'b', terms: true },
      ],
      { to: '/selected-contract' },
    ],
    [
      'exactly one accepted contract opens Home with its id',
      [{ id: 'a', terms: true }],
      { to: '/home', contractId: 'a' },
    ],
    ['no contract: nothing happens', [], null],
  ])('%s', (_name, contracts, expected) => {
    expect(routeAfterLogin(contracts)).toEqual(expected)
  })
})
