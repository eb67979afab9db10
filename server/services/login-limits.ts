/**
 * How often codes may be asked for and tried (NIST SP 800-63B-4 §3.2.2, OWASP ASVS 5.0 §6.3),
 * as sliding windows shared by every instance through the database (rate-limit.ts). Each limit
 * answers 429 with `Retry-After`. Why these keys and not others: docs/decisions/004.
 */
import type { Config } from '../config'
import type { Rule } from './rate-limit'

const MINUTE = 60_000
const QUARTER = 15 * MINUTE
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export interface LoginRules {
  /** Codes one client address may ask for, whatever the e-mails. */
  codesPerAddress: Rule
  /** Codes for one e-mail from one address: someone else's requests never use up the owner's. */
  codesPerEmailFromAddress: Rule
  /** Codes for one e-mail from everywhere: bounds the messages a victim can be flooded with. */
  codesPerEmail: Rule
  /** Wrong codes from one address, whatever the e-mails (guessing across many accounts). */
  triesPerAddress: Rule
  /** Wrong codes for one account from one address. */
  triesPerEmailFromAddress: Rule
  /** Wrong codes for one account in a day: NIST's "no more than 100 consecutive failures". */
  triesPerEmail: Rule
  /** Passkey login challenges one client address may ask for (each is a row until used). */
  passkeyOptionsPerAddress: Rule
}

export function loginRules(config: Pick<Config, 'otpLimitPerDestination' | 'otpLimitPerAddress'>) {
  return {
    codesPerAddress: { limit: config.otpLimitPerAddress, windowMs: QUARTER },
    codesPerEmailFromAddress: { limit: config.otpLimitPerDestination, windowMs: QUARTER },
    codesPerEmail: { limit: 4 * config.otpLimitPerDestination, windowMs: HOUR },
    triesPerAddress: { limit: config.otpLimitPerAddress, windowMs: QUARTER },
    triesPerEmailFromAddress: { limit: 5, windowMs: QUARTER },
    triesPerEmail: { limit: 100, windowMs: DAY },
    passkeyOptionsPerAddress: { limit: 10 * config.otpLimitPerAddress, windowMs: QUARTER },
  } satisfies LoginRules
}
