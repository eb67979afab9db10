/** "Débito automático via Pix" of a holder's contract (Pix Automático, decision 025). */
import type { Operation } from '../operation'
import { noRecurrence, recurrenceView } from '../pix-automatico'
import { error, holderErrors, idParam } from './answers'

export const enrolPixAutomatico = {
  id: 'enrolPixAutomatico',
  method: 'POST',
  path: '/client/contract/{id}/pix-automatico',
  summary:
    'Adere ao débito automático via Pix: cria a autorização no banco e devolve o QR (com o Pix do que vence agora).',
  tag: 'payments',
  access: 'holder',
  params: idParam,
  answers: {
    200: recurrenceView,
    201: recurrenceView,
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
