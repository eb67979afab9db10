import { describe, expect, it } from 'vitest'
import { cardMessages } from '../../../../contract/tokenizer'
import { type CardInput, firstCardError } from './card-validation'

const now = new Date('2026-11-22T12:00:00Z')
const good: CardInput = {
  cardHolder: 'ANA P SOUZA',
  cardNumber: '4111 1111 1111 1111',
  cvv: '123',
  expiryDate: '12/2030',
}

describe('card payment validation, in the order of spec §5', () => {
  it.each([
    ['a good card', good, null],
    ['1. month empty', { ...good, expiryDate: '' }, cardMessages.monthEmpty],
    ['1. month empty, year typed', { ...good, expiryDate: '/2030' }, cardMessages.monthEmpty],
    ['2. month 13', { ...good, expiryDate: '13/2030' }, cardMessages.monthRange],
    ['2. month 00', { ...good, expiryDate: '00/2030' }, cardMessages.monthRange],
    ['3. year empty', { ...good, expiryDate: '12/' }, cardMessages.yearEmpty],
    ['3. year missing', { ...good, expiryDate: '12' }, cardMessages.yearEmpty],
    ['4. two-digit year', { ...good, expiryDate: '12/30' }, cardMessages.yearFull],
    ['4. year with a space', { ...good, expiryDate: '12/203 ' }, cardMessages.yearFull],
    // 5. is weak as specified: 2020 is not below 26 (2026 % 100), so a past 4-digit year passes.
    ['5. past 4-digit year passes the weak check', { ...good, expiryDate: '12/2020' }, null],
    [
      '5. a 4-character year below 26 fails it',
      { ...good, expiryDate: '12/0025' },
      cardMessages.yearPast,
    ],
    ['6. no holder', { ...good, cardHolder: '  ' }, cardMessages.holder],
    ['7. number too short', { ...good, cardNumber: '4111 1111 111' }, cardMessages.number],
    ['8. cvv too short', { ...good, cvv: '12' }, cardMessages.cvv],
    [
      'order: month before holder',
      { ...good, expiryDate: '', cardHolder: '' },
      cardMessages.monthEmpty,
    ],
    [
      'order: holder before number',
      { ...good, cardHolder: '', cardNumber: '' },
      cardMessages.holder,
    ],
    ['order: number before cvv', { ...good, cardNumber: '', cvv: '' }, cardMessages.number],
  ])('%s', (_name, input, message) => {
    expect(firstCardError(input, now)).toBe(message)
  })
})
