/**
 * Member passes: a short EdDSA (Ed25519) JWT per card that the gate verifies offline against the
 * public key at /socios-api/.well-known/jwks.json. The private key is generated once and kept in
 * the `settings` table (like the session secret), so passes survive restarts and every instance on
 * one database signs with the same key.
 */
import { eq } from 'drizzle-orm'
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from 'jose'
import type { Jwks } from '../../contract/cards'
import type { Database } from '../db/client'
import { settings } from '../db/schema'

/** The same names the gate checks (src/features/verify/logic/verify-pass.ts). */
export const PASS_ISSUER = 'portal-do-titular'
export const PASS_AUDIENCE = 'portal-do-titular-portaria'

const SETTING = 'pass_signing_key'

type PublicJwk = Jwks['keys'][number]

export interface PassKeys {
  privateKey: CryptoKey
  publicJwk: PublicJwk
}

/** What a pass says about its card; `sub` is the card's registration code. */
export interface PassClaims {
  code: string
  name: string
  cardStatus: string
  contractStatus: string
  /** The card's own expiry, YYYY-MM-DD; left out when the card has none. */
  cardExpires: string | null
}

async function readStoredKey(db: Database): Promise<string | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING))
  return row?.value
}

/** Reads the key from the database, generating and storing it the first time. */
export async function loadPassKeys(db: Database): Promise<PassKeys> {
  let stored = await readStoredKey(db)
  if (stored === undefined) {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })
    const value = JSON.stringify(await exportJWK(privateKey))
    // Instances starting together may race: the first insert wins and everyone reads it back.
    await db.insert(settings).values({ key: SETTING, value }).onConflictDoNothing()
    stored = await readStoredKey(db)
    if (stored === undefined) throw new Error('Chave dos passes não encontrada após gravá-la.')
  }
  const jwk = JSON.parse(stored) as JWK
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.x || !jwk.d) {
    throw new Error(`A configuração ${SETTING} não contém uma chave Ed25519 privada.`)
  }
  const privateKey = (await importJWK(jwk, 'EdDSA')) as CryptoKey
  const x = jwk.x
  // RFC 7638 thumbprint: stable for the key, so a future rotation can publish two keys side by side.
  const kid = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x })
  return { privateKey, publicJwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' } }
}

/** One loader per database, so the JWKS route and the card list share the imported key. */
const loaders = new WeakMap<Database, () => Promise<PassKeys>>()

/** Loads the key on first use and remembers it; a failed load is retried next time. */
export function passKeysOf(db: Database): () => Promise<PassKeys> {
  let loader = loaders.get(db)
  if (!loader) {
    let pending: Promise<PassKeys> | undefined
    loader = () => {
      pending ??= loadPassKeys(db).catch((error: unknown) => {
        pending = undefined
        throw error
      })
      return pending
    }
    loaders.set(db, loader)
  }
  return loader
}

export const publicJwks = (keys: PassKeys): Jwks => ({ keys: [keys.publicJwk] })

export async function signPass(
  keys: PassKeys,
  claims: PassClaims,
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT({
    name: claims.name,
    card_status: claims.cardStatus,
    contract_status: claims.contractStatus,
    ...(claims.cardExpires ? { card_expires: claims.cardExpires } : {}),
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: keys.publicJwk.kid, typ: 'JWT' })
    .setSubject(claims.code)
    .setIssuer(PASS_ISSUER)
    .setAudience(PASS_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(keys.privateKey)
}
