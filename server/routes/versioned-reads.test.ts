/**
 * The contract read and the instalment list are cheap to repeat (issue 16): a strong ETag from
 * the contract's version, 304 to a matching If-None-Match after one version lookup that checks
 * ownership, and compressed copies made once per version. Several instances on one database:
 * the version read from the database decides, never an answer kept in memory.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, createApp } from '../app'
import { loadConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { paymentOrders } from '../db/schema'
import { demoEmails, demoIds, seedDemoData } from '../demo/seed'
import { backends, loginAs, scratchPostgres } from '../testing'
import { useTestServer } from '../testing/hooks'
import { dependentCreate, holderSave, paths, postSave, readContract } from '../testing/registration'

const ana = demoIds.ana
const contractPath = `/socios-api/client/contract/${ana.contract}`
const ordersPath = `/socios-api/client/contract/payment-orders/${ana.contract}`

const get = (app: App, path: string, token: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { authorization: `Bearer ${token}`, ...headers } })

describe.each(backends)('versioned reads (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, {
    logins: ['ana', 'bruno'],
    resetEachTest: true,
  })

  describe.each([
    ['contract', contractPath],
    ['payment orders', ordersPath],
  ])('GET %s', (_, path) => {
    it('sends a strong ETag, private no-cache, and 304 with no body to the same ETag', async () => {
      const first = await get(server.app, path, tokens.ana)
      expect(first.status).toBe(200)
      const tag = first.headers.get('etag') ?? ''
      expect(tag).toMatch(/^"[^"]+"$/)
      expect(tag).toContain(ana.contract)
      expect(first.headers.get('cache-control')).toBe('private, no-store')
      expect(first.headers.get('vary')).toBe('Accept-Encoding')
      expect(first.headers.get('content-type')).toBe('application/json')
      const body = await first.json()

      const again = await get(server.app, path, tokens.ana, { 'if-none-match': tag })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(tag)
      expect(again.headers.get('cache-control')).toBe('private, no-store')
      // A list with another tag, or the tag weak: still a match (RFC 9110 weak comparison).
      const listed = { 'if-none-match': `"other", W/${tag}` }
      expect((await get(server.app, path, tokens.ana, listed)).status).toBe(304)
      // A stale tag: the whole answer again, the same one (kept, not rebuilt).
      const stale = await get(server.app, path, tokens.ana, { 'if-none-match': '"old"' })
      expect(stale.status).toBe(200)
      expect(await stale.json()).toEqual(body)
    })

    it("answers another person's ETag guess with the same 404 as the read, never 304", async () => {
      const owner = await get(server.app, path, tokens.ana)
      const tag = owner.headers.get('etag') ?? ''
      const stranger = await get(server.app, path, tokens.bruno, { 'if-none-match': tag })
      expect(stranger.status).toBe(404)
      const plain = await get(server.app, path, tokens.bruno)
      expect(plain.status).toBe(404)
      expect(await stranger.json()).toEqual(await plain.json())
      expect(stranger.headers.get('etag')).toBeNull()
    })

    it('sends gzip and brotli copies that decode to the same JSON as identity', async () => {
      const identity = await get(server.app, path, tokens.ana, { 'accept-encoding': 'identity' })
      expect(identity.headers.get('content-encoding')).toBeNull()
      const plain = Buffer.from(await identity.arrayBuffer())
      const decoders = { gzip: gunzipSync, br: brotliDecompressSync }
      for (const [encoding, decode] of Object.entries(decoders)) {
        for (let round = 0; round < 2; round += 1) {
          const answer = await get(server.app, path, tokens.ana, { 'accept-encoding': encoding })
          expect(answer.headers.get('content-encoding')).toBe(encoding)
          expect(answer.headers.get('etag')).toBe(identity.headers.get('etag'))
          const wire = Buffer.from(await answer.arrayBuffer())
          expect(wire.length).toBeLessThan(plain.length)
          expect(decode(wire).equals(plain)).toBe(true)
        }
      }
      // The browser's usual header: brotli first; gzip when brotli is refused.
      const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' }
      const best = await get(server.app, path, tokens.ana, browser)
      expect(best.headers.get('content-encoding')).toBe('br')
      const noBrotli = { 'accept-encoding': 'br;q=0, gzip' }
      const gzip = await get(server.app, path, tokens.ana, noBrotli)
      expect(gzip.headers.get('content-encoding')).toBe('gzip')
    })
  })

  it('after a holder save the old ETag gets the new contract and a new ETag', async () => {
    const before = await get(server.app, contractPath, tokens.ana)
    const oldTag = before.headers.get('etag') ?? ''
    const contract = await readContract(server.app, tokens.ana, ana.contract)
    const save = await postSave(
      server.app,
      paths.holder,
      tokens.ana,
      holderSave(contract, (person) => {
        person.phone = { number_ddi: '55', number: '11912345678' }
      }),
    )
    expect(save.status).toBe(200)

    const after = await get(server.app, contractPath, tokens.ana, { 'if-none-match': oldTag })
    expect(after.status).toBe(200)
    const newTag = after.headers.get('etag')
    expect(newTag).not.toBe(oldTag)
    const read = (await after.json()) as { holder: { person: { phone: { number: string } } } }
    expect(read.holder.person.phone.number).toBe('11912345678')
    const revalidated = await get(server.app, contractPath, tokens.ana, {
      'if-none-match': newTag ?? '',
    })
    expect(revalidated.status).toBe(304)
  })

  it('a new dependent changes the contract ETag', async () => {
    const before = await get(server.app, contractPath, tokens.ana)
    const oldTag = before.headers.get('etag') ?? ''
    const save = await postSave(
      server.app,
      paths.dependent,
      tokens.ana,
      dependentCreate(ana.contract),
    )
    expect(save.status).toBe(200)
    const after = await get(server.app, contractPath, tokens.ana, { 'if-none-match': oldTag })
    expect(after.status).toBe(200)
    const read = (await after.json()) as { dependents: { id: string }[] }
    expect(read.dependents.map((dependent) => dependent.id)).toContain(save.body.id)
  })

  it('the instalment list changes its ETag with a paid instalment and with the day', async () => {
    const before = await get(server.app, ordersPath, tokens.ana)
    const oldTag = before.headers.get('etag') ?? ''
    // Any writer, even one that is not this code (the trigger bumps the version).
    const [unpaid] = ana.instalments.slice(4)
    await server.db
      .update(paymentOrders)
      .set({ status: 'PAID', paidValue: 1, paidAt: new Date() })
      .where(eq(paymentOrders.id, unpaid ?? ''))
    const paid = await get(server.app, ordersPath, tokens.ana, { 'if-none-match': oldTag })
    expect(paid.status).toBe(200)
    const list = (await paid.json()) as { id: string; status: string }[]
    expect(list.find((order) => order.id === unpaid)?.status).toBe('PAID')
    const paidTag = paid.headers.get('etag') ?? ''

    // Claiming instalments for a charge changes nothing the list shows: same version.
    await server.db
      .update(paymentOrders)
      .set({ chargeId: null })
      .where(eq(paymentOrders.contractId, ana.contract))
    const claimed = await get(server.app, ordersPath, tokens.ana, { 'if-none-match': paidTag })
    expect(claimed.status).toBe(304)

    server.clock.advance(86_400_000)
    const tomorrow = await get(server.app, ordersPath, tokens.ana, { 'if-none-match': paidTag })
    expect(tomorrow.status).toBe(200)
  })

  it('an out-of-band write to the contract row changes its version', async () => {
    const before = await get(server.app, contractPath, tokens.ana)
    const oldTag = before.headers.get('etag') ?? ''
    await server.db.execute(
      sql`update contracts set dependents_included = 4 where id = ${ana.contract}`,
    )
    const after = await get(server.app, contractPath, tokens.ana, { 'if-none-match': oldTag })
    expect(after.status).toBe(200)
    expect(((await after.json()) as { dependents_included: number }).dependents_included).toBe(4)
  })

  it('an out-of-band change of holder ends 304s for the old one: 404, as the read', async () => {
    const before = await get(server.app, contractPath, tokens.ana)
    const oldTag = before.headers.get('etag') ?? ''
    expect(
      (await get(server.app, contractPath, tokens.ana, { 'if-none-match': oldTag })).status,
    ).toBe(304)
    await server.db.execute(
      sql`update holders set person_id = ${demoIds.bruno.person} where contract_id = ${ana.contract}`,
    )
    const after = await get(server.app, contractPath, tokens.ana, { 'if-none-match': oldTag })
    expect(after.status).toBe(404)
  })

  it('a write rolled back keeps the version: the ETag still answers 304', async () => {
    const before = await get(server.app, contractPath, tokens.ana)
    const tag = before.headers.get('etag') ?? ''
    await expect(
      server.db.transaction(async (tx) => {
        await tx.execute(
          sql`update contracts set dependents_included = 5 where id = ${ana.contract}`,
        )
        throw new Error('desfeito')
      }),
    ).rejects.toThrow('desfeito')
    expect((await get(server.app, contractPath, tokens.ana, { 'if-none-match': tag })).status).toBe(
      304,
    )
  })
})

/**
 * Two instances, each with its own connections to one database: A keeps an answer, B writes,
 * A reads again. On PostgreSQL each app has its own pool; on PGlite (one process owns it) the
 * two apps share the handle, and still each has its own answer cache.
 */
