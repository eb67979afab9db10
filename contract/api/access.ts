/** Entering and leaving: the code by e-mail or WhatsApp, its login, and the sessions' end. */
import { generateCodeRequest, loginRequest, loginResponse } from '../auth'
import { messageResponse } from '../http'
import type { Operation } from '../operation'
import { badBody, error, holderErrors } from './answers'
import { barePaths } from './bare-paths'

export const generateCode = {
  id: 'generateCode',
  method: 'POST',
  path: '/client/generate-code',
  summary: 'Envia um código de entrada por e-mail ou WhatsApp.',
  tag: 'access',
  access: 'public',
  body: generateCodeRequest,
  answers: { 200: messageResponse, ...badBody, 429: error },
} as const satisfies Operation

export const login = {
  id: 'login',
  method: 'POST',
  path: '/client/login',
  summary: 'Troca o código de entrada por uma sessão.',
  tag: 'access',
  access: 'public',
  body: loginRequest,
  answers: { 200: loginResponse, ...badBody, 429: error },
} as const satisfies Operation

export const logout = {
  id: 'logout',
  method: 'POST',
  path: barePaths.logout,
  summary: 'Encerra esta sessão.',
  tag: 'access',
  access: 'holder',
  answers: { 200: messageResponse, ...holderErrors },
} as const satisfies Operation

export const logoutAll = {
  id: 'logoutAll',
  method: 'POST',
  path: '/client/logout-all',
  summary: 'Encerra todas as sessões da pessoa.',
  tag: 'access',
  access: 'holder',
  answers: { 200: messageResponse, ...holderErrors },
} as const satisfies Operation
