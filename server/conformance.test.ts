/**
 * The conformance kit (scripts/conformance/kit.ts) against this server over real HTTP, on each
 * database: every answer it provokes follows docs/api/openapi.json. And it is not a kit that
 * cannot fail: through a relay that changes one field's type in one answer, it reports that
 * answer, naming the field.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runConformance } from '../scripts/conformance/kit'
import { copyDemoDataDir } from '../tests/helpers/database-templates'
import { providerHolder, writeProviderData } from '../tests/helpers/provider-data'
import { freePort } from '../tests/helpers/server'
import { openDatabase } from './db/client'
import { persons } from './db/schema'
import { lazyKeys } from './services/secrets'
import { openSession } from './services/sessions'
import { signSessionToken } from './services/tokens'
import { backends, scratchPostgres } from './testing'
import { ServerProcess } from './testing/process'

describe.each(backends)('the conformance kit against this server (%s)', (backend) => {
  let server: ServerProcess
  let url: string
  let cleanup: () => Promise<void> | void

  beforeAll(async () => {
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    const env: Record<string, string> = {
      PORT: String(port),
      DEMO: '1',
      PUBLIC_URL: url,
      OTP_LIMIT_PER_DESTINATION: '1000',
      OTP_LIMIT_PER_ADDRESS: '1000',
    }
    if (backend === 'pglite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'pdt-conformance-'))
      copyDemoDataDir(dataDir)
      Object.assign(env, { DATA_DIR: dataDir, DATABASE_URL: '' })
      cleanup = () => rmSync(dataDir, { recursive: true, force: true })
    } else {
      const scratch = await scratchPostgres('pdt_conformance')
      env.DATABASE_URL = scratch.url
      cleanup = scratch.drop
    }
    server = new ServerProcess(url, env)
    await server.start()
  })
  afterAll(async () => {
    await server?.stop()
    await cleanup?.()
  })

  it('every check passes: login, contracts, instalments, a link, a replayed save, logout', async () => {
    const results = await runConformance({ baseUrl: url, codeFrom: 'demo-outbox' })
    expect(results.filter((result) => !result.ok)).toEqual([])
    expect(results.length).toBeGreaterThanOrEqual(35)
  })

  it('an answer the document does not allow is reported, with the field', async () => {
    const relay = await changingRelay(url)
    try {
      const results = await runConformance({ baseUrl: relay.url, codeFrom: 'demo-outbox' })
      const failed = results.filter((result) => !result.ok)
      expect(failed.map((result) => result.name)).toEqual([
        'GET /client/contracts — com sessão → 200',
      ])
      expect(failed[0]?.detail).toMatch(/\/0\/terms must be boolean/)
    } finally {
      await relay.close()
    }
  })
})

/**
 * A provider's own deployment: DEMO=0 on PostgreSQL, its own data (no demo seed, no dev outbox),
 * and the kit given a holder's token the way a provider with its own login would pass one.
 */
describe.each(backends.filter((backend) => backend === 'postgres'))(
  'the conformance kit against a production server with a token (DEMO=0, %s)',
  () => {
    let server: ServerProcess
    let url: string
    let token: string
    let cleanup: () => Promise<void>
    const jwtSecret = randomBytes(32).toString('hex')

    beforeAll(async () => {
      const scratch = await scratchPostgres('pdt_conformance_prod')
      const data = await writeProviderData(scratch.url)
      await data.close()
      const port = await freePort()
      url = `http://127.0.0.1:${port}`
      server = new ServerProcess(url, {
        PORT: String(port),
        DEMO: '0',
        DATABASE_URL: scratch.url,
        PUBLIC_URL: url,
        JWT_SECRET: jwtSecret,
        PAYMENTS: 'off',
      })
      await server.start()
      token = await sessionTokenFor(scratch.url, providerHolder.email, jwtSecret)
      cleanup = async () => {
        await server.stop()
        await scratch.drop()
      }
    })
    afterAll(async () => {
      await cleanup?.()
    })

    it('every check passes with the token, and no demo route exists to read a code from', async () => {
      const results = await runConformance({ baseUrl: url, token })
      expect(results.filter((result) => !result.ok)).toEqual([])
      expect(results.length).toBeGreaterThanOrEqual(30)
      expect((await fetch(`${url}/dev/outbox?to=${providerHolder.email}`)).status).toBe(404)
    })
  },
)

/** A session for the holder with this e-mail, opened and signed as the server's login would. */
async function sessionTokenFor(databaseUrl: string, email: string, jwtSecret: string) {
  const handle = await openDatabase({ databaseUrl })
  try {
    const [person] = await handle.db
      .select({ id: persons.id })
      .from(persons)
      .where(eq(persons.email, email))
    if (!person) throw new Error(`sem pessoa com o e-mail ${email}`)
    const now = new Date()
    const ttlSeconds = 3600
    const sessionId = await openSession(handle.db, { personId: person.id, now, ttlSeconds })
    const { jwt } = await lazyKeys(handle.db, jwtSecret)()
    return await signSessionToken(jwt, { id: person.id, email, sessionId }, now, ttlSeconds)
  } finally {
    await handle.close()
  }
}

/** Forwards to `target`, and in the contract list's answer makes `terms` a string. */
async function changingRelay(target: string) {
  const port = await freePort()
  const relay: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    )
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    })
    let text = await answer.text()
    if (request.url === '/socios-api/client/contracts' && answer.status === 200) {
      const list = JSON.parse(text) as Array<Record<string, unknown>>
      if (list[0]) list[0].terms = 'sim'
      text = JSON.stringify(list)
    }
    const passed = Object.fromEntries(
      [...answer.headers].filter(
        ([name]) => !['content-length', 'content-encoding'].includes(name),
      ),
    )
    response.writeHead(answer.status, passed)
    response.end(text)
  })
  await new Promise<void>((done) => relay.listen(port, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => relay.close(done)),
  }
}
