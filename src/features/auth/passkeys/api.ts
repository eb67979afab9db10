/** The passkey calls of contract/paths.ts (issue 17); the WebAuthn ceremony is in ceremony.ts. */
import * as v from 'valibot'
import { loginResponse } from '../../../../contract/auth'
import { messageResponse } from '../../../../contract/http'
import { passkeyPaths as apiPaths } from '../../../../contract/passkey-paths'
import {
  passkeyListResponse,
  passkeyLoginRequest,
  passkeyOptionsResponse,
  passkeyRegisterRequest,
  passkeyRegisterResponse,
  passkeyRemoveRequest,
} from '../../../../contract/passkeys'
import { apiRequest, checked } from '../../../api/client'

export const passkeyKeys = { list: ['passkeys'] as const }

export const passkeyLoginOptions = () =>
  apiRequest(apiPaths.passkeyLoginOptions, { method: 'POST', schema: passkeyOptionsResponse })

export const passkeyLogin = (credential: unknown) =>
  apiRequest(apiPaths.passkeyLogin, {
    method: 'POST',
    body: checked(passkeyLoginRequest, { credential } as v.InferInput<typeof passkeyLoginRequest>),
    schema: loginResponse,
  })

export const passkeyRegisterOptions = () =>
  apiRequest(apiPaths.passkeyRegisterOptions, { method: 'POST', schema: passkeyOptionsResponse })

export const passkeyRegister = (credential: unknown) =>
  apiRequest(apiPaths.passkeyRegister, {
    method: 'POST',
    body: checked(passkeyRegisterRequest, {
      credential,
    } as v.InferInput<typeof passkeyRegisterRequest>),
    schema: passkeyRegisterResponse,
  })

export const passkeyList = () => apiRequest(apiPaths.passkeys, { schema: passkeyListResponse })

export const passkeyRemove = (id: string, endOtherSessions: boolean) =>
  apiRequest(apiPaths.passkey(id), {
    method: 'DELETE',
    body: checked(passkeyRemoveRequest, { end_other_sessions: endOtherSessions }),
    schema: messageResponse,
  })

export const isPasskeyOptions = (value: unknown) => v.is(passkeyOptionsResponse, value)
