/**
 * Properties of idempotent saves, run over a memory KeyStore with the real flow
 * (runIdempotent) and the real version rules. A client's outbox sends creates and edits, each
 * possibly several times, reordered, in concurrent bursts, some hitting a crash mid-write, some
 * stale; whatever the order, every key is applied at most once (exactly once when its answer is a
 * success), every delivery of a key gets the same answer, and no dependent is created twice.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../http/errors'
import {
  type Answer,
  canonicalJson,
  decideRepeat,
  IDEMPOTENCY_TTL_MS,
  type IdempotentRequest,
  isStale,
  type KeyStore,
  nextVersion,
  requestHash,
  runIdempotent,
  type StoredAnswer,
} from './idempotency-rules'

interface State {
  keys: Map<string, (StoredAnswer & { createdAt: number }) | { pending: true; createdAt: number }>
  /** Dependent id → version (ms). */
  versions: Map<string, number>
  /** Which key each applied write came from and the version it stamped, in commit order. */
  applied: { key: string; dependent: string; version: number }[]
}

const clone = (state: State): State => ({
  keys: new Map(state.keys),
  versions: new Map(state.versions),
  applied: [...state.applied],
})

/** Transactions run one at a time (like PGlite; PostgreSQL serializes them on the person's row). */
function memoryStore(state: State): KeyStore<State> {
  let queue: Promise<unknown> = Promise.resolve()
  const restoring = async <T>(work: () => Promise<T>): Promise<T> => {
    const before = clone(state)
    try {
      return await work()
    } catch (error) {
      Object.assign(state, before)
      throw error
    }
  }
  return {
    transaction(work) {
      const run = queue.then(() => restoring(() => work(state)))
      queue = run.catch(() => {})
      return run
    },
    savepoint: (tx, work) => restoring(() => work(tx)),
    async claim(tx, request) {
      const held = tx.keys.get(request.key)
      if (held && held.createdAt >= request.now.getTime() - IDEMPOTENCY_TTL_MS) return false
      tx.keys.set(request.key, { pending: true, createdAt: request.now.getTime() })
      return true
    },
    async stored(tx, request) {
      const held = tx.keys.get(request.key)
      if (!held || 'pending' in held) throw new Error('chave sem resposta')
      return held
    },
    async store(tx, request, answer) {
      const held = tx.keys.get(request.key)
      if (!held) throw new Error('chave não reivindicada')
      tx.keys.set(request.key, {
        requestHash: request.requestHash,
        ...answer,
        createdAt: held.createdAt,
      })
    },
  }
}

type Save =
  | { kind: 'create'; key: string }
  | { kind: 'edit'; key: string; dependent: string; basedOn: 'read' | 'stale' | 'future' }

const INITIAL_VERSION = 1_000_000
const seedDependents = ['d1', 'd2']

/** The body a save sends; the same key always sends the same body (maybe with keys reordered). */
function bodyOf(save: Save, reordered: boolean): Record<string, unknown> {
  const sent =
    save.kind === 'create'
      ? { kind: 'create', person: { first_name: `Lia ${save.key}`, email: `${save.key}@x.br` } }
      : {
          kind: 'edit',
          id: save.dependent,
          updated_at: { read: INITIAL_VERSION, stale: 0, future: 9e15 }[save.basedOn],
          phone: save.key,
        }
  return reordered ? Object.fromEntries(Object.entries(sent).reverse()) : sent
}

/** The dependent save, as the server's: versions checked, then written. */
function write(save: Save, crash: boolean, now: number) {
  return async (tx: State): Promise<Answer> => {
    if (save.kind === 'create') {
      const id = `novo-${tx.versions.size + 1}`
      tx.versions.set(id, now)
      tx.applied.push({ key: save.key, dependent: id, version: now })
      if (crash) throw new Error('queda no meio da escrita')
      return { status: 200, body: { id, updated_at: now } }
    }
    const stored = tx.versions.get(save.dependent) ?? 0
    const sent = bodyOf(save, false).updated_at as number
    if (isStale(new Date(sent), new Date(stored))) throw new ApiError(409, 'alterado')
    const version = nextVersion(new Date(stored), new Date(now)).getTime()
    tx.versions.set(save.dependent, version)
    tx.applied.push({ key: save.key, dependent: save.dependent, version })
    if (crash) throw new Error('queda no meio da escrita')
    return { status: 200, body: { id: save.dependent, updated_at: version } }
  }
}

