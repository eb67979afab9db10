// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import {
  countdownText,
  pixKeys,
  pixMinutes,
  pixSecondsLeft,
  restorePix,
  storePix,
} from './pix-storage'

const response = {
  data: [
    { key: 'qr_code', value: '00020126...6304ABCD' },
    { key: 'txid', value: 'tx123' },
  ],
}
const minute = 60_000

describe('Pix countdown (spec §4, §9)', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [125, '02:05'],
    [1800, '30:00'],
    [-3, '00:00'],
  ])('%i s → %s', (seconds, text) => {
    expect(countdownText(seconds)).toBe(text)
  })

  it('counts the link minutes from generation, 30 when the link gives none', () => {
    expect(pixMinutes(0)).toBe(30)
    expect(pixMinutes(15)).toBe(15)
    expect(pixSecondsLeft(0, 30, 29 * minute)).toBe(60)
    expect(pixSecondsLeft(0, 30, 30 * minute)).toBe(0)
    expect(pixSecondsLeft(0, 30, 31 * minute)).toBe(0)
  })
})

describe('stored Pix on reload (spec §4)', () => {
  beforeEach(() => localStorage.clear())

  it('keeps pixResponse and pixData (createdAt, qrCode)', () => {
    storePix('LINK-1', response, 1_000, 30)
    expect(JSON.parse(localStorage.getItem(pixKeys.response) ?? '')).toEqual(response)
    expect(JSON.parse(localStorage.getItem(pixKeys.data) ?? '')).toMatchObject({
      createdAt: 1_000,
      qrCode: '00020126...6304ABCD',
    })
  })

  it('restores it while fewer minutes than the expiry have passed', () => {
    storePix('LINK-1', response, 0, 30)
    expect(restorePix('LINK-1', 30, 29 * minute)).toEqual({
      response,
      qrCode: '00020126...6304ABCD',
      createdAt: 0,
    })
  })

  it.each([
    ['expired', 'LINK-1', 30 * minute],
    ['of another link', 'LINK-2', minute],
  ])('discards one %s', (_case, code, now) => {
    storePix('LINK-1', response, 0, 30)
    expect(restorePix(code, 30, now)).toBeNull()
    expect(localStorage.getItem(pixKeys.response)).toBeNull()
    expect(localStorage.getItem(pixKeys.data)).toBeNull()
  })

  it('discards unreadable storage', () => {
    localStorage.setItem(pixKeys.response, '{not json')
    localStorage.setItem(pixKeys.data, JSON.stringify({ createdAt: 'x' }))
    expect(restorePix('LINK-1', 30, 0)).toBeNull()
    expect(localStorage.getItem(pixKeys.data)).toBeNull()
  })
})
