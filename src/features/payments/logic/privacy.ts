import { formatPhoneText } from '../../../../contract/format'
import { type AddressParts, addressLine } from '../../../lib/address'

/**
 * The payer's data as a page anyone with the link can open shows it (issue 27): enough for the
 * payer to recognise it, too little for anyone else to use, the way Brazilian banks' apps mask it.
 * Display only: the card form still receives the link's data whole to prefill the payment.
 */

const onlyDigits = (value: string) => value.replace(/\D/g, '')

/** 529.982.247-25 → ***.982.247-**: the middle six digits. */
export function maskCpf(cpf: string | null | undefined): string {
  const d = onlyDigits(cpf ?? '')
  if (d.length !== 11) return d ? '***' : '—'
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`
}

/** ana.souza@exemplo.com.br → an*******@exemplo.com.br: two letters and the domain. */
export function maskEmail(email: string | null | undefined): string {
  const value = (email ?? '').trim()
  const at = value.lastIndexOf('@')
  if (at < 1) return value ? '***' : '—'
  const local = value.slice(0, at)
  const shown = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1)
  return `${shown}${'*'.repeat(Math.max(3, local.length - shown.length))}${value.slice(at)}`
}

/** +55 (11) 98765-4321 → +55 (11) *****-4321: the area code and the last four digits. */
export function maskPhone(phone: string | null | undefined): string {
  const text = formatPhoneText(phone)
  if (!text) return '—'
  const total = onlyDigits(text).length
  const areaEnds = text.indexOf(')')
  let seen = 0
  return [...text]
    .map((char, index) => {
      if (!/\d/.test(char)) return char
      seen += 1
      const lastFour = seen > total - 4
      return lastFour || index < areaEnds ? char : '*'
    })
    .join('')
}

/**
 * Avenida Paulista, 1000 · Bela Vista · São Paulo/SP · CEP 01310-100 → Avenida Paulista, nº *** ·
 * São Paulo/SP · CEP 01310-***: the street and the city, so the payer knows it for theirs; not
 * the door nor the neighbourhood, which with them would find the house. The boleto is issued
 * with the address whole (the server holds it), this is only what the page shows.
 */
export function maskAddress(address: AddressParts): string {
  const cep = onlyDigits(address.cep)
  const line = addressLine({
    street: address.street,
    number: address.number.trim() ? 'nº ***' : '',
    neighborhood: '',
    city: address.city,
    state: address.state,
    cep: '',
  })
  return cep.length === 8 ? `${line} · CEP ${cep.slice(0, 5)}-***` : line
}
