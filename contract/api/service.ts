/** Running the service: health, this document and its page, and the operator's metrics. */
import * as v from 'valibot'
import type { Operation } from '../operation'
import { error } from './answers'

const statusOk = v.object({ status: v.literal('ok') })

export const health = {
  id: 'health',
  method: 'GET',
  path: '/health',
  summary: 'O processo responde.',
  tag: 'operation',
  access: 'public',
  answers: { 200: statusOk },
} as const satisfies Operation

export const healthLive = {
  id: 'healthLive',
  method: 'GET',
  path: '/health/live',
  summary: 'O processo está vivo (liveness).',
  tag: 'operation',
  access: 'public',
  answers: { 200: statusOk },
} as const satisfies Operation

export const healthReady = {
  id: 'healthReady',
  method: 'GET',
  path: '/health/ready',
  summary: 'Banco alcançável e migrações aplicadas (readiness).',
  tag: 'operation',
  access: 'public',
  answers: { 200: statusOk, 503: error },
} as const satisfies Operation

export const openApi = {
  id: 'openApi',
  method: 'GET',
  path: '/openapi.json',
  summary: 'Este documento (OpenAPI 3.1).',
  tag: 'operation',
  access: 'public',
  answers: {
    200: v.looseObject({ openapi: v.string(), paths: v.record(v.string(), v.unknown()) }),
  },
} as const satisfies Operation

export const apiDocs = {
  id: 'apiDocs',
  method: 'GET',
  path: '/docs',
  summary: 'Esta referência, em HTML.',
  tag: 'operation',
  access: 'public',
  answers: { 200: { file: 'text/html' } },
} as const satisfies Operation

export const metrics = {
  id: 'metrics',
  method: 'GET',
  path: '/metrics',
  outsideApi: true,
  summary: 'Métricas no formato do Prometheus, com o token de métricas.',
  tag: 'operation',
  access: 'operator',
  answers: { 200: { file: 'text/plain' }, 401: error, 404: error },
} as const satisfies Operation
