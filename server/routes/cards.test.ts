import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { cardsResponse } from '../../contract/cards'
import { demoIds } from '../demo/seed'
import { backends } from '../testing'
import { useTestServer } from '../testing/hooks'

const path = '/socios-api/client/rql/cards'
const contractNotFound = { message: 'Contrato não encontrado.' }
const pngSignature = '89504e470d0a1a0a'

describe.each(backends)('POST /socios-api/client/rql/cards (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana', 'bruno'] })

  const post = (body: unknown, token = tokens.ana, contentType = 'application/json') =>
    server.app.request(path, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  const request = (extra: object = {}, contractId: string = demoIds.ana.contract) => ({
    sort: [],
    offset: 0,
    limit: 10,
    filter: { contract_id: contractId },
    ...extra,
  })

  async function cardsOf(body: unknown, token = tokens.ana) {
    const response = await post(body, token)
    expect(response.status).toBe(200)
    return v.parse(cardsResponse, await response.json())
  }

  it("lists every card of Ana's contract, hers first and then by name, in the §3 shape", async () => {
    const response = await post(request())
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const { cards, total } = v.parse(cardsResponse, await response.json())
    expect(total).toBe(3)
    expect(cards.map((card) => [card.id, card.person.name, card.code, card.status])).toEqual([
      [demoIds.ana.cards.ana, 'Ana Paula Souza', '0001230001', 'ACTIVE'],
      [demoIds.ana.cards.maria, 'Maria Oliveira Souza', '0001230003', 'INACTIVE'],
      [demoIds.ana.cards.pedro, 'Pedro Souza', '0001230002', 'ACTIVE'],
    ])
    for (const card of cards) {
      expect(card.expiration_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(card.pass).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
      const photo = Buffer.from(card.image?.base_64 ?? '', 'base64')
      expect(photo.subarray(0, 8).toString('hex')).toBe(pngSignature)
      expect(photo.length).toBeLessThan(4_096)
    }
  })

  it('applies the documented defaults to a body with only the filter', async () => {
    const { cards, total } = await cardsOf({ filter: { contract_id: demoIds.ana.contract } })
    expect([cards.length, total]).toEqual([3, 3])
  })

  it('pages with offset and limit; total counts the cards before paging', async () => {
    const all = (await cardsOf(request())).cards.map((card) => card.id)
    const page = await cardsOf(request({ offset: 1, limit: 1 }))
    expect(page.total).toBe(3)
    expect(page.cards.map((card) => card.id)).toEqual([all[1]])
    const pages = []
    for (const offset of [0, 1, 2]) {
      pages.push(...(await cardsOf(request({ offset, limit: 1 }))).cards.map((card) => card.id))
    }
    expect(pages).toEqual(all)
    expect(await cardsOf(request({ offset: 3 }))).toEqual({ cards: [], total: 3 })
  })

  it.each([
    [[{ field: 'code', direction: 'desc' }], ['0001230003', '0001230002', '0001230001']],
    [[{ field: 'code' }], ['0001230001', '0001230002', '0001230003']],
    [[{ field: 'name', direction: 'desc' }], ['0001230002', '0001230003', '0001230001']],
    [
      [
        { field: 'expiration_date', direction: 'asc' },
        { field: 'name', direction: 'asc' },
      ],
      ['0001230001', '0001230003', '0001230002'],
    ],
  ])('sorts by %j', async (sort, codes) => {
    const { cards } = await cardsOf(request({ sort }))
    expect(cards.map((card) => card.code)).toEqual(codes)
  })

  it("lists Bruno's card on each of his contracts", async () => {
    for (const [contractId, code] of [
      [demoIds.bruno.active.contract, '0004560001'],
      [demoIds.bruno.overdue.contract, '0007890001'],
    ] as const) {
      const { cards, total } = await cardsOf(request({}, contractId), tokens.bruno)
      expect([total, cards.map((card) => [card.code, card.person.name])]).toEqual([
        1,
        [[code, 'Bruno Henrique Lima']],
      ])
    }
  })

  it.each([
    ["Bruno's contract", demoIds.bruno.active.contract],
    ['a contract that does not exist', randomUUID()],
    ['an id that is not a uuid', 'nao-e-um-id'],
    ["Ana's card id", demoIds.ana.cards.ana],
  ])('answers 404 for %s', async (_what, contractId) => {
    const response = await post(request({}, contractId))
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual(contractNotFound)
  })

  it.each([
    ['no filter', { sort: [], offset: 0, limit: 10 }, undefined],
    ['an empty contract id', request({ filter: { contract_id: '' } }), 'Informe o contrato.'],
    ['a numeric contract id', request({ filter: { contract_id: 5 } }), 'Informe o contrato.'],
    [
      'an unknown filter',
      request({ filter: { contract_id: demoIds.ana.contract, status: 'ACTIVE' } }),
      'Campo não permitido: status.',
    ],
    ['an unknown field', request({ extra: 1 }), 'Campo não permitido: extra.'],
    ['a negative offset', request({ offset: -1 }), 'offset deve ser um inteiro entre 0 e 100000.'],
    ['limit 1000', request({ limit: 1000 }), 'limit deve ser um inteiro entre 1 e 100.'],
    ['limit 0', request({ limit: 0 }), 'limit deve ser um inteiro entre 1 e 100.'],
    ['a fractional limit', request({ limit: 2.5 }), 'limit deve ser um inteiro entre 1 e 100.'],
    ['limit as text', request({ limit: '10' }), 'limit deve ser um inteiro entre 1 e 100.'],
    ['sort as text', request({ sort: 'name' }), 'A ordenação deve ser uma lista.'],
    [
      'an unknown sort field',
      request({ sort: [{ field: 'cpf' }] }),
      'Campo de ordenação inválido.',
    ],
    [
      'an unknown direction',
      request({ sort: [{ field: 'name', direction: 'up' }] }),
      'Direção de ordenação inválida.',
    ],
    ['a list', [request()], undefined],
    ['null', null, undefined],
    ['malformed JSON', '{"filter":', 'JSON inválido.'],
  ])('answers 400 with a message for %s', async (_what, body, message) => {
    const response = await post(body)
    expect(response.status).toBe(400)
    const answer = (await response.json()) as { message: string }
    expect(answer.message).toEqual(message ?? expect.stringMatching(/\S/))
  })

  it('answers 415 for a body that is not JSON', async () => {
    const response = await post(JSON.stringify(request()), tokens.ana, 'text/plain')
    expect(response.status).toBe(415)
  })

  it('answers 401 without a session', async () => {
    const response = await server.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request()),
    })
    expect(response.status).toBe(401)
    expect(((await response.json()) as { message: string }).message).toContain(
      'faça o login novamente',
    )
  })
})
