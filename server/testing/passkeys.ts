/**
 * A software authenticator for the API tests: a P-256 key made here, answering WebAuthn
 * challenges as a platform authenticator would (packed as "none" attestation, user present and
 * verified). It can also sign for another relying party or origin, to prove the server refuses.
 * The browser journeys use Chromium's virtual authenticator instead (tests/e2e/passkeys.test.ts).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'
import type { App } from '../app'
import { bearer, postJson } from './index'

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes))

export const testOrigin = 'http://localhost:8080'

export interface Signing {
  /** The relying party whose hash goes into authenticatorData (default: the options'). */
  rpId?: string
  origin?: string
  /** Flags: user verified (default true). */
  verified?: boolean
}

export function softAuthenticator() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const credentialId = new Uint8Array(randomBytes(32))
  let counter = 0
  let userHandle: string | undefined

  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  )

  function authenticatorData(rpId: string, verified: boolean, attested: boolean) {
    const flags = 0x01 | (verified ? 0x04 : 0) | (attested ? 0x40 : 0)
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    const parts: Uint8Array[] = [sha256(rpId), Uint8Array.of(flags), count]
    if (attested) {
      const length = Buffer.alloc(2)
      length.writeUInt16BE(credentialId.length)
      parts.push(new Uint8Array(16), length, credentialId, cosePublicKey)
    }
    return new Uint8Array(Buffer.concat(parts))
  }

  return {
    id: b64(credentialId),
    register(
      options: PublicKeyCredentialCreationOptionsJSON,
      signing: Signing = {},
    ): RegistrationResponseJSON {
      userHandle = options.user.id
      const clientData = JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin: signing.origin ?? testOrigin,
        crossOrigin: false,
      })
      const authData = authenticatorData(
        signing.rpId ?? options.rp.id ?? '',
        signing.verified ?? true,
        true,
      )
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      )
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: isoBase64URL.fromUTF8String(clientData),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
      }
    },
    assert(
      options: PublicKeyCredentialRequestOptionsJSON,
      signing: Signing = {},
    ): AuthenticationResponseJSON {
      counter += 1
      const clientData = JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: signing.origin ?? testOrigin,
        crossOrigin: false,
      })
      const authData = authenticatorData(
        signing.rpId ?? options.rpId ?? '',
        signing.verified ?? true,
        false,
      )
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), privateKey)
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: isoBase64URL.fromUTF8String(clientData),
          authenticatorData: b64(authData),
          signature: b64(new Uint8Array(signature)),
          ...(userHandle ? { userHandle } : {}),
        },
      }
    },
  }
}

export type SoftAuthenticator = ReturnType<typeof softAuthenticator>

const client = '/socios-api/client'

export async function registerOptions(app: App, token: string) {
  const response = await app.request(`${client}/passkey/register-options`, {
    method: 'POST',
    ...bearer(token),
  })
  if (response.status !== 200) throw new Error(`register-options ${response.status}`)
  return ((await response.json()) as { options: PublicKeyCredentialCreationOptionsJSON }).options
}

export async function loginOptions(app: App, env?: unknown) {
  const response = await app.request(
    `${client}/passkey/login-options`,
    { method: 'POST' },
    env as never,
  )
  if (response.status !== 200) throw new Error(`login-options ${response.status}`)
  return ((await response.json()) as { options: PublicKeyCredentialRequestOptionsJSON }).options
}

export const postRegister = (app: App, token: string, body: unknown) =>
  app.request(`${client}/passkey/register`, {
    method: 'POST',
    headers: {
      ...bearer(token).headers,
      'content-type': 'application/json',
      'user-agent':
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    },
    body: JSON.stringify(body),
  })

export const postLogin = (app: App, credential: unknown, env?: unknown) =>
  postJson(app, `${client}/passkey/login`, { credential }, env)

/** Registers a new passkey of `authenticator` for the holder of `token`: its summary. */
export async function registerPasskey(app: App, token: string, authenticator: SoftAuthenticator) {
  const options = await registerOptions(app, token)
  const response = await postRegister(app, token, { credential: authenticator.register(options) })
  if (response.status !== 201)
    throw new Error(`register ${response.status} ${await response.text()}`)
  return ((await response.json()) as { passkey: { id: string } }).passkey
}
