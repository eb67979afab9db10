import { describe, expect, it } from 'vitest'
import { detectCardBrand } from './card-brands'

describe('card brand from the number prefix (spec §3)', () => {
  it.each([
    ['4111 1111 1111 1111', 'visa'],
    ['4', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2221 0000 0000 0009', 'mastercard'],
    ['3782 822463 10005', 'amex'],
    ['3412', 'amex'],
    ['3056 9309 0259 04', 'diners'],
    ['3852', 'diners'],
    ['6011 1111 1111 1117', 'discover'],
    ['6500 0000 0000 0002', 'discover'],
    ['3530 1113 3330 0000', 'jcb'],
    ['6362 9700 0000 0000', 'elo'],
    ['5067 0000 0000 0000', 'elo'],
    ['4011 7800 0000 0000', 'elo'],
    ['6504 0600 0000 0000', 'elo'],
    ['6062 8200 0000 0000', 'hipercard'],
    ['9999 9999', null],
    ['', null],
  ])('%s → %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand)
  })
})
