/** Session tokens: HS256 JWTs via jose, with the algorithm, issuer, audience and expiry pinned. */
import { jwtVerify, SignJWT } from 'jose'

export const TOKEN_ISSUER = 'portal-do-titular'
export const TOKEN_AUDIENCE = 'portal-do-titular-app'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface SessionPerson {
  id: string
  email: string
  /** The `sessions` row this token stands for (claim `sid`): "Sair" revokes it. */
  sessionId: string
}

export async function signSessionToken(
  key: Uint8Array,
  person: SessionPerson,
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT({ email: person.email, sid: person.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(person.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key)
}

export interface VerifiedSession {
  personId: string
  sessionId: string
  /** When the token stops being valid, in ms since the epoch (its `exp`). */
  expiresAt: number
}

/** The person and expiry of a valid token, or null for anything else (signature, alg, claims, expiry). */
export async function verifySessionToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<VerifiedSession | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'sid'],
      currentDate: now,
    })
    // The subject becomes a uuid query parameter; anything else could never name a person.
    const { sub, sid, exp } = payload
    if (!sub || !uuidPattern.test(sub) || exp === undefined) return null
    if (typeof sid !== 'string' || !uuidPattern.test(sid)) return null
    return { personId: sub, sessionId: sid, expiresAt: exp * 1000 }
  } catch {
    return null
  }
}
