/**
 * Passkeys (issue 17): registration and login with WebAuthn, and the person's list of them. The
 * credential fields are the JSON that @simplewebauthn/browser makes of the browser's answer;
 * the server checks what they say (signature, challenge, origin, relying party).
 */
import * as v from 'valibot'
import { requestObject } from './http'

const answerMessage = 'Resposta da passkey inválida.'

/** base64url, as WebAuthn's JSON encodes bytes; bounded so no answer can be huge. */
const base64url = (max: number) =>
  v.pipe(
    v.string(answerMessage),
    v.regex(/^[A-Za-z0-9_-]+$/, answerMessage),
    v.maxLength(max, answerMessage),
  )
const optionalBase64url = (max: number) => v.optional(base64url(max))

/** Fields browsers add (extensions, attachment) are let through and ignored. */
const loose = <T extends v.ObjectEntries>(entries: T) =>
  v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
      answerMessage,
    ),
    v.looseObject(entries, answerMessage),
  )

const credentialBase = {
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: v.literal('public-key', answerMessage),
  clientExtensionResults: v.optional(v.looseObject({}, answerMessage), {}),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'], answerMessage)),
}

export const registrationCredential = loose({
  ...credentialBase,
  response: loose({
    clientDataJSON: base64url(4_000),
    attestationObject: base64url(16_000),
    authenticatorData: optionalBase64url(4_000),
    publicKey: optionalBase64url(4_000),
    publicKeyAlgorithm: v.optional(v.number(answerMessage)),
    transports: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(answerMessage), v.maxLength(20, answerMessage))),
        v.maxLength(10, answerMessage),
      ),
    ),
  }),
})

export const authenticationCredential = loose({
  ...credentialBase,
  response: loose({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(4_000),
    signature: base64url(2_000),
    userHandle: optionalBase64url(200),
  }),
})

const credentialMessage = 'Envie a resposta da passkey (credential).'

export const passkeyRegisterRequest = requestObject({
  credential: v.pipe(
    v.unknown(),
    v.check((input) => input !== undefined, credentialMessage),
    registrationCredential,
  ),
  name: v.optional(
    v.pipe(
      v.string('O nome da passkey deve ser um texto.'),
      v.trim(),
      v.nonEmpty('Informe um nome para a passkey.'),
      v.maxLength(60, 'O nome da passkey deve ter no máximo 60 caracteres.'),
    ),
  ),
})
export type PasskeyRegisterRequest = v.InferOutput<typeof passkeyRegisterRequest>

export const passkeyLoginRequest = requestObject({
  credential: v.pipe(
    v.unknown(),
    v.check((input) => input !== undefined, credentialMessage),
    authenticationCredential,
  ),
})
export type PasskeyLoginRequest = v.InferOutput<typeof passkeyLoginRequest>

/** Removing a passkey leaves every session alone unless the person asks to end the others. */
export const passkeyRemoveRequest = requestObject({
  end_other_sessions: v.optional(
    v.boolean('Informe end_other_sessions como verdadeiro ou falso.'),
    false,
  ),
})

/** WebAuthn's options as JSON, handed to @simplewebauthn/browser as they come. */
export const passkeyOptionsResponse = v.object({
  options: v.looseObject({ challenge: v.string() }),
})

export const passkeySummary = v.object({
  id: v.string(),
  name: v.string(),
  device: v.string(),
  created_at: v.string(),
  last_used_at: v.nullable(v.string()),
})
export type PasskeySummary = v.InferOutput<typeof passkeySummary>

export const passkeyListResponse = v.object({ passkeys: v.array(passkeySummary) })
export const passkeyRegisterResponse = v.object({ message: v.string(), passkey: passkeySummary })