const saveArb = fc.oneof(
  fc.constant({ kind: 'create' as const }),
  fc.record({
    kind: fc.constant('edit' as const),
    dependent: fc.constantFrom(...seedDependents),
    basedOn: fc.constantFrom('read' as const, 'stale' as const, 'future' as const),
  }),
)

/** Deliveries of each save: how many copies, which crash, key order, and the burst sizes. */
const scenarioArb = fc
  .array(fc.record({ save: saveArb, copies: fc.integer({ min: 1, max: 3 }) }), {
    minLength: 1,
    maxLength: 8,
  })
  .chain((saves) => {
    const deliveries = saves.flatMap(({ copies }, index) =>
      Array.from({ length: copies }, () => index),
    )
    return fc.record({
      saves: fc.constant(saves.map(({ save }, index) => ({ ...save, key: `k${index}` }) as Save)),
      order: fc.shuffledSubarray(deliveries, {
        minLength: deliveries.length,
        maxLength: deliveries.length,
      }),
      crashes: fc.array(fc.boolean(), {
        minLength: deliveries.length,
        maxLength: deliveries.length,
      }),
      reordered: fc.array(fc.boolean(), {
        minLength: deliveries.length,
        maxLength: deliveries.length,
      }),
      bursts: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 10 }),
      /** A buggy client reusing a key with another body. */
      reusedKey: fc.option(fc.nat(), { nil: undefined }),
    })
  })

