/**
 * The Pix BR Code and the boleto line, checked by independent code: the pix-utils parser (its own
 * table-driven CRC) and a bit-by-bit CRC written here, and @mrmgomes/boleto-utils for the boleto
 * (field check digits, the barcode's general check digit, due date with the 2025 factor, amount).
 */
import { identificarDataComNovoFator2025, validarBoleto } from '@mrmgomes/boleto-utils'
import { hasError, parsePix } from 'pix-utils'
import { describe, expect, it } from 'vitest'
import { boletoNumbers, dueDateFactor, formatDigitableLine } from './boleto-line'
import { pixBrCode } from './pix-code'

/** CRC-16/CCITT-FALSE, written from the definition (poly 0x1021, init 0xFFFF, no reflection). */
function referenceCrc(text: string) {
  let crc = 0xffff
  for (const byte of Buffer.from(text, 'utf8')) {
    for (let bit = 7; bit >= 0; bit--) {
      const top = ((crc >> 15) & 1) ^ ((byte >> bit) & 1)
      crc = (crc << 1) & 0xffff
      if (top) crc ^= 0x1021
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/**
 * The barcode's general check digit as the FEBRABAN layout defines it for bank boletos: weights
 * 2 to 9 from the right over the 43 other digits, 11 − (sum mod 11), and 1 for 0, 10 or 11.
 */
function febrabanGeneralDigit(barcode: string) {
  const digits = barcode.slice(0, 4) + barcode.slice(5)
  let sum = 0
  let weight = 2
  for (let index = digits.length - 1; index >= 0; index--) {
    sum += Number(digits[index]) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const digit = 11 - (sum % 11)
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit
}

/** EMV TLV fields of a payload, by id (nested templates stay as their text). */
function tlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>()
  for (let at = 0; at < payload.length; ) {
    const id = payload.slice(at, at + 2)
    const length = Number(payload.slice(at + 2, at + 4))
    fields.set(id, payload.slice(at + 4, at + 4 + length))
    at += 4 + length
  }
  return fields
}

describe('Pix BR Code', () => {
  const payload = {
    key: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
    amount: 17_090,
    merchantName: 'Portal do Titular',
    merchantCity: 'São Paulo',
    txid: 'AbC123xyz0000000000000009',
  }

  it('is parsed by pix-utils, CRC included, with key, amount, txid and merchant', () => {
    const code = pixBrCode(payload)
    const parsed = parsePix(code)
    expect(hasError(parsed)).toBe(false)
    expect(parsed).toMatchObject({
      type: 'STATIC',
      pixKey: payload.key,
      transactionAmount: 170.9,
      transactionCurrency: '986',
      countryCode: 'BR',
      merchantCategoryCode: '0000',
      merchantName: 'PORTAL DO TITULAR',
      merchantCity: 'SAO PAULO',
      txid: payload.txid,
    })
  })

  it('has the fields of the Banco Central manual and a CRC16-CCITT that checks', () => {
    const code = pixBrCode({ ...payload, amount: 5 })
    const fields = tlv(code)
    expect(fields.get('00')).toBe('01')
    expect(tlv(fields.get('26') ?? '').get('00')).toBe('br.gov.bcb.pix')
    expect(tlv(fields.get('26') ?? '').get('01')).toBe(payload.key)
    expect(fields.get('52')).toBe('0000')
    expect(fields.get('53')).toBe('986')
    expect(fields.get('54')).toBe('0.05')
    expect(fields.get('58')).toBe('BR')
    expect(tlv(fields.get('62') ?? '').get('05')).toBe(payload.txid)
    expect(code.slice(-8, -4)).toBe('6304')
    expect(code.slice(-4)).toBe(referenceCrc(code.slice(0, -4)))
  })

  it('matches the published CRC check value and a code built by pix-utils', () => {
    expect(referenceCrc('123456789')).toBe('29B1')
    const tampered = pixBrCode(payload).replace('170.90', '100.90')
    expect(hasError(parsePix(tampered))).toBe(true)
  })

  it('refuses a txid a BR Code with a key cannot carry', () => {
    expect(() => pixBrCode({ ...payload, txid: 'com espaço' })).toThrow()
    expect(() => pixBrCode({ ...payload, txid: 'x'.repeat(26) })).toThrow()
  })
})

describe('boleto linha digitável', () => {
  const freeField = '0000003128557123456789017'

  it.each([
    ['2026-11-25', 18_990],
    ['2025-02-22', 1],
    ['2027-12-31', 1_234_567],
    ['2049-01-01', 9_999_999_999],
  ])('due %s, %i cents: valid for boleto-utils, with its date and amount', (dueDate, amount) => {
    const { barcode, digitableLine } = boletoNumbers({ bank: '001', amount, dueDate, freeField })
    expect(digitableLine).toMatch(/^\d{47}$/)
    expect(barcode).toMatch(/^\d{44}$/)
    const line = validarBoleto(digitableLine)
    expect(line).toMatchObject({ sucesso: true, tipoBoleto: 'BANCO', codigoBarras: barcode })
    // boleto-utils checks the line's three field digits; the general digit is checked here.
    expect(Number(barcode[4])).toBe(febrabanGeneralDigit(barcode))
    expect(digitableLine[32]).toBe(barcode[4])
    expect(line.valor).toBeCloseTo(amount / 100, 2)
    const due = identificarDataComNovoFator2025(digitableLine, 'LINHA_DIGITAVEL')
    expect(due.toISOString().slice(0, 10)).toBe(dueDate)
    expect(digitableLine.slice(0, 4)).toBe('0019')
  })

  it('gives 1, not 0, as the general digit when the sum leaves 0 or 1 (FEBRABAN)', () => {
    // boleto-utils uses the collection-slip rule (0 for remainders 0 and 1) for bank boletos too.
    const { barcode } = boletoNumbers({ bank: '001', amount: 1, dueDate: '2025-02-22', freeField })
    expect(barcode[4]).toBe('1')
    expect(febrabanGeneralDigit(barcode)).toBe(1)
    expect(validarBoleto(barcode).sucesso).toBe(false)
  })

  it('agrees with boleto-utils on whole barcodes away from that case', () => {
    const { barcode } = boletoNumbers({
      bank: '001',
      amount: 18_990,
      dueDate: '2026-11-25',
      freeField,
    })
    expect(validarBoleto(barcode)).toMatchObject({ sucesso: true })
  })

  it('fails the check when a digit changes', () => {
    const { digitableLine } = boletoNumbers({
      bank: '001',
      amount: 18_990,
      dueDate: '2026-11-25',
      freeField,
    })
    const changed = `${digitableLine.slice(0, 12)}${(Number(digitableLine[12]) + 1) % 10}${digitableLine.slice(13)}`
    expect(validarBoleto(changed).sucesso).toBe(false)
  })

  it('counts the due-date factor from the 2025 reset and from 1997 before it', () => {
    expect(dueDateFactor('2025-02-21')).toBe('9999')
    expect(dueDateFactor('2025-02-22')).toBe('1000')
    expect(dueDateFactor('2025-02-23')).toBe('1001')
    expect(dueDateFactor('2000-07-03')).toBe('1000')
    expect(() => dueDateFactor('1999-01-01')).toThrow()
  })

  it('prints the line in the five groups a bank uses', () => {
    expect(formatDigitableLine('00190000090312855712345678901721234500000018990')).toBe(
      '00190.00009 03128.557123 45678.901721 2 34500000018990',
    )
  })
})
