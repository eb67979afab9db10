/** "Débito automático via Pix" of a holder's contract (Pix Automático, decision 025). */
import type { Operation } from '../operation'
import { paymentLinkQuery } from '../payments'
import {
  enrolPixAutomaticoRequest,
  linkPixAutomaticoRequest,
  noRecurrence,
  recurrenceView,
} from '../pix-automatico'
import { badBody, error, holderErrors, idParam, payingErrors } from './answers'

export const enrolPixAutomatico = {
  id: 'enrolPixAutomatico',
  method: 'POST',
  path: '/client/contract/{id}/pix-automatico',
  summary:
    'Adere ao débito automático via Pix: cria a autorização no banco e devolve o QR (com o Pix do que vence agora), ou envia o pedido ao banco do titular (jornada 1).',
  tag: 'payments',
  access: 'holder',
  params: idParam,
  body: enrolPixAutomaticoRequest,
  bodyOptional: true,
  answers: {
    200: recurrenceView,
    201: recurrenceView,
    ...badBody,
    ...holderErrors,
    404: error,
    409: error,
    422: error,
    502: error,
    503: error,
  },
} as const satisfies Operation

export const getPixAutomatico = {
  id: 'getPixAutomatico',
  method: 'GET',
  path: '/client/contract/{id}/pix-automatico',
  summary: 'O débito automático via Pix do contrato e o seu estado no banco.',
  tag: 'payments',
  access: 'holder',
  params: idParam,
  answers: { 200: recurrenceView, ...holderErrors, 404: noRecurrence },
} as const satisfies Operation

export const cancelPixAutomatico = {
  id: 'cancelPixAutomatico',
  method: 'DELETE',
  path: '/client/contract/{id}/pix-automatico',
  summary: 'Cancela o débito automático via Pix no banco.',
  tag: 'payments',
  access: 'holder',
  params: idParam,
  answers: { 200: recurrenceView, ...holderErrors, 404: error, 409: error, 502: error, 503: error },
} as const satisfies Operation

/**
 * Beyond the spec: "Débito automático via Pix" from the payment link, where it allows recurrence
 * (decision 025), here and not with the checkout's calls, which the installed app carries: the link's contract enrols as its holder would from Pagamentos. Cancelling is
 * the holder's, from the portal.
 */
export const enrolPixAutomaticoByLink = {
  id: 'enrolPixAutomaticoByLink',
  method: 'POST',
  path: '/checkout/pix-automatico',
  summary:
    'Adere ao débito automático via Pix pelo link (onde ele aceita recorrência): a autorização no banco e o QR.',
  tag: 'checkout',
  access: 'public',
  body: linkPixAutomaticoRequest,
  answers: { 200: recurrenceView, 201: recurrenceView, ...payingErrors },
} as const satisfies Operation

export const getPixAutomaticoByLink = {
  id: 'getPixAutomaticoByLink',
  method: 'GET',
  path: '/checkout/pix-automatico',
  summary: 'O débito automático via Pix do contrato do link e o seu estado no banco.',
  tag: 'checkout',
  access: 'public',
  query: paymentLinkQuery,
  answers: { 200: recurrenceView, 400: error, 404: noRecurrence, 422: error, 503: error },
} as const satisfies Operation
