/** The passkey calls (contract/api/passkeys.ts, issue 17); the WebAuthn ceremony is in ceremony.ts. */
import * as v from 'valibot'
import {
  listPasskeys,
  passkeyLogin as passkeyLoginOperation,
  passkeyLoginOptions as passkeyLoginOptionsOperation,
  passkeyRegister as passkeyRegisterOperation,
  passkeyRegisterOptions as passkeyRegisterOptionsOperation,
  removePasskey,
} from '../../../../contract/api/passkeys'
import { passkeyOptionsResponse } from '../../../../contract/passkeys'
import { call } from '../../../api/call'

export const passkeyKeys = { list: ['passkeys'] as const }

export const passkeyLoginOptions = () => call(passkeyLoginOptionsOperation)

export const passkeyLogin = (credential: unknown) =>
  call(passkeyLoginOperation, { body: { credential } })

export const passkeyRegisterOptions = () => call(passkeyRegisterOptionsOperation)

export const passkeyRegister = (credential: unknown) =>
  call(passkeyRegisterOperation, { body: { credential } })

export const passkeyList = () => call(listPasskeys)

export const passkeyRemove = (id: string, endOtherSessions: boolean) =>
  call(removePasskey, { params: { id }, body: { end_other_sessions: endOtherSessions } })

export const isPasskeyOptions = (value: unknown) => v.is(passkeyOptionsResponse, value)
