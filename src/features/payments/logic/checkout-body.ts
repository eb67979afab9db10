import { digits } from '../../../../contract/format'
import type { PaymentLinkData } from '../../../../contract/payments'

export type CheckoutAddress = {
  cep: string
  state: string
  city: string
  street: string
  number: string
  neighborhood: string
}

/** '+55 11987654321' → '11987654321': the number the link shows, without its country code. */
const phoneNumber = (phone: string) => digits(phone.trim().split(/\s+/).at(-1))

/**
 * The address and contact fields every checkout post carries (spec §7), from the link's holder
 * and the address block; empty ones go as null.
 */
export function personFields(code: string, link: PaymentLinkData, address: CheckoutAddress) {
  const text = (value: string) => value.trim() || null
  return {
    code,
    zip_code: digits(address.cep) || null,
    email: text(link.email),
    birth_date: null,
    neighborhood: text(address.neighborhood),
    number: digits(address.number) || null,
    street: text(address.street),
    phone: phoneNumber(link.phone) || null,
    state: text(address.state),
    city: text(address.city),
    token: '1',
  }
}
