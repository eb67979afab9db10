/** Reads a JWT's claims without verifying it: the client only judges expiry (spec §2). */

/** Strips a leading 'bearer ' (any case) the way the spec's route rules ask. */
export function stripBearer(token: string): string {
  return token.replace(/^bearer\s+/i, '').trim()
}

export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = stripBearer(token).split('.')
  if (parts.length !== 3 || !parts[1]) return null
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/')
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)))
    const payload: unknown = JSON.parse(json)
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null
  } catch {
    // Not base64 or not JSON: the token is garbage, which callers treat as "no session".
    return null
  }
}

/** Milliseconds since epoch at which the token expires, or null when it has no usable exp. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  if (!token) return null
  const exp = decodeJwtPayload(token)?.exp
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null
}

/** A token is valid only if its exp claim is in the future (spec §2, §9). */
export function isTokenValid(token: string | null | undefined, now: number): boolean {
  const expiresAt = tokenExpiresAt(token)
  return expiresAt !== null && expiresAt > now
}

/** Whose session a token is (its sub claim); null when it has none. Not verified. */
export function tokenSubject(token: string | null | undefined): string | null {
  const sub = token ? decodeJwtPayload(token)?.sub : undefined
  return typeof sub === 'string' ? sub : null
}
