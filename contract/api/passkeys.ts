/**
 * Passkeys (issue 17), apart from access.ts so /login's first view does not carry them: only
 * the passkey code, loaded on demand, imports this.
 */
import { loginResponse } from '../auth'
import { emptyObjectRequest, messageResponse } from '../http'
import type { Operation } from '../operation'
import {
  passkeyListResponse,
  passkeyLoginRequest,
  passkeyOptionsResponse,
  passkeyRegisterRequest,
  passkeyRegisterResponse,
  passkeyRemoveRequest,
} from '../passkeys'
import { badBody, error, holderErrors, idParam } from './answers'

export const passkeyLoginOptions = {
  id: 'passkeyLoginOptions',
  method: 'POST',
  path: '/client/passkey/login-options',
  summary: 'Opções WebAuthn para entrar com uma passkey.',
  tag: 'access',
  access: 'public',
  body: emptyObjectRequest,
  bodyOptional: true,
  answers: { 200: passkeyOptionsResponse, ...badBody, 429: error },
} as const satisfies Operation

export const passkeyLogin = {
  id: 'passkeyLogin',
  method: 'POST',
  path: '/client/passkey/login',
  summary: 'Entra com uma passkey.',
  tag: 'access',
  access: 'public',
  body: passkeyLoginRequest,
  answers: { 200: loginResponse, ...badBody, 429: error },
} as const satisfies Operation

export const passkeyRegisterOptions = {
  id: 'passkeyRegisterOptions',
  method: 'POST',
  path: '/client/passkey/register-options',
  summary: 'Opções WebAuthn para cadastrar uma passkey.',
  tag: 'access',
  access: 'holder',
  body: emptyObjectRequest,
  bodyOptional: true,
  answers: { 200: passkeyOptionsResponse, ...badBody, ...holderErrors },
} as const satisfies Operation

export const passkeyRegister = {
  id: 'passkeyRegister',
  method: 'POST',
  path: '/client/passkey/register',
  summary: 'Cadastra uma passkey neste aparelho.',
  tag: 'access',
  access: 'holder',
  body: passkeyRegisterRequest,
  answers: { 201: passkeyRegisterResponse, ...badBody, ...holderErrors },
} as const satisfies Operation

export const listPasskeys = {
  id: 'listPasskeys',
  method: 'GET',
  path: '/client/passkeys',
  summary: 'As passkeys da pessoa.',
  tag: 'access',
  access: 'holder',
  answers: { 200: passkeyListResponse, ...holderErrors },
} as const satisfies Operation

export const removePasskey = {
  id: 'removePasskey',
  method: 'DELETE',
  path: '/client/passkeys/{id}',
  summary: 'Remove uma passkey e, se pedido, encerra as outras sessões.',
  tag: 'access',
  access: 'holder',
  params: idParam,
  body: passkeyRemoveRequest,
  bodyOptional: true,
  answers: { 200: messageResponse, ...badBody, ...holderErrors, 404: error },
} as const satisfies Operation
