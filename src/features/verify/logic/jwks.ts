import * as v from 'valibot'
import { cardKeys } from '../../../../contract/api/cards'
import { type Jwks, jwks as jwksSchema } from '../../../../contract/cards'
import { call } from '../../../api/call'

/**
 * The public keys that sign member passes. Public data: kept on the device (not wiped on
 * logout) so the gate keeps verifying with no signal once the page has loaded them.
 */
const storageKey = 'portal-titular-pass-keys'

export function storedKeys(): Jwks | null {
  try {
    const parsed = v.safeParse(jwksSchema, JSON.parse(localStorage.getItem(storageKey) ?? 'null'))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

/** Fresh keys when online, the stored ones otherwise; null when the device never had them. */
export async function loadKeys(): Promise<Jwks | null> {
  try {
    const keys = await call(cardKeys)
    localStorage.setItem(storageKey, JSON.stringify(keys))
    return keys
  } catch {
    return storedKeys()
  }
}
