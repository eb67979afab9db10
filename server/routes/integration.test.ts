/**
 * The provider's integration API, first resources (issue 25, decision 019): keys with scopes,
 * problem details, plans upserted by the provider's own id. Over the app's real routes, on both
 * databases.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { apiKeys, contracts, modelContracts } from '../db/schema'
import { demoIds } from '../demo/seed'
import { createApiKey, revokeApiKey } from '../services/api-keys'
import { backends, bearer, changeCounts, watchWrites } from '../testing'
import { useTestServer } from '../testing/hooks'

const base = '/socios-api/integration/v1'
const planPath = (externalId: string) => `${base}/plans/by-external-id/${externalId}`

const problemType = 'application/problem+json; charset=utf-8'

/** What the provider's program reads of a refusal. */
async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toBe(problemType)
  return (await response.json()) as {
    type: string
    title: string
    status: number
    detail: string
    errors?: Array<{ path: string; code: string; message: string }>
  }
}

/** Only what a change of data wrote: the key's last use and its rate counter are not data. */
const dataChanges = (changes: Parameters<typeof changeCounts>[0]) =>
  changeCounts(changes).filter(({ table }) => !['rate_limits', 'api_keys'].includes(table))

describe.each(backends)('integration keys (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'], resetEachTest: true })
  const keyWith = async (...scopes: string[]) =>
    (await createApiKey(server.db, { name: 'ERP do clube', scopes })).key

  it('no key, a holder’s session or an unknown key: 401, a problem detail that says what to send', async () => {
    const none = await problemOf(await server.app.request(`${base}/plans`))
    expect(none).toMatchObject({
      status: 401,
      title: 'Chave de integração ausente ou inválida',
      type: '/socios-api/docs#problema-chave',
    })
    expect(none.detail).toContain('Authorization: Bearer ptk_')
    const holder = await server.app.request(`${base}/plans`, bearer(tokens.ana))
    expect(holder.status).toBe(401)
    expect((await problemOf(holder)).detail).toContain('Sessões de titulares não valem aqui')
    const unknown = await server.app.request(`${base}/plans`, bearer(`ptk_${'A'.repeat(43)}`))
    expect(unknown.status).toBe(401)
  })

  it('a key without the operation’s scope: 403 naming the scope; with it, 200', async () => {
    const reader = await keyWith('members:read')
    const refused = await server.app.request(planPath('plano-ouro'), {
      method: 'PUT',
      headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Plano Ouro' }),
    })
    expect(refused.status).toBe(403)
    expect((await problemOf(refused)).detail).toBe('Esta chave não tem o escopo members:write.')
    expect(
      await server.db
        .select()
        .from(modelContracts)
        .where(eq(modelContracts.externalId, 'plano-ouro')),
    ).toEqual([])
    const listed = await server.app.request(`${base}/plans`, bearer(reader))
    expect(listed.status).toBe(200)
  })

  it('a revoked key is refused on its very next call; the key tells who it is, never its secret', async () => {
    const key = await keyWith('members:read', 'billing:read')
    const me = await server.app.request(`${base}/key`, bearer(key))
    expect(me.status).toBe(200)
    const info = (await me.json()) as { id: string; last4: string; scopes: string[] }
    expect(info).toMatchObject({
      name: 'ERP do clube',
      last4: key.slice(-4),
      scopes: ['members:read', 'billing:read'],
    })
    expect(JSON.stringify(info)).not.toContain(key)
    // The log line names the key by its id, and the key is nowhere in the logs.
    const line = server.records.find((record) => record.route === `${base}/key`)
    expect(line?.keyId).toBe(info.id)
    expect(JSON.stringify(server.records)).not.toContain(key)

    expect(await revokeApiKey(server.db, info.id)).toBe(true)
    const after = await server.app.request(`${base}/key`, bearer(key))
    expect(after.status).toBe(401)
    expect((await problemOf(after)).detail).toContain('revogada')
    const [row] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, info.id))
    expect(row?.keyHash).not.toContain(key)
    expect(row?.lastUsedAt).toBeInstanceOf(Date)
  })

  it('an unknown integration route answers a problem detail too', async () => {
    const key = await keyWith('members:read')
    const response = await server.app.request(`${base}/nada-aqui`, bearer(key))
    expect(response.status).toBe(404)
    expect((await problemOf(response)).title).toBe('Não encontrado')
  })
})

