/**
 * docs/design.md §6: a holder reaches only their own contracts, and anything else answers 404 with a
 * message — never 500, never a write. Every /client/* route that takes an id belongs in `routes`.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../app'
import { demoEmails, demoIds } from '../demo/seed'
import { loadPassKeys } from '../services/passes'
import { backends, changeCounts, refusalKeyOnly, watchWrites } from '../testing'
import { useTestServer } from '../testing/hooks'
import { freshCpf } from '../testing/registration'

type Call = (app: App, id: string, headers: Record<string, string>) => Response | Promise<Response>

const client = '/socios-api/client'

/** Ana's registration as the form sends it: valid, so only the contract id decides. */
const anaPerson = {
  first_name: 'Ana Paula',
  last_name: 'Souza',
  birth_date: '1985-03-14',
  gender: 'Feminino',
  email: demoEmails.ana,
  documents: { rg: '284563217', cpf: '52998224725' },
  phone: { number_ddi: '55', number: '11987654321' },
  address: {
    cep: '01310100',
    state: 'SP',
    city: 'São Paulo',
    country: 'Brasil',
    street: 'Avenida Paulista',
    neighborhood: 'Bela Vista',
    number: '1000',
    complement: 'Apto 42',
  },
  files_attached: [{ id: demoIds.ana.file }],
}

/**
 * Ana's holder version as her contract read serves it, so her own save is not stale; any
 * timestamp when the read is refused (no session), where the save is refused too.
 */
async function anaHolderVersion(app: App, headers: Record<string, string>): Promise<string> {
  const response = await app.request(`${client}/contract/${demoIds.ana.contract}`, { headers })
  if (response.status !== 200) return new Date().toISOString()
  return ((await response.json()) as { holder: { updated_at: string } }).holder.updated_at
}

/** A registration save (which needs an Idempotency-Key) whose body names the contract `id`. */
const save =
  (path: string, body: (id: string, version: string) => unknown): Call =>
  async (app, id, headers) =>
    app.request(`${client}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...headers },
      body: JSON.stringify(body(id, await anaHolderVersion(app, headers))),
    })

const routes: [string, Call][] = [
  [
    'GET /client/contract/:id',
    (app, id, headers) => app.request(`${client}/contract/${encodeURIComponent(id)}`, { headers }),
  ],
  [
    'GET /client/view-contract/:id',
    (app, id, headers) =>
      app.request(`${client}/view-contract/${encodeURIComponent(id)}`, { headers }),
  ],
  [
    'GET /client/term/contract?id=',
    (app, id, headers) =>
      app.request(`${client}/term/contract?id=${encodeURIComponent(id)}`, { headers }),
  ],
  [
    'POST /client/term/contract/acept/:contractId',
    (app, id, headers) =>
      app.request(`${client}/term/contract/acept/${encodeURIComponent(id)}`, {
        method: 'POST',
        headers,
      }),
  ],
  [
    'GET /client/contract/payment-orders/:id/calendar',
    (app, id, headers) =>
      app.request(`${client}/contract/payment-orders/${encodeURIComponent(id)}/calendar`, {
        headers,
      }),
  ],
  [
    'POST /client/rql/cards',
    (app, id, headers) =>
      app.request(`${client}/rql/cards`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ sort: [], offset: 0, limit: 10, filter: { contract_id: id } }),
      }),
  ],
  [
    'POST /client/photo-holder',
    save('photo-holder', (id, version) => ({
      contract_id: id,
      updated_at: version,
      holder: { id: demoIds.ana.holder, person_id: demoIds.ana.person, person: anaPerson },
    })),
  ],
  [
    'POST /client/add-dependent',
    save('add-dependent', (id) => ({
      contract_id: id,
      dependent: {
        dependent_type: { id: demoIds.dependentTypes.child },
        person: {
          ...anaPerson,
          first_name: 'Lia',
          email: 'lia.souza@exemplo.com.br',
          // Her own CPF: one person per CPF, and Ana's is Ana's.
          documents: { rg: '284563218', cpf: freshCpf() },
          files_attached: [],
        },
      },
    })),
  ],
]

/** The registration saves: a refusal is answered once, so its Idempotency-Key is kept. */
const keyedSaves = new Set(['POST /client/photo-holder', 'POST /client/add-dependent'])

const foreignIds: [string, string][] = [
  ["Bruno's active contract", demoIds.bruno.active.contract],
  ["Bruno's overdue contract", demoIds.bruno.overdue.contract],
  ["Carla's contract, terms not accepted", demoIds.carla.contract],
  ['a contract that does not exist', randomUUID()],
  ["Ana's own person id", demoIds.ana.person],
  ['an id that is not a uuid', 'nao-e-um-id'],
  ['a uuid with a tail', `${demoIds.ana.contract}x`],
  ['SQL in the id', "1' or '1'='1"],
]

describe.each(backends)('client routes with an id (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'] })
  let writes: Awaited<ReturnType<typeof watchWrites>>
  beforeAll(async () => {
    // The cards' signing key is stored on first use, by whichever request comes first: made
    // here, so no refused request below is charged with it.
    await loadPassKeys(server.db)
    writes = await watchWrites(server)
  })

  const cases = routes.flatMap(([route, call]) =>
    foreignIds.map(([what, id]) => [route, what, call, id] as const),
  )

  it.each(cases)('%s with %s answers 404 and writes nothing', async (route, _what, call, id) => {
    const { result: response, changes } = await writes.during(() =>
      call(server.app, id, { authorization: `Bearer ${tokens.ana}` }),
    )
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Contrato não encontrado.' })
    // No row of any table changed; a refused registration save keeps its idempotency key.
    expect(changeCounts(changes)).toEqual(keyedSaves.has(route) ? refusalKeyOnly : [])
  })

  it.each(routes)('%s answers 401 without a session', async (_route, call) => {
    const response = await call(server.app, demoIds.ana.contract, {})
    expect(response.status).toBe(401)
    expect(((await response.json()) as { message: string }).message).toContain(
      'faça o login novamente',
    )
  })

  it.each(routes)('%s answers 200 for her own contract', async (_route, call) => {
    const response = await call(server.app, demoIds.ana.contract, {
      authorization: `Bearer ${tokens.ana}`,
    })
    expect(response.status).toBe(200)
  })
})
