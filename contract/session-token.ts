/**
 * The session token (spec §2) as the page and the service worker read it: a JWT whose claims they
 * read without verifying it (only the server can), to judge its expiry and whose session it is.
 */
import { decodeJwt, type JWTPayload } from 'jose'

/** Strips a leading 'bearer ' (any case) the way the spec's route rules ask. */
export function stripBearer(token: string): string {
  return token.replace(/^bearer\s+/i, '').trim()
}

/** The token's claims, or null when it is no JWT (garbage reads as "no session"). */
function claims(token: string | null | undefined): JWTPayload | null {
  if (!token) return null
  try {
    return decodeJwt(stripBearer(token))
  } catch {
    return null
  }
}

/** Milliseconds since epoch at which the token expires, or null when it has no usable exp. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  const exp = claims(token)?.exp
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null
}

/** A token is valid only if its exp claim is in the future (spec §2, §9). */
export function isTokenValid(token: string | null | undefined, now: number): boolean {
  const expiresAt = tokenExpiresAt(token)
  return expiresAt !== null && expiresAt > now
}

/** Whose session a token is (its sub claim); null when it has none. Not verified. */
export function tokenSubject(token: string | null | undefined): string | null {
  const sub = claims(token)?.sub
  return typeof sub === 'string' ? sub : null
}
