/** Member cards, and the public keys a gate checks their signed passes with. */
import { cardLayouts as cardLayoutsResponse, cardsRequest, cardsResponse, jwks } from '../cards'
import { idField } from '../http'
import type { Operation } from '../operation'
import { badBody, error, holderErrors } from './answers'

export const cardKeys = {
  id: 'cardKeys',
  method: 'GET',
  path: '/.well-known/jwks.json',
  summary: 'Chaves públicas que verificam a carteirinha assinada (QR).',
  tag: 'cards',
  access: 'public',
  answers: { 200: jwks },
} as const satisfies Operation

export const listCards = {
  id: 'listCards',
  method: 'POST',
  path: '/client/rql/cards',
  summary: 'As carteirinhas do contrato.',
  tag: 'cards',
  access: 'holder',
  body: cardsRequest,
  answers: { 200: cardsResponse, ...badBody, ...holderErrors, 404: error },
} as const satisfies Operation

export const cardLayouts = {
  id: 'cardLayouts',
  method: 'GET',
  path: '/client/card-visualize/{cardId}',
  summary: 'Frente e verso de uma carteirinha, prontos para mostrar.',
  tag: 'cards',
  access: 'holder',
  params: { cardId: idField },
  answers: { 200: cardLayoutsResponse, ...holderErrors, 404: error },
} as const satisfies Operation
