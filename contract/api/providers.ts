/** What the provider's bank and gateway send: notifications, each checked by its own signature. */
import * as v from 'valibot'
import type { Operation } from '../operation'
import { error } from './answers'

export const pixNotification = {
  id: 'pixNotification',
  method: 'POST',
  path: '/webhooks/pix/pix',
  summary: 'Notificação de Pix recebido, do banco (API Pix, webhook com mTLS ou segredo).',
  tag: 'providers',
  access: 'provider',
  body: v.unknown(),
  answers: { 200: { empty: true }, 400: error, 401: error, 404: error },
} as const satisfies Operation

export const gatewayNotification = {
  id: 'gatewayNotification',
  method: 'POST',
  path: '/webhooks/gateway',
  summary: 'Evento assinado do gateway de cartão e boleto.',
  tag: 'providers',
  access: 'provider',
  body: v.unknown(),
  answers: { 200: { empty: true }, 400: error, 401: error, 404: error },
} as const satisfies Operation

export const pixRecurrenceNotification = {
  id: 'pixRecurrenceNotification',
  method: 'POST',
  path: '/webhooks/pix/rec',
  summary:
    'Notificação de recorrência do Pix Automático, do banco (webhookrec; assinada como a de Pix).',
  tag: 'providers',
  access: 'provider',
  body: v.unknown(),
  answers: { 200: { empty: true }, 400: error, 401: error, 404: error },
} as const satisfies Operation

export const pixRecurringChargeNotification = {
  id: 'pixRecurringChargeNotification',
  method: 'POST',
  path: '/webhooks/pix/cobr',
  summary:
    'Notificação de cobrança recorrente do Pix Automático, do banco (webhookcobr; assinada como a de Pix).',
  tag: 'providers',
  access: 'provider',
  body: v.unknown(),
  answers: { 200: { empty: true }, 400: error, 401: error, 404: error },
} as const satisfies Operation
