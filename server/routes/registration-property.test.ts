/**
 * The idempotency property against the real server and database (the memory-store version with
 * many more runs is services/idempotency-rules.property.test.ts): an outbox sends new dependents
 * and edits of Pedro, each up to three times, reordered and in concurrent bursts, some based on
 * a stale version. Every key ends applied at most once, exactly once when it succeeded, every
 * copy gets the same answer, and no dependent exists twice.
 */
import { randomUUID } from 'node:crypto'
import { eq, inArray, notInArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contracts, dependents, idempotencyKeys, persons } from '../db/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, createTestServer, loginAs, type TestServer } from '../testing'
import {
  dependentCreate,
  dependentEdit,
  newPerson,
  paths,
  postSave,
  readContract,
  type SaveCall,
} from '../testing/registration'

const RUNS = 50
const pedro = demoIds.ana.pedro.dependent
const seeded = [pedro, demoIds.ana.maria.dependent]

type Save = { kind: 'create' } | { kind: 'edit'; stale: boolean }

const scenarioArb = fc
  .array(
    fc.record({
      save: fc.oneof(
        fc.constant<Save>({ kind: 'create' }),
        fc.record({ kind: fc.constant('edit' as const), stale: fc.boolean() }),
      ),
      copies: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .chain((saves) => {
    const deliveries = saves.flatMap(({ copies }, index) => Array(copies).fill(index) as number[])
    return fc.record({
      saves: fc.constant(saves.map(({ save }) => save)),
      order: fc.shuffledSubarray(deliveries, {
        minLength: deliveries.length,
        maxLength: deliveries.length,
      }),
      bursts: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 6 }),
    })
  })

describe.each(backends)('registration saves under any delivery order (%s)', (backend) => {
  let server: TestServer
  let token = ''
  beforeAll(async () => {
    server = await createTestServer(backend)
    token = await loginAs(server.app, demoEmails.ana)
    // Room for every create of a run: the limit has its own tests.
    await server.db
      .update(contracts)
      .set({ dependentsIncluded: 1_000 })
      .where(eq(contracts.id, demoIds.ana.contract))
  })
  afterAll(() => server.close())

  /** Cheaper than a full reset: drop what a run created, keep the demo data. */
  async function forgetRun() {
    const created = await server.db
      .delete(dependents)
      .where(notInArray(dependents.id, seeded))
      .returning({ person: dependents.personId })
    if (created.length > 0) {
      const ids = created.map((row) => row.person)
      await server.db.delete(persons).where(inArray(persons.id, ids))
    }
    await server.db.delete(idempotencyKeys)
  }

  it(`applies each key once whatever the order (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ saves, order, bursts }) => {
        await forgetRun()
        const contract = await readContract(server.app, token, demoIds.ana.contract)
        const bodies = saves.map((save, index) => {
          if (save.kind === 'create') return dependentCreate(demoIds.ana.contract, newPerson())
          const body = dependentEdit(contract, pedro, (person) => {
            person.phone = { number_ddi: '55', number: `1190000${String(index).padStart(4, '0')}` }
          })
          return save.stale ? { ...body, updated_at: '2000-01-01T00:00:00.000Z' } : body
        })
        const keys = saves.map(() => randomUUID())
        const answers = saves.map((): SaveCall[] => [])

        let next = 0
        for (let burst = 0; next < order.length; burst++) {
          const batch = order.slice(next, next + (bursts[burst % bursts.length] ?? 1))
          next += batch.length
          await Promise.all(
            batch.map(async (index) => {
              const answer = await postSave(
                server.app,
                paths.dependent,
                token,
                bodies[index],
                keys[index],
              )
              answers[index]?.push(answer)
            }),
          )
        }

        const after = await readContract(server.app, token, demoIds.ana.contract)
        const createdIds = after.dependents
          .map((row) => row.id)
          .filter((id) => !seeded.includes(id))
        saves.forEach((save, index) => {
          const got = answers[index] ?? []
          expect(new Set(got.map((answer) => `${answer.status} ${answer.text}`)).size).toBe(1)
          expect(got.filter((answer) => !answer.replayed)).toHaveLength(1)
          const status = got[0]?.status
          if (save.kind === 'create') {
            expect(status).toBe(200)
            expect(createdIds.filter((id) => id === got[0]?.body.id)).toHaveLength(1)
          } else if (save.stale) expect(status).toBe(409)
        })
        // One dependent per create key, none more.
        expect(createdIds).toHaveLength(saves.filter((save) => save.kind === 'create').length)
        // Edits all based on the same read: exactly one wins, and Pedro shows its phone.
        const edits = saves.flatMap((save, index) =>
          save.kind === 'edit' && !save.stale ? [index] : [],
        )
        const won = edits.filter((index) => answers[index]?.[0]?.status === 200)
        expect(won).toHaveLength(edits.length > 0 ? 1 : 0)
        const phone = after.dependents.find((row) => row.id === pedro)?.person.phone.number
        if (won[0] !== undefined) expect(phone).toBe(`1190000${String(won[0]).padStart(4, '0')}`)
        else
          expect(phone).toBe(
            contract.dependents.find((row) => row.id === pedro)?.person.phone.number,
          )
      }),
      { numRuns: RUNS },
    )
  })
})
