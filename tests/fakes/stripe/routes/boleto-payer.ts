/**
 * Who pays a boleto, as Stripe requires them (https://docs.stripe.com/payments/boleto/accept-a-payment):
 * name, e-mail and address (line1, city, state, postal code, country) in billing_details, and a
 * CPF or CNPJ as the tax ID. Stripe's test mode takes the all-zero test IDs, so only the length
 * is checked, not the check digits.
 */
import { invalidParam } from '../errors'
import type { BillingDetailsParams } from '../params'

export function boletoTaxId(taxId: string | undefined, param: string): string {
  if (taxId === undefined) throw invalidParam(param, `Missing required param: ${param}.`)
  if (!/^(\d{11}|\d{14})$/.test(taxId.replace(/[.\-/\s]/g, '')))
    throw invalidParam(
      param,
      `Invalid ${param}: a boleto payer's tax ID is a CPF (11 digits) or a CNPJ (14 digits).`,
    )
  return taxId
}

export function checkBoletoPayer(billing: BillingDetailsParams | undefined, prefix: string) {
  const address = billing?.address
  const required: [string, string | undefined][] = [
    ['name', billing?.name],
    ['email', billing?.email],
    ['address][line1', address?.line1],
    ['address][city', address?.city],
    ['address][state', address?.state],
    ['address][postal_code', address?.postal_code],
    ['address][country', address?.country],
  ]
  for (const [name, value] of required) {
    const param = `${prefix}[${name}]`
    if (!value) throw invalidParam(param, `Missing required param: ${param}.`)
  }
}
