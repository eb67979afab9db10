import { formatMasked, masks } from './masks'

export type AddressParts = {
  street: string
  number: string
  complement?: string
  neighborhood: string
  city: string
  state: string
  /** Digits or already masked. */
  cep: string
}

/**
 * An address as one line to read, what is empty left out: "Avenida Paulista, 1000, Apto 12 ·
 * Bela Vista · São Paulo/SP · CEP 01310-100" (a dependent's address that is the holder's, a
 * checkout's address that came filled).
 */
export function addressLine(address: AddressParts): string {
  const street = [address.street, address.number, address.complement ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ')
  const city = [address.city, address.state]
    .map((part) => part.trim())
    .filter(Boolean)
    .join('/')
  const cep = address.cep.trim() ? `CEP ${formatMasked(address.cep.trim(), masks.cep)}` : ''
  return [street, address.neighborhood.trim(), city, cep].filter(Boolean).join(' · ')
}
