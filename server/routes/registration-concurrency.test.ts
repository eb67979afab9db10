/**
 * Concurrent saves of one registration (docs/design.md §5, §6): many saves read the same version and
 * are sent at once, each with its own Idempotency-Key. Exactly one wins (200), every other one
 * is stale (409), none fails (500: a deadlock or a serialization error on PostgreSQL), and the
 * stored data is the winner's.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contracts } from '../db/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, createTestServer, loginAs, type TestServer } from '../testing'
import {
  dependentCreate,
  dependentEdit,
  holderSave,
  newPerson,
  paths,
  postSave,
  readContract,
  type SaveCall,
} from '../testing/registration'

const SAVES = 50
const stale =
  'Estes dados foram alterados em outro lugar. Recarregue para ver a versão mais recente.'

/** A distinct mobile number per save, so the stored row names its winner. */
const mobile = (index: number) => `119${String(10_000_000 + index).slice(1)}`

function expectOneWinner(answers: SaveCall[]) {
  const statuses = answers.map((answer) => answer.status)
  expect(statuses.filter((status) => status >= 500)).toEqual([])
  expect(statuses.filter((status) => status === 200)).toHaveLength(1)
  expect(statuses.filter((status) => status === 409)).toHaveLength(SAVES - 1)
  for (const answer of answers.filter((one) => one.status === 409)) {
    expect(answer.body).toEqual({ message: stale })
  }
  const winner = answers.findIndex((answer) => answer.status === 200)
  return { index: winner, answer: answers[winner] as SaveCall }
}

describe.each(backends)('concurrent registration saves (%s)', (backend) => {
  let server: TestServer
  let token = ''
  let brunoToken = ''
  beforeAll(async () => {
    server = await createTestServer(backend)
    token = await loginAs(server.app, demoEmails.ana)
    brunoToken = await loginAs(server.app, demoEmails.bruno)
  })
  afterAll(() => server.close())
  beforeEach(() => server.reset())

  const contract = () => readContract(server.app, token, demoIds.ana.contract)

  it(`${SAVES} holder saves of one version: one 200, the rest 409, the winner's data stored`, async () => {
    const read = await contract()
    const answers = await Promise.all(
      Array.from({ length: SAVES }, (_, index) =>
        postSave(
          server.app,
          paths.holder,
          token,
          holderSave(read, (person) => {
            person.phone = { number_ddi: '55', number: mobile(index) }
          }),
        ),
      ),
    )
    const winner = expectOneWinner(answers)
    const after = await contract()
    expect(after.holder?.person.phone.number).toBe(mobile(winner.index))
    expect(after.holder?.updated_at).toBe(winner.answer.body.updated_at)
  })

  it(`${SAVES} edits of one dependent of one version: one 200, the rest 409, the winner's data stored`, async () => {
    const read = await contract()
    const dependentId = demoIds.ana.pedro.dependent
    const answers = await Promise.all(
      Array.from({ length: SAVES }, (_, index) =>
        postSave(
          server.app,
          paths.dependent,
          token,
          dependentEdit(read, dependentId, (person) => {
            person.phone = { number_ddi: '55', number: mobile(index) }
          }),
        ),
      ),
    )
    const winner = expectOneWinner(answers)
    const dependent = (await contract()).dependents.find((row) => row.id === dependentId)
    expect(dependent?.person.phone.number).toBe(mobile(winner.index))
    expect(dependent?.updated_at).toBe(winner.answer.body.updated_at)
  })

  it('holder saves and dependent edits sent together: one of each wins, none fails', async () => {
    const read = await contract()
    const dependentId = demoIds.ana.pedro.dependent
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? postSave(server.app, paths.holder, token, holderSave(read))
          : postSave(server.app, paths.dependent, token, dependentEdit(read, dependentId)),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(2)
    expect(statuses.filter((status) => status === 409)).toHaveLength(18)
  })

  it('two holders giving new dependents one e-mail at once: one saved, the other refused alike', async () => {
    const email = 'mesmo.email@exemplo.com.br'
    // Bruno's plan includes no dependents in the demo; room for one here.
    await server.db
      .update(contracts)
      .set({ dependentsIncluded: 1 })
      .where(eq(contracts.id, demoIds.bruno.active.contract))
    const [ana, bruno] = await Promise.all([
      postSave(
        server.app,
        paths.dependent,
        token,
        dependentCreate(demoIds.ana.contract, newPerson({ email })),
      ),
      postSave(
        server.app,
        paths.dependent,
        brunoToken,
        dependentCreate(demoIds.bruno.active.contract, newPerson({ email })),
      ),
    ])
    expect([ana?.status, bruno?.status].sort()).toEqual([200, 422])
    const refused = [ana, bruno].find((answer) => answer?.status === 422)
    expect(refused?.body).toEqual({
      message: 'Não foi possível usar este e-mail. Informe outro e-mail.',
    })
  })
})