describe.each(backends)('versioned reads across instances (%s)', (backend) => {
  const handles: DatabaseHandle[] = []
  let drop = async () => {}
  let appA: App
  let appB: App

  beforeAll(async () => {
    if (backend === 'postgres') {
      const scratch = await scratchPostgres('pdt_versions')
      drop = scratch.drop
      handles.push(await openDatabase({ databaseUrl: scratch.url }))
      handles.push(await openDatabase({ databaseUrl: scratch.url }))
    } else {
      handles.push(await openDatabase({ memory: true }))
    }
    const [first, second = first] = handles
    if (!first || !second) throw new Error('sem banco')
    await first.migrate({ demo: true })
    await seedDemoData(first.db)
    const config = { ...loadConfig({}), demo: true }
    const instance = (handle: DatabaseHandle) =>
      createApp({
        config,
        db: handle.db,
        mail: { send: async () => {} },
        whatsapp: { send: async () => {} },
      })
    appA = instance(first)
    appB = instance(second)
  })
  afterAll(async () => {
    for (const handle of handles) await handle.close()
    await drop()
  })

  it('a write through B is read through A at once, never the answer A kept', async () => {
    const token = await loginAs(appA, demoEmails.ana)
    const kept = await get(appA, contractPath, token, { 'accept-encoding': 'br' })
    expect(kept.status).toBe(200)
    const oldTag = kept.headers.get('etag') ?? ''
    const contract = await readContract(appB, token, ana.contract)
    const save = await postSave(
      appB,
      paths.holder,
      token,
      holderSave(contract, (person) => {
        person.phone = { number_ddi: '55', number: '11933334444' }
      }),
    )
    expect(save.status).toBe(200)

    const variants: Record<string, string>[] = [
      {},
      { 'if-none-match': oldTag },
      { 'accept-encoding': 'br' },
    ]
    for (const headers of variants) {
      const again = await get(appA, contractPath, token, headers)
      expect(again.status).toBe(200)
      expect(again.headers.get('etag')).not.toBe(oldTag)
      const body =
        again.headers.get('content-encoding') === 'br'
          ? JSON.parse(brotliDecompressSync(Buffer.from(await again.arrayBuffer())).toString())
          : await again.json()
      expect(body.holder.person.phone.number).toBe('11933334444')
    }
  })
})
