import * as v from 'valibot'
import { type BoletoResponse, boletoResponse } from '../../../../contract/payments'

/**
 * The boletos just issued, from the payment screen to /success (same tab, this visit only):
 * the person sees the linha digitável at once instead of waiting for the e-mail.
 */
const key = 'portal-titular-boletos'

export type IssuedBoleto = BoletoResponse['boletos'][number]

export function keepIssuedBoletos(boletos: IssuedBoleto[]) {
  try {
    sessionStorage.setItem(key, JSON.stringify({ message: '', boletos }))
  } catch {
    // Without storage /success shows the message only; the boleto still goes by e-mail.
  }
}

export function issuedBoletos(): IssuedBoleto[] {
  try {
    const parsed = v.safeParse(boletoResponse, JSON.parse(sessionStorage.getItem(key) ?? 'null'))
    return parsed.success ? parsed.output.boletos : []
  } catch {
    return []
  }
}
