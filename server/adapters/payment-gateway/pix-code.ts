/**
 * Pix "copia e cola" (BR Code): the EMV QR Code Merchant-Presented payload of the Banco Central
 * (Manual de Padrões para Iniciação do Pix), each field ID + two-digit length + value, closed by
 * a CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) over everything up to and including '6304'.
 */

export interface PixPayload {
  /** The receiver's Pix key (here a random key, EVP). */
  key: string
  /** Cents. */
  amount: number
  /** Upper-case ASCII, up to 25 characters. */
  merchantName: string
  /** Upper-case ASCII, up to 15 characters. */
  merchantCity: string
  /** Up to 25 letters and digits. */
  txid: string
}

const field = (id: string, value: string) => {
  if (value.length > 99) throw new Error(`campo ${id} do BR Code excede 99 caracteres`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/** Accents off, upper case, only what the EMV alphanumeric set takes. */
const ascii = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .-]/g, '')
    .slice(0, max)

export function crc16Ccitt(text: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

export function pixBrCode(payload: PixPayload): string {
  if (!/^[A-Za-z0-9]{1,25}$/.test(payload.txid)) throw new Error('txid inválido')
  const body = [
    field('00', '01'),
    // 12: the code is for a single payment.
    field('01', '12'),
    field('26', field('00', 'br.gov.bcb.pix') + field('01', payload.key)),
    field('52', '0000'),
    field('53', '986'),
    field('54', (payload.amount / 100).toFixed(2)),
    field('58', 'BR'),
    field('59', ascii(payload.merchantName, 25)),
    field('60', ascii(payload.merchantCity, 15)),
    field('62', field('05', payload.txid)),
  ].join('')
  const withCrcHeader = `${body}6304`
  return withCrcHeader + crc16Ccitt(withCrcHeader)
}

export interface DynamicPixPayload {
  /** Where the payer's bank fetches the charge (a cob's `location`, without https://). */
  location: string
  merchantName: string
  merchantCity: string
}

/**
 * The BR Code of a cobrança imediata (a dynamic QR): the payer's bank reads amount and txid from
 * the payload at `location`, so the code carries the URL (field 26-25) and txid '***'.
 */
export function pixDynamicBrCode(payload: DynamicPixPayload): string {
  const location = payload.location.replace(/^https?:\/\//, '')
  const body = [
    field('00', '01'),
    field('01', '12'),
    field('26', field('00', 'br.gov.bcb.pix') + field('25', location)),
    ...payeeFields(payload),
  ].join('')
  const withCrcHeader = `${body}6304`
  return withCrcHeader + crc16Ccitt(withCrcHeader)
}

/**
 * What a dynamic code says besides where its charge is: category, currency, country, the payee
 * and txid '***' (the payer's bank reads the real one from the location's payload).
 */
const payeeFields = (payload: { merchantName: string; merchantCity: string }) => [
  field('52', '0000'),
  field('53', '986'),
  field('58', 'BR'),
  field('59', ascii(payload.merchantName, 25)),
  field('60', ascii(payload.merchantCity, 15)),
  field('62', field('05', '***')),
]

export interface RecurrencePixPayload {
  /** The recurrence's location (/locrec), without a scheme. */
  recurrenceLocation: string
  /** Journey 3: the cob paid with the authorization; without it, the QR of journey 2. */
  cobLocation?: string | undefined
  merchantName: string
  merchantCity: string
}

/**
 * The composite BR Code of Pix Automático (the document's dadosQR examples): the recurrence's
 * location in field 80, beside a cob's (journey 3) or an empty merchant account (journey 2).
 */
export function pixRecurrenceBrCode(payload: RecurrencePixPayload): string {
  const strip = (location: string) => location.replace(/^https?:\/\//, '')
  const gui = field('00', 'br.gov.bcb.pix')
  const body = [
    field('00', '01'),
    ...(payload.cobLocation ? [field('01', '12')] : []),
    field('26', gui + (payload.cobLocation ? field('25', strip(payload.cobLocation)) : '')),
    ...payeeFields(payload),
    field('80', gui + field('25', strip(payload.recurrenceLocation))),
  ].join('')
  const withCrcHeader = `${body}6304`
  return withCrcHeader + crc16Ccitt(withCrcHeader)
}
