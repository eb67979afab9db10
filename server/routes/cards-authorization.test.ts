/**
 * docs/design.md §6 for routes that take a card id: a holder reaches only the cards of their own
 * contracts, and anything else answers 404 with a message — never 500, never a write. Routes that
 * take a contract id (rql/cards among them) are in client-authorization.test.ts.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../app'
import { demoIds } from '../demo/seed'
import { backends, watchWrites } from '../testing'
import { useTestServer } from '../testing/hooks'

type Call = (app: App, id: string, headers: Record<string, string>) => Response | Promise<Response>

const client = '/socios-api/client'
const routes: [string, Call][] = [
  [
    'GET /client/card-visualize/:cardId',
    (app, id, headers) =>
      app.request(`${client}/card-visualize/${encodeURIComponent(id)}`, { headers }),
  ],
]

const foreignIds: [string, string][] = [
  ["Bruno's active card", demoIds.bruno.active.card],
  ["Bruno's overdue card", demoIds.bruno.overdue.card],
  ['a card that does not exist', randomUUID()],
  ["Ana's own contract id", demoIds.ana.contract],
  ["Ana's own person id", demoIds.ana.person],
  ['an id that is not a uuid', 'nao-e-um-id'],
  ['a uuid with a tail', `${demoIds.ana.cards.ana}x`],
  ['SQL in the id', "1' or '1'='1"],
]

describe.each(backends)('client routes with a card id (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'] })
  let writes: Awaited<ReturnType<typeof watchWrites>>
  beforeAll(async () => {
    writes = await watchWrites(server)
  })

  const cases = routes.flatMap(([route, call]) =>
    foreignIds.map(([what, id]) => [route, what, call, id] as const),
  )

  it.each(cases)('%s with %s answers 404 and writes nothing', async (_route, _what, call, id) => {
    const { result: response, changes } = await writes.during(() =>
      call(server.app, id, { authorization: `Bearer ${tokens.ana}` }),
    )
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Carteirinha não encontrada.' })
    // No row of any table changed.
    expect(changes).toEqual([])
  })

  it.each(routes)('%s answers 401 without a session', async (_route, call) => {
    const response = await call(server.app, demoIds.ana.cards.ana, {})
    expect(response.status).toBe(401)
    expect(((await response.json()) as { message: string }).message).toContain(
      'faça o login novamente',
    )
  })

  it.each(routes)('%s answers 200 for her own card', async (_route, call) => {
    const response = await call(server.app, demoIds.ana.cards.pedro, {
      authorization: `Bearer ${tokens.ana}`,
    })
    expect(response.status).toBe(200)
  })
})
