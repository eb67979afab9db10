/**
 * The conformance kit (scripts/conformance/kit.ts) against this server over real HTTP, on each
 * database: every answer it provokes follows docs/api/openapi.json. And it is not a kit that
 * cannot fail: through a relay that changes one field's type in one answer, it reports that
 * answer, naming the field.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runConformance } from '../scripts/conformance/kit'
import { copyDemoDataDir } from '../tests/helpers/database-templates'
import { freePort } from '../tests/helpers/server'
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
