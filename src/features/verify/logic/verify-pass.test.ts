import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { type PassClaims, passAudience, passIssuer, reasons, verifyPass } from './verify-pass'

const now = new Date('2026-11-22T12:00:00Z')
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)
let sign: (
  claims: Partial<PassClaims>,
  options?: { exp?: number; issuer?: string },
) => Promise<string>
let jwks: { keys: Record<string, unknown>[] }
let otherKeySign: () => Promise<string>

const base: Omit<PassClaims, 'iat' | 'exp'> = {
  sub: 'CLB-000123-01',
  name: 'Ana Paula Souza',
  card_status: 'ACTIVE',
  contract_status: 'ACTIVE',
  card_expires: '2027-11-22',
}

beforeAll(async () => {
  const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' })
  const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' })
  jwks = { keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA', use: 'sig' }] }
  const build = (claims: Partial<PassClaims>, exp: number, issuer: string) =>
    new SignJWT({ ...base, ...claims })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setSubject(claims.sub ?? base.sub)
      .setIssuer(issuer)
      .setAudience(passAudience)
      .setIssuedAt(seconds(now) - 60)
      .setExpirationTime(exp)
  sign = (claims, options = {}) =>
    build(claims, options.exp ?? seconds(now) + 7 * 86400, options.issuer ?? passIssuer).sign(
      keys.privateKey,
    )
  otherKeySign = () => build({}, seconds(now) + 3600, passIssuer).sign(other.privateKey)
})

describe('member pass verification (offline, against the published key)', () => {
  it('a fresh pass of an active card on an active contract is valid, with the name', async () => {
    expect(await verifyPass(await sign({}), jwks, now)).toEqual({
      valid: true,
      name: 'Ana Paula Souza',
      code: 'CLB-000123-01',
      validUntil: (seconds(now) + 7 * 86400) * 1000,
    })
  })

  it('a tampered pass (payload changed, signature kept) is rejected', async () => {
    const [header, payload, signature] = (await sign({})).split('.')
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        name: 'Intruso',
      }),
    ).toString('base64url')
    const verdict = await verifyPass(`${header}.${forged}.${signature}`, jwks, now)
    expect(verdict).toEqual({ valid: false, reason: reasons.signature })
  })

  it.each([
    ['signed by another key', async () => otherKeySign(), reasons.signature],
    ['from another issuer', async () => sign({}, { issuer: 'outro' }), reasons.signature],
    [
      'past its validity window',
      async () => sign({}, { exp: seconds(now) - 120 }),
      reasons.expired,
    ],
    ['of an inactive card', async () => sign({ card_status: 'INACTIVE' }), reasons.cardInactive],
    [
      'of a card past its own expiry',
      async () => sign({ card_expires: '2026-11-21' }),
      reasons.cardExpired('2026-11-21'),
    ],
    [
      'of an overdue contract',
      async () => sign({ contract_status: 'OVERDUE' }),
      'Contrato INADIMPLENTE.',
    ],
  ])('a pass %s is rejected with its reason', async (_name, make, reason) => {
    const verdict = await verifyPass(await make(), jwks, now)
    expect(verdict.valid).toBe(false)
    expect(verdict.valid ? '' : verdict.reason).toBe(reason)
  })

  it('an expired pass still says whose it was', async () => {
    const verdict = await verifyPass(await sign({}, { exp: seconds(now) - 120 }), jwks, now)
    expect(verdict).toMatchObject({ valid: false, name: 'Ana Paula Souza', code: 'CLB-000123-01' })
  })

  it.each(['', 'hello', 'https://exemplo.com.br', 'a.b'])('%j is not a pass', async (text) => {
    expect(await verifyPass(text, jwks, now)).toEqual({ valid: false, reason: reasons.notAPass })
  })
})
