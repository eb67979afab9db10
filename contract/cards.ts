/**
 * Member cards (spec §3, §7): the list, each card's layouts and the keys that prove a pass at the
 * gate. The snapshot the service worker paints is in worker-messages.ts.
 */
import * as v from 'valibot'
import { base64File } from './contracts'
import { nullableString, requestObject } from './http'

const intInRange = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message))

/** POST /client/rql/cards: page through one contract's cards (spec page size 10, offset 0). */
export const cardsRequest = requestObject({
  sort: v.optional(
    v.array(
      requestObject({
        field: v.picklist(
          ['code', 'expiration_date', 'name', 'created_at'],
          'Campo de ordenação inválido.',
        ),
        direction: v.optional(v.picklist(['asc', 'desc'], 'Direção de ordenação inválida.'), 'asc'),
      }),
      'A ordenação deve ser uma lista.',
    ),
    [],
  ),
  offset: v.optional(intInRange(0, 100_000, 'offset deve ser um inteiro entre 0 e 100000.'), 0),
  limit: v.optional(intInRange(1, 100, 'limit deve ser um inteiro entre 1 e 100.'), 10),
  filter: requestObject({
    contract_id: v.pipe(v.string('Informe o contrato.'), v.nonEmpty('Informe o contrato.')),
  }),
})
export type CardsRequest = v.InferOutput<typeof cardsRequest>

export const card = v.object({
  id: v.string(),
  status: v.string(),
  code: v.string(),
  expiration_date: nullableString,
  person: v.object({ name: v.string() }),
  image: v.nullish(base64File, null),
  /**
   * Beyond the spec: a short EdDSA-signed pass (compact JWS) that proves the card offline at the
   * gate; verified against /socios-api/.well-known/jwks.json.
   */
  pass: nullableString,
})
export type Card = v.InferOutput<typeof card>

export const cardsResponse = v.object({ cards: v.array(card), total: v.optional(v.number()) })
export type CardsResponse = v.InferOutput<typeof cardsResponse>

/** GET /client/card-visualize/{cardId}: untrusted markup, sanitized before it is stored or shown. */
export const cardLayouts = v.object({ frontLayout: v.string(), backLayout: v.string() })
export type CardLayouts = v.InferOutput<typeof cardLayouts>

/** The public keys of member passes (RFC 7517), Ed25519 only. */
export const jwks = v.object({
  keys: v.array(
    v.looseObject({
      kty: v.literal('OKP'),
      crv: v.literal('Ed25519'),
      x: v.string(),
      kid: v.string(),
      alg: v.optional(v.string()),
      use: v.optional(v.string()),
    }),
  ),
})
export type Jwks = v.InferOutput<typeof jwks>
