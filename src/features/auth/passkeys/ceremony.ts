/**
 * The WebAuthn ceremonies through @simplewebauthn/browser. Loaded on demand (a click on "Entrar
 * com passkey", or after /login's first paint for autofill), so /login's first view carries none
 * of it (tests/size/budgets.test.ts).
 */
import {
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser'
import { passkeyLogin, passkeyLoginOptions, passkeyRegister, passkeyRegisterOptions } from './api'

/**
 * Signs in with a passkey: a challenge from the server, the device's prompt (or, with
 * `autofill`, the passkeys offered in the e-mail field's suggestions), then the session token.
 */
export async function loginWithPasskey({ autofill = false } = {}): Promise<string> {
  const { options } = await passkeyLoginOptions()
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  })
  const { token } = await passkeyLogin(credential)
  return token
}

/** Whether this browser offers passkeys in a field's autofill (conditional mediation). */
export const autofillAvailable = () => browserSupportsWebAuthnAutofill()

/** Stops a pending prompt (the autofill one when the screen goes away). */
export const cancelPasskeyPrompt = () => WebAuthnAbortService.cancelCeremony()

/** Registers a passkey of this device for the person logged in: the server's confirmation. */
export async function registerPasskey() {
  const { options } = await passkeyRegisterOptions()
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  })
  return passkeyRegister(credential)
}
