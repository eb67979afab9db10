/**
 * Issue 16: two server processes on one PostgreSQL give the same answers, and a write through one
 * is what the other answers next (never its own kept copy, never a 304 for the old version).
 * Real processes over HTTP: each has its own pool, answer cache and session trust.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoSession } from '../../scripts/bench/demo-session'
import { demoEmails, demoIds } from '../../server/demo/seed'
import { holderSave, paths, postSave, readContract } from '../../server/testing/registration'
import { overHttp, type ServerPair, startServerPair } from '../helpers/server-pair'

const contractPath = `/socios-api/client/contract/${demoIds.ana.contract}`
const ordersPath = `/socios-api/client/contract/payment-orders/${demoIds.ana.contract}`

// PostgreSQL is what several instances share; CI always sets TEST_DATABASE_URL (.ci/run).
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let pair: ServerPair
  let token: string

  beforeAll(async () => {
    pair = await startServerPair('pdt_pair')
    // Logged in through A: the session lives in the database, so B honours it too.
    token = (await demoSession(pair.a.url, demoEmails.ana)).token
  }, 90_000)
  afterAll(async () => {
    await pair?.close()
  })

  const get = (url: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } })

  it('both answer the same contract and instalments with the same ETags', async () => {
    for (const path of [contractPath, ordersPath]) {
      const [fromA, fromB] = await Promise.all([get(pair.a.url, path), get(pair.b.url, path)])
      expect([fromA.status, fromB.status]).toEqual([200, 200])
      expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'))
      expect(await fromB.json()).toEqual(await fromA.json())
      const tag = fromA.headers.get('etag') ?? ''
      expect((await get(pair.b.url, path, { 'if-none-match': tag })).status).toBe(304)
    }
  })

  it('a save through B is what A answers next: the new contract, never a 304 for the old', async () => {
    const kept = await get(pair.a.url, contractPath, { 'accept-encoding': 'br' })
    expect(kept.status).toBe(200)
    const oldTag = kept.headers.get('etag') ?? ''
    // A has the old answer kept and has just trusted the session: the worst case for staleness.
    expect((await get(pair.a.url, contractPath, { 'if-none-match': oldTag })).status).toBe(304)

    const b = overHttp(pair.b)
    const contract = await readContract(b, token, demoIds.ana.contract)
    const save = await postSave(
      b,
      paths.holder,
      token,
      holderSave(contract, (person) => {
        person.phone = { number_ddi: '55', number: '11922221111' }
      }),
    )
    expect(save.status).toBe(200)

    const again = await get(pair.a.url, contractPath, { 'if-none-match': oldTag })
    expect(again.status).toBe(200)
    const newTag = again.headers.get('etag')
    expect(newTag).not.toBe(oldTag)
    const body = (await again.json()) as { holder: { person: { phone: { number: string } } } }
    expect(body.holder.person.phone.number).toBe('11922221111')
    expect((await get(pair.b.url, contractPath, { 'if-none-match': newTag ?? '' })).status).toBe(
      304,
    )
  })
})
