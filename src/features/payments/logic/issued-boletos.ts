import * as v from 'valibot'
import { type BoletoResponse, boletoResponse } from '../../../../contract/payments'

/**
 * The boletos just issued, from the payment screen to /success (same tab, this visit only):
 * the person sees the linha digitável (and the boleto's Pix) at once instead of waiting for the
 * e-mail.
 */
const key = 'portal-titular-boletos'

export type IssuedBoleto = BoletoResponse['boletos'][number]

/** The boletos and, when the bank takes Pix, their Pix with a due date (decision 025). */
export function keepIssuedBoletos(boletos: IssuedBoleto[], pix?: BoletoResponse['pix']) {
  try {
    sessionStorage.setItem(key, JSON.stringify({ message: '', boletos, ...(pix ? { pix } : {}) }))
  } catch {
    // Without storage /success shows the message only; the boleto still goes by e-mail.
  }
}

export function issuedBoletos(): Pick<BoletoResponse, 'boletos' | 'pix'> {
  try {
    const parsed = v.safeParse(boletoResponse, JSON.parse(sessionStorage.getItem(key) ?? 'null'))
    return parsed.success ? parsed.output : { boletos: [] }
  } catch {
    return { boletos: [] }
  }
}
