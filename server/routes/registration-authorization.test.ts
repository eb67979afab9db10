/**
 * docs/design.md §6 for the registration saves: a holder reaches only their own contract, holder and
 * dependents; anything else answers 404 and writes nothing (the refusal's key aside). Without a
 * session every registration route answers 401, dependent types included.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Contract } from '../../contract/contracts'
import { demoIds } from '../demo/seed'
import { backends, changeCounts, refusalKeyOnly, watchWrites } from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  dependentCreate,
  dependentEdit,
  holderSave,
  paths,
  postSave,
  readContract,
} from '../testing/registration'

type Json = Record<string, unknown>
type Body = (ana: Contract, davi: Contract) => Json

const contractNotFound = 'Contrato não encontrado.'
const holderNotFound = 'Titular não encontrado.'
const dependentNotFound = 'Dependente não encontrado.'
const pedro = demoIds.ana.pedro.dependent

/** Ana's own save with some ids swapped for someone else's. */
const holderWith =
  (ids: { contract?: string; holder?: string; person?: string; personId?: string }): Body =>
  (ana) => {
    const body = holderSave(ana)
    const holder = body.holder as Json
    if (ids.contract) body.contract_id = ids.contract
    if (ids.holder) holder.id = ids.holder
    if (ids.person) holder.person_id = ids.person
    if (ids.personId) (holder.person as Json).id = ids.personId
    return body
  }

const holderCases: [string, Body, string][] = [
  ["Bruno's contract", holderWith({ contract: demoIds.bruno.active.contract }), contractNotFound],
  ["Carla's contract", holderWith({ contract: demoIds.carla.contract }), contractNotFound],
  ['a contract that does not exist', holderWith({ contract: randomUUID() }), contractNotFound],
  [
    "Bruno's contract and holder",
    holderWith({
      contract: demoIds.bruno.active.contract,
      holder: demoIds.bruno.active.holder,
      person: demoIds.bruno.person,
    }),
    contractNotFound,
  ],
  [
    "Bruno's holder id on her contract",
    holderWith({ holder: demoIds.bruno.active.holder }),
    holderNotFound,
  ],
  [
    "Bruno's person as holder.person_id",
    holderWith({ person: demoIds.bruno.person }),
    holderNotFound,
  ],
  [
    "Pedro's person as person.id",
    holderWith({ personId: demoIds.ana.pedro.person }),
    holderNotFound,
  ],
]

const dependentCases: [string, Body, string][] = [
  [
    "a new dependent on Bruno's contract",
    () => dependentCreate(demoIds.bruno.overdue.contract),
    contractNotFound,
  ],
  [
    "a new dependent on Davi's contract",
    () => dependentCreate(demoIds.davi.contract),
    contractNotFound,
  ],
  [
    'Pedro, sent with a contract that does not exist',
    (ana) => ({ ...dependentEdit(ana, pedro), contract_id: randomUUID() }),
    contractNotFound,
  ],
  [
    "Davi's dependent on her contract",
    (ana, davi) => {
      const body = dependentEdit(ana, pedro)
      ;(body.dependent as Json).id = davi.dependents[0]?.id
      return body
    },
    dependentNotFound,
  ],
  [
    'a dependent that does not exist',
    (ana) => {
      const body = dependentEdit(ana, pedro)
      ;(body.dependent as Json).id = randomUUID()
      return body
    },
    dependentNotFound,
  ],
  [
    "Pedro with Maria's person id",
    (ana) => {
      const body = dependentEdit(ana, pedro)
      ;(body.dependent as Json).person_id = demoIds.ana.maria.person
      return body
    },
    dependentNotFound,
  ],
  [
    "Pedro with Ana's person as person.id",
    (ana) =>
      dependentEdit(ana, pedro, (person) => Object.assign(person, { id: demoIds.ana.person })),
    dependentNotFound,
  ],
]

describe.each(backends)('registration saves reach only her own records (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana', 'davi'] })
  let ana: Contract
  let davi: Contract
  let writes: Awaited<ReturnType<typeof watchWrites>>
  beforeAll(async () => {
    // Davi (whose contract is in review) may still add one: a dependent of another contract.
    const created = await postSave(
      server.app,
      paths.dependent,
      tokens.davi,
      dependentCreate(demoIds.davi.contract),
    )
    if (created.status !== 200) throw new Error(`dependente de Davi: ${created.text}`)
    ana = await readContract(server.app, tokens.ana, demoIds.ana.contract)
    davi = await readContract(server.app, tokens.davi, demoIds.davi.contract)
    writes = await watchWrites(server)
  })

  async function expectNotFound(path: string, body: Json, message: string) {
    const { result: answer, changes } = await writes.during(() =>
      postSave(server.app, path, tokens.ana, body),
    )
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 404, body: { message } })
    expect(changeCounts(changes)).toEqual(refusalKeyOnly)
  }

  it.each(holderCases)('photo-holder with %s answers 404', async (_what, body, message) => {
    await expectNotFound(paths.holder, body(ana, davi), message)
  })

  it.each(dependentCases)('add-dependent with %s answers 404', async (_what, body, message) => {
    await expectNotFound(paths.dependent, body(ana, davi), message)
  })

  it.each([
    ['photo-holder', paths.holder],
    ['add-dependent', paths.dependent],
    ['rql/dependent-types', paths.types],
  ])('%s answers 401 without a session or with a bad one', async (_route, path) => {
    const { changes } = await writes.during(async () => {
      for (const authorization of [undefined, 'Bearer nao-e-um-token', `Bearer ${tokens.ana}x`]) {
        const response = await server.app.request(path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
            ...(authorization ? { authorization } : {}),
          },
          body: JSON.stringify(holderSave(ana)),
        })
        expect(response.status).toBe(401)
        expect(((await response.json()) as { message: string }).message).toContain(
          'faça o login novamente',
        )
      }
    })
    expect(changes).toEqual([])
  })
})