describe.each(backends)('integration rate limit (%s)', (backend) => {
  const { server } = useTestServer(backend, { overrides: { integrationRateLimit: 3 } })

  it('past its calls per minute a key gets 429 with Retry-After; another key is not held back', async () => {
    const { key } = await createApiKey(server.db, { name: 'rápido', scopes: ['members:read'] })
    const { key: other } = await createApiKey(server.db, {
      name: 'outro',
      scopes: ['members:read'],
    })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push((await server.app.request(`${base}/plans`, bearer(key))).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await server.app.request(`${base}/plans`, bearer(key))
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await problemOf(limited)).detail).toContain('Limite de 3 chamadas por minuto')
    expect((await server.app.request(`${base}/plans`, bearer(other))).status).toBe(200)
  })
})

describe.each(backends)('plans by the provider’s id (%s)', (backend) => {
  const { server } = useTestServer(backend, { resetEachTest: true })
  let writer = ''
  const put = (externalId: string, body: unknown, key = writer) =>
    server.app.request(planPath(externalId), {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const fresh = async () => {
    writer = (
      await createApiKey(server.db, { name: 'ERP', scopes: ['members:read', 'members:write'] })
    ).key
  }

  it('creates (201), answers the same again without writing (200), updates a change (200)', async () => {
    await fresh()
    const created = await put('plano-ouro', { name: 'Plano Ouro' })
    expect(created.status).toBe(201)
    const plan = (await created.json()) as { id: string; externalId: string; name: string }
    expect(plan).toMatchObject({ externalId: 'plano-ouro', name: 'Plano Ouro' })

    const watch = await watchWrites(server)
    const again = await watch.during(() => put('plano-ouro', { name: '  Plano Ouro ' }))
    expect(again.result.status).toBe(200)
    expect(await again.result.json()).toEqual(plan)
    expect(dataChanges(again.changes)).toEqual([])

    const renamed = await watch.during(() => put('plano-ouro', { name: 'Plano Ouro Família' }))
    expect(renamed.result.status).toBe(200)
    expect(await renamed.result.json()).toMatchObject({ id: plan.id, name: 'Plano Ouro Família' })
    expect(dataChanges(renamed.changes)).toEqual([
      { table: 'model_contracts', added: 1, removed: 1, truncated: false },
    ])
    const read = await server.app.request(planPath('plano-ouro'), bearer(writer))
    expect(await read.json()).toMatchObject({ id: plan.id, name: 'Plano Ouro Família' })
  })

  it('renaming a plan changes the version of every contract made from it (no stale ETag)', async () => {
    await fresh()
    const [anas] = await server.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, demoIds.ana.contract))
    if (!anas) throw new Error('contrato da Ana ausente')
    await server.db
      .update(modelContracts)
      .set({ externalId: 'plano-familia' })
      .where(eq(modelContracts.id, anas.modelContractId))
    expect((await put('plano-familia', { name: 'Plano Família Club 2027' })).status).toBe(200)
    const [after] = await server.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, demoIds.ana.contract))
    expect(after?.version).toBeGreaterThan(anas.version)
  })

  it('a bad record: 400 with every problem at once, by field, code and Portuguese message; nothing written', async () => {
    await fresh()
    const watch = await watchWrites(server)
    const { result, changes } = await watch.during(() =>
      put('plano ouro', { name: '', cor: 'azul' }),
    )
    expect(result.status).toBe(400)
    const problem = await problemOf(result)
    expect(problem.title).toBe('Requisição inválida')
    expect(problem.errors).toEqual([
      {
        path: 'path',
        code: 'invalid_format',
        message:
          'O externalId deve ter de 1 a 100 caracteres: letras, números, ponto, hífen, sublinhado ou dois-pontos.',
      },
    ])
    const body = await put('plano-ouro', { name: '', cor: 'azul' })
    expect((await problemOf(body)).errors).toEqual([
      { path: 'body.name', code: 'required', message: 'Informe o nome do plano (name).' },
      { path: 'body.cor', code: 'unknown_field', message: 'Campo não permitido: cor.' },
    ])
    const notJson = await put('plano-ouro', '{"name":')
    expect(notJson.status).toBe(400)
    await problemOf(notJson)
    expect(dataChanges(changes)).toEqual([])
  })

  it('lists every plan once, page by page, with an opaque cursor', async () => {
    await fresh()
    for (const name of ['A', 'B', 'C']) await put(`plano-${name}`, { name: `Plano ${name}` })
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`
      const response = await server.app.request(`${base}/plans${query}`, bearer(writer))
      expect(response.status).toBe(200)
      const page = (await response.json()) as {
        data: Array<{ id: string }>
        nextCursor: string | null
      }
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((plan) => plan.id))
      cursor = page.nextCursor
      pages++
    } while (cursor && pages < 20)
    const all = await server.db.select({ id: modelContracts.id }).from(modelContracts)
    expect(seen.sort()).toEqual(all.map(({ id }) => id).sort())
    expect(new Set(seen).size).toBe(seen.length)

    for (const query of ['?limit=0', '?limit=101', '?limit=dez', '?cursor=bm90LWEtY3Vyc29y']) {
      const refused = await server.app.request(`${base}/plans${query}`, bearer(writer))
      expect(refused.status, query).toBe(400)
      expect((await problemOf(refused)).errors?.[0]?.path, query).toMatch(/^query\./)
    }
  })
})

describe.each(backends)('integration bodies: size, media type, charset, shape (%s)', (backend) => {
  const { server } = useTestServer(backend)
  const writer = async () =>
    (
      await createApiKey(server.db, {
        name: 'ERP',
        scopes: ['members:read', 'members:write', 'billing:write'],
      })
    ).key
  const send = async (
    method: string,
    path: string,
    body: string | Uint8Array,
    contentType: string | null = 'application/json',
  ) => {
    const key = await writer()
    return server.app.request(path, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      body,
    })
  }
  const cancelPath = `${base}/instalments/by-external-id/nenhuma/cancel`

  it('a body past 1 MB: 413 problem detail that closes the connection, read whole over a real socket', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(4 * 1024 * 1024) })
    const inProcess = await send('PUT', planPath('plano-grande'), big)
    expect(inProcess.status).toBe(413)
    expect(inProcess.headers.get('connection')).toBe('close')
    expect((await problemOf(inProcess)).detail).toBe(
      'O corpo da requisição excede o limite de 1 MB.',
    )

    const listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' })
    try {
      await new Promise<void>((resolve) => listening.once('listening', () => resolve()))
      const { port } = listening.address() as AddressInfo
      const key = await writer()
      const response = await fetch(`http://127.0.0.1:${port}${planPath('plano-grande')}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: big,
      })
      expect(response.status).toBe(413)
      expect((await problemOf(response)).title).toBe('Corpo grande demais')
    } finally {
      await new Promise((resolve) => listening.close(resolve))
    }
  })

  it('a body that is not JSON by its Content-Type: 415, on PUTs and on the POSTs whose body is optional', async () => {
    for (const [method, path] of [
      ['PUT', planPath('plano-tipo')],
      ['POST', cancelPath],
    ] as const) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', null]) {
        const answer = await send(method, path, '{"name":"Plano"}', type)
        expect(answer.status, `${method} ${type}`).toBe(415)
        await problemOf(answer)
      }
      const utf8 = await send(method, path, '{}', 'application/json; charset=UTF-8')
      expect(utf8.status, method).not.toBe(415)
    }
  })

  it('a JSON body that is no object ([] for {}, a string, a number): 400', async () => {
    for (const [method, path] of [
      ['PUT', planPath('plano-forma')],
      ['POST', cancelPath],
    ] as const) {
      for (const body of ['[]', '"{}"', '1', 'null']) {
        const answer = await send(method, path, body)
        expect(answer.status, `${method} ${body}`).toBe(400)
        expect((await problemOf(answer)).detail).toBe(
          'Corpo da requisição inválido: envie um objeto JSON.',
        )
      }
    }
  })

  it('a charset other than UTF-8 is 415, and bytes that are not UTF-8 are 400: never stored as U+FFFD', async () => {
    // {"name":"Plano Açaí"} in Latin-1.
    const latin1 = Buffer.from('{"name":"Plano Açaí"}', 'latin1')
    for (const [method, path] of [
      ['PUT', planPath('plano-latin')],
      ['POST', cancelPath],
    ] as const) {
      const declared = await send(method, path, latin1, 'application/json; charset=iso-8859-1')
      expect(declared.status, method).toBe(415)
      expect((await problemOf(declared)).detail).toBe(
        'Envie o JSON em UTF-8 (Content-Type: application/json; charset=utf-8).',
      )
      const undeclared = await send(method, path, latin1)
      expect(undeclared.status, method).toBe(400)
      expect((await problemOf(undeclared)).detail).toBe('O corpo da requisição não é UTF-8 válido.')
    }
    expect(
      await server.db
        .select()
        .from(modelContracts)
        .where(eq(modelContracts.externalId, 'plano-latin')),
    ).toEqual([])
  })
})
