/**
 * docs/design.md §5: registration saves are idempotent. A repeat of a key gets the first answer (same
 * status and body, `Idempotent-Replayed: true`) and never writes again; the same key with other
 * content answers 422; concurrent duplicates write once; keys live 8 days (longer than the
 * app's outbox keeps a queued save).
 */
import { describe, expect, it } from 'vitest'
import { dependents, idempotencyKeys } from '../db/schema'
import { demoIds } from '../demo/seed'
import { backends, countRows } from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  dependentCreate,
  holderSave,
  newPerson,
  paths,
  postSave,
  readContract,
  registrationSnapshot,
} from '../testing/registration'

type Json = Record<string, unknown>
const HOUR = 3_600_000

describe.each(backends)('idempotent registration saves (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, {
    logins: ['ana', 'bruno'],
    resetEachTest: true,
  })

  const create = (body: Json, key: string, token = tokens.ana) =>
    postSave(server.app, paths.dependent, token, body, key)

  it('answers a repeated key with the first answer, replay header set, and writes once', async () => {
    const body = dependentCreate(demoIds.ana.contract)
    const first = await create(body, 'novo-dependente-1')
    const after = await registrationSnapshot(server.db)
    const again = await create(body, 'novo-dependente-1')
    expect(first).toMatchObject({ status: 200, replayed: false })
    expect(again).toEqual({ ...first, replayed: true })
    expect(await registrationSnapshot(server.db)).toEqual(after)
    expect(await countRows(server.db, dependents)).toBe(3)
  })

  it('treats a body with its keys in another order as the same request', async () => {
    const body = dependentCreate(demoIds.ana.contract)
    const reordered = Object.fromEntries(Object.entries(body).reverse())
    const first = await create(body, 'ordem')
    expect(await create(reordered, 'ordem')).toEqual({ ...first, replayed: true })
  })

  it('answers 422 to the same key with other content and writes nothing', async () => {
    await create(dependentCreate(demoIds.ana.contract), 'chave')
    const before = await registrationSnapshot(server.db)
    const other = await create(dependentCreate(demoIds.ana.contract), 'chave')
    expect(other).toMatchObject({
      status: 422,
      body: { message: 'Idempotency-Key já usada com outro conteúdo.' },
      replayed: false,
    })
    // Also across routes: a key names one request, whatever its path.
    const contract = await readContract(server.app, tokens.ana, demoIds.ana.contract)
    const holder = await postSave(
      server.app,
      paths.holder,
      tokens.ana,
      holderSave(contract),
      'chave',
    )
    expect(holder.status).toBe(422)
    expect(await registrationSnapshot(server.db)).toEqual(before)
  })

  it('writes once for five identical requests sent at the same time', async () => {
    const body = dependentCreate(demoIds.ana.contract)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => create(body, 'ao-mesmo-tempo')),
    )
    expect(await countRows(server.db, dependents)).toBe(3)
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1)
    const listed = (await readContract(server.app, tokens.ana, demoIds.ana.contract)).dependents
    expect(listed.filter((row) => row.id === answers[0]?.body.id)).toHaveLength(1)
  })

  it('stores business refusals: a 409 replays as the same 409', async () => {
    const old = await readContract(server.app, tokens.ana, demoIds.ana.contract)
    expect((await postSave(server.app, paths.holder, tokens.ana, holderSave(old))).status).toBe(200)
    const stale = await postSave(server.app, paths.holder, tokens.ana, holderSave(old), 'velho')
    expect(stale.status).toBe(409)
    const replay = await postSave(server.app, paths.holder, tokens.ana, holderSave(old), 'velho')
    expect(replay).toEqual({ ...stale, replayed: true })
  })

  it('does not store an invalid body: the key still serves the corrected one', async () => {
    const invalid = dependentCreate(demoIds.ana.contract, newPerson({ birth_date: '2016-02-30' }))
    expect((await create(invalid, 'corrigido')).status).toBe(400)
    expect(await countRows(server.db, idempotencyKeys)).toBe(0)
    const fixed = await create(dependentCreate(demoIds.ana.contract), 'corrigido')
    expect(fixed.status).toBe(200)
  })

  it('keeps keys per person: the same key from Bruno is his own request', async () => {
    await create(dependentCreate(demoIds.ana.contract), 'compartilhada')
    const bruno = await create(
      dependentCreate(demoIds.bruno.overdue.contract),
      'compartilhada',
      tokens.bruno,
    )
    expect(bruno).toMatchObject({ status: 200, replayed: false })
    expect(await countRows(server.db, idempotencyKeys)).toBe(2)
  })

  it('forgets a key after 8 days and removes expired keys', async () => {
    const body = dependentCreate(demoIds.ana.contract)
    const first = await create(body, 'amanha')
    server.clock.advance(8 * 24 * HOUR - HOUR)
    expect(await create(body, 'amanha')).toEqual({ ...first, replayed: true })
    server.clock.advance(2 * HOUR)
    await create(dependentCreate(demoIds.ana.contract), 'outra')
    expect(await countRows(server.db, idempotencyKeys)).toBe(1)
    const later = await create(body, 'amanha')
    expect(later).toMatchObject({ status: 422, replayed: false })
    expect(later.body.message).toBe('Limite de dependentes do contrato atingido.')
  })
})
