import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from 'jose'
import { formatDate } from '../../../lib/dates'
import { contractAdmitsEntry, contractStatusChip } from '../../../lib/status'

/** Who signs member passes and who they are for (the server uses the same names). */
export const passIssuer = 'portal-do-titular'
export const passAudience = 'portal-do-titular-portaria'

export type PassClaims = {
  /** The card's registration code. */
  sub: string
  name: string
  card_status: string
  contract_status: string
  /** The card's own expiry date, YYYY-MM-DD. */
  card_expires: string
  iat: number
  /** End of the pass's validity window (it is refreshed whenever the app is online). */
  exp: number
}

export type Verdict =
  | { valid: true; name: string; code: string; validUntil: number }
  | { valid: false; reason: string; name?: string; code?: string }

export const reasons = {
  signature: 'Assinatura inválida: este passe não foi emitido pelo clube ou foi alterado.',
  expired: 'Passe expirado: peça ao titular para abrir o app com internet e mostrar de novo.',
  cardInactive: 'Carteirinha inativa.',
  cardExpired: (date: string) => `Carteirinha vencida em ${formatDate(date)}.`,
  contract: (status: string) => `Contrato ${contractStatusChip(status).label}.`,
  notAPass: 'O código lido não é um passe de carteirinha.',
} as const

const compactJws = /^[\w-]+\.[\w-]+\.[\w-]+$/

/**
 * Checks a pass offline against the published keys: signature, validity window, then the
 * card and contract it speaks for. Pure apart from the clock, which the caller passes.
 */
export async function verifyPass(text: string, jwks: JSONWebKeySet, now: Date): Promise<Verdict> {
  const token = text.trim()
  if (!compactJws.test(token)) return { valid: false, reason: reasons.notAPass }
  let claims: PassClaims
  try {
    const { payload } = await jwtVerify<PassClaims>(token, createLocalJWKSet(jwks), {
      algorithms: ['EdDSA', 'Ed25519'],
      issuer: passIssuer,
      audience: passAudience,
      currentDate: now,
      clockTolerance: 30,
      requiredClaims: ['sub', 'exp', 'iat'],
    })
    claims = payload as PassClaims
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const payload = error.payload as Partial<PassClaims>
      return { valid: false, reason: reasons.expired, name: payload.name, code: payload.sub }
    }
    return { valid: false, reason: reasons.signature }
  }
  const who = { name: claims.name, code: claims.sub }
  if (claims.card_status !== 'ACTIVE') return { valid: false, reason: reasons.cardInactive, ...who }
  if (claims.card_expires && claims.card_expires < now.toISOString().slice(0, 10))
    return { valid: false, reason: reasons.cardExpired(claims.card_expires), ...who }
  if (!contractAdmitsEntry(claims.contract_status))
    return { valid: false, reason: reasons.contract(claims.contract_status), ...who }
  return { valid: true, ...who, validUntil: claims.exp * 1000 }
}
