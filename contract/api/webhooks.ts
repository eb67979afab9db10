/**
 * The provider's events (decision 019): the list of the last 30 days, and the webhook endpoints
 * that receive them signed (Standard Webhooks), with their deliveries.
 */
import * as v from 'valibot'
import {
  badBodyProblems,
  idempotencyHeader,
  keyProblems,
  listQuery,
  problemResponse,
} from '../integration'
import type { Operation } from '../operation'
import {
  accepted,
  deliveryPage,
  emptyRequest,
  endpoint,
  endpointList,
  endpointRequest,
  endpointWithSecret,
  eventPage,
  eventsQuery,
  replayRequest,
} from '../webhooks'

const problem = problemResponse
const endpointIdParam = {
  endpointId: v.pipe(v.string(), v.uuid('Identificador de endpoint inválido.')),
}

export const listEvents = {
  id: 'listEvents',
  method: 'GET',
  path: '/integration/v1/events',
  summary:
    'Os eventos dos últimos 30 dias, do mais antigo ao mais novo (para quem consulta em vez de receber webhooks, ou para conferir depois de uma queda).',
  tag: 'integration',
  access: 'integration',
  scope: 'events:read',
  query: eventsQuery,
  answers: { 200: eventPage, 400: problem, ...keyProblems },
} as const satisfies Operation

export const listWebhookEndpoints = {
  id: 'listWebhookEndpoints',
  method: 'GET',
  path: '/integration/v1/webhook-endpoints',
  summary: 'Os endpoints que recebem os eventos (sem os segredos).',
  tag: 'integration',
  access: 'integration',
  scope: 'webhooks:manage',
  answers: { 200: endpointList, ...keyProblems },
} as const satisfies Operation

export const createWebhookEndpoint = {
  id: 'createWebhookEndpoint',
  method: 'POST',
  path: '/integration/v1/webhook-endpoints',
  summary:
    'Cadastra um endpoint (https, fora de redes privadas) e mostra o segredo whsec_ uma única vez.',
  tag: 'integration',
  access: 'integration',
  scope: 'webhooks:manage',
  headers: idempotencyHeader,
  body: endpointRequest,
  answers: {
    201: endpointWithSecret,
    ...badBodyProblems,
    ...keyProblems,
    409: problem,
    422: problem,
  },
} as const satisfies Operation

export const updateWebhookEndpoint = {
  id: 'updateWebhookEndpoint',
  method: 'PUT',
  path: '/integration/v1/webhook-endpoints/{endpointId}',
  summary:
    'Altera URL, descrição, tipos de evento e contato; enabled: false desativa, true reativa.',
  tag: 'integration',
  access: 'integration',
  scope: 'webhooks:manage',
  params: endpointIdParam,
  body: endpointRequest,
  answers: { 200: endpoint, ...badBodyProblems, ...keyProblems, 404: problem, 422: problem },
} as const satisfies Operation

export const deleteWebhookEndpoint = {
  id: 'deleteWebhookEndpoint',
  method: 'DELETE',
  path: '/integration/v1/webhook-endpoints/{endpointId}',
  summary: 'Remove o endpoint e suas entregas.',
  tag: 'integration',
  access: 'integration',
  scope: 'webhooks:manage',
  params: endpointIdParam,
  answers: { 204: { empty: true }, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const rotateWebhookSecret = {
  id: 'rotateWebhookSecret',
  method: 'POST',
  path: '/integration/v1/webhook-endpoints/{endpointId}/rotate-secret',
  summary:
    'Gera um segredo novo (mostrado uma vez); o anterior continua assinando ao lado por 24 h.',
  tag: 'integration',
  access: 'integration',
  scope: 'webhooks:manage',
  params: endpointIdParam,
  headers: idempotencyHeader,
  body: emptyRequest,
  bodyOptional: true,
  answers: {
    200: endpointWithSecret,
    ...badBodyProblems,
    ...keyProblems,
    404: problem,
    409: problem,
    422: problem,
  },
} as const satisfies Operation

export const pingWebhookEndpoint = {
  id: 'pingWebhookEndpoint',
  method: 'POST',
  path: '/integration/v1/webhook-endpoints/{endpointId}/ping',
  summary: 'Envia um evento webhook.ping só para este endpoint.',
  tag: 'integration',
  access: 'integration',
  scope: 'webhooks:manage',
  params: endpointIdParam,
  headers: idempotencyHeader,
  body: emptyRequest,
  bodyOptional: true,
  answers: {
    202: accepted,
    ...badBodyProblems,
    ...keyProblems,
    404: problem,
    409: problem,
    422: problem,
  },
} as const satisfies Operation

export const listWebhookDeliveries = {
  id: 'listWebhookDeliveries',
  method: 'GET',
  path: '/integration/v1/webhook-endpoints/{endpointId}/deliveries',
  summary:
    'As entregas deste endpoint, da mais nova à mais antiga: status, tentativas, último erro.',
  tag: 'integration',
  access: 'integration',
  scope: 'webhooks:manage',
  params: endpointIdParam,
  query: listQuery,
  answers: { 200: deliveryPage, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const retryWebhookDelivery = {
  id: 'retryWebhookDelivery',
  method: 'POST',
  path: '/integration/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/retry',
  summary: 'Reenvia uma entrega agora, com o mesmo webhook-id.',
  tag: 'integration',
  access: 'integration',
  scope: 'webhooks:manage',
  params: {
    ...endpointIdParam,
    deliveryId: v.pipe(v.string(), v.uuid('Identificador de entrega inválido.')),
  },
  headers: idempotencyHeader,
  body: emptyRequest,
  bodyOptional: true,
  answers: {
    202: accepted,
    ...badBodyProblems,
    ...keyProblems,
    404: problem,
    409: problem,
    422: problem,
  },
} as const satisfies Operation

export const replayWebhookEvents = {
  id: 'replayWebhookEvents',
  method: 'POST',
  path: '/integration/v1/webhook-endpoints/{endpointId}/replay',
  summary:
    'Reenvia a este endpoint os eventos de um período (últimos 30 dias), cada um com o seu id de sempre.',
  tag: 'integration',
  access: 'integration',
  scope: 'webhooks:manage',
  params: endpointIdParam,
  headers: idempotencyHeader,
  body: replayRequest,
  answers: {
    202: accepted,
    ...badBodyProblems,
    ...keyProblems,
    404: problem,
    409: problem,
    422: problem,
  },
} as const satisfies Operation