describe('idempotent saves over any delivery order (property)', () => {
  it('apply every key at most once, answer every copy alike, never duplicate', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarioArb,
        async ({ saves, order, crashes, reordered, bursts, reusedKey }) => {
          const state: State = {
            keys: new Map(),
            versions: new Map(seedDependents.map((id) => [id, INITIAL_VERSION])),
            applied: [],
          }
          const store = memoryStore(state)
          let clock = INITIAL_VERSION + 1
          const answers = new Map<string, { status: number; body: string }[]>()

          const deliver = async (index: number, crash: boolean, keyOrder: boolean) => {
            const save = saves[index] as Save
            clock += 7
            const request: IdempotentRequest = {
              personId: 'ana',
              key: save.key,
              requestHash: requestHash('POST', '/add-dependent', bodyOf(save, keyOrder)),
              now: new Date(clock),
            }
            try {
              const answer = await runIdempotent(store, request, write(save, crash, clock))
              answers.set(save.key, [...(answers.get(save.key) ?? []), answer])
            } catch (error) {
              if (!crash) throw error // only the injected crash may escape, as a 5xx would
            }
          }

          // Bursts of concurrent deliveries, then every save once more without crashing (the
          // outbox retries until it gets an answer).
          let next = 0
          for (let burst = 0; next < order.length; burst++) {
            const size = bursts[burst % bursts.length] ?? 1
            const batch = order.slice(next, next + size).map((index, offset) => {
              const at = next + offset
              return deliver(index, crashes[at] ?? false, reordered[at] ?? false)
            })
            next += size
            await Promise.all(batch)
          }
          await Promise.all(saves.map((_, index) => deliver(index, false, false)))

          // A reused key with different content is refused and changes nothing.
          if (reusedKey !== undefined) {
            const key = `k${reusedKey % saves.length}`
            const before = clone(state)
            const answer = await runIdempotent(
              store,
              {
                personId: 'ana',
                key,
                requestHash: requestHash('POST', '/x', { other: true }),
                now: new Date(clock),
              },
              async () => {
                throw new Error('não deveria escrever')
              },
            )
            expect(answer).toMatchObject({ status: 422, replayed: false })
            expect(state).toEqual(before)
          }

          const applications = (key: string) => state.applied.filter((row) => row.key === key)
          for (const save of saves) {
            const got = answers.get(save.key) ?? []
            // Every copy that got an answer got the first one, and the last retry always does.
            expect(got.length).toBeGreaterThan(0)
            expect(new Set(got.map((answer) => `${answer.status} ${answer.body}`)).size).toBe(1)
            const status = got[0]?.status
            expect(applications(save.key)).toHaveLength(status === 200 ? 1 : 0)
            if (save.kind === 'create') expect(status).toBe(200)
            else if (save.basedOn !== 'read') expect(status).toBe(409)
            else expect([200, 409]).toContain(status)
          }
          // Creates: one dependent per create key, no more.
          const creates = saves.filter((save) => save.kind === 'create')
          const created = state.applied.filter((row) => !seedDependents.includes(row.dependent))
          expect(created.map((row) => row.key).sort()).toEqual(
            creates.map((save) => save.key).sort(),
          )
          expect(state.versions.size).toBe(seedDependents.length + creates.length)
          for (const dependent of seedDependents) {
            const edits = saves.filter(
              (save) => save.kind === 'edit' && save.dependent === dependent,
            )
            const fromRead = edits.filter((save) => save.kind === 'edit' && save.basedOn === 'read')
            const won = fromRead.filter((save) => applications(save.key).length === 1)
            // Edits based on the version read: the first to land wins, the others are stale;
            // edits based on an older or a later version never land.
            expect(won).toHaveLength(fromRead.length > 0 ? 1 : 0)
            const notRead = edits.filter((save) => save.kind === 'edit' && save.basedOn !== 'read')
            for (const save of notRead) expect(applications(save.key)).toHaveLength(0)
            // Each applied edit moved the version forward.
            const versions = state.applied
              .filter((row) => row.dependent === dependent)
              .map((row) => row.version)
            expect(versions).toEqual([...versions].sort((a, b) => a - b))
            expect(new Set(versions).size).toBe(versions.length)
            expect(state.versions.get(dependent)).toBe(versions.at(-1) ?? INITIAL_VERSION)
          }
        },
      ),
      { numRuns: 1_000 },
    )
  })
})

describe('request identity (property)', () => {
  const jsonArb = fc.jsonValue()

  it('is the same for a body with its keys in any order, and keeps the body', () => {
    const shuffleKeys = (value: unknown, flip: boolean): unknown => {
      if (Array.isArray(value)) return value.map((item) => shuffleKeys(item, flip))
      if (value === null || typeof value !== 'object') return value
      const entries = Object.entries(value).map(([key, item]) => [key, shuffleKeys(item, !flip)])
      return Object.fromEntries(flip ? entries.reverse() : entries)
    }
    fc.assert(
      fc.property(jsonArb, fc.boolean(), (body, flip) => {
        expect(canonicalJson(shuffleKeys(body, flip))).toBe(canonicalJson(body))
        expect(requestHash('POST', '/p', shuffleKeys(body, flip))).toBe(
          requestHash('POST', '/p', body),
        )
        expect(JSON.parse(canonicalJson(body))).toEqual(JSON.parse(JSON.stringify(body)))
      }),
      { numRuns: 300 },
    )
  })

  it('differs with the path and with the content', () => {
    fc.assert(
      fc.property(jsonArb, (body) => {
        expect(requestHash('POST', '/a', body)).not.toBe(requestHash('POST', '/b', body))
        expect(requestHash('POST', '/a', body)).not.toBe(requestHash('POST', '/a', [body]))
      }),
      { numRuns: 200 },
    )
    const stored = { requestHash: 'h1', status: 201, body: '{"ok":true}' }
    expect(decideRepeat(stored, 'h1')).toEqual({ kind: 'replay', status: 201, body: '{"ok":true}' })
    expect(decideRepeat(stored, 'h2')).toMatchObject({ kind: 'reused-key', status: 422 })
  })
})
