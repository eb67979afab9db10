/**
 * Liveness stays the cheap answer the app probes; readiness asks the database and answers 503,
 * saying why, while it does not answer or lacks this version's migrations.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { backends, captureLogs } from '../testing'
import { useTestServer } from '../testing/hooks'
import { healthMessages } from './health'

describe.each(backends)('health (%s)', (backend) => {
  const { server } = useTestServer(backend)

  it.each(['/socios-api/health', '/socios-api/health/live', '/socios-api/health/ready'])(
    '%s answers 200 on a migrated database',
    async (path) => {
      const response = await server.app.request(path)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: 'ok' })
    },
  )

  it('is not ready while the newest migration is missing', async () => {
    const [last] = (
      (await server.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows
    try {
      const response = await server.app.request('/socios-api/health/ready')
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ message: healthMessages.migrations(1) })
      expect(healthMessages.migrations(1)).toContain('sem 1 migração desta versão')
      // Alive all the same: the process answers.
      expect((await server.app.request('/socios-api/health')).status).toBe(200)
    } finally {
      await server.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
      )
    }
    expect((await server.app.request('/socios-api/health/ready')).status).toBe(200)
  })
})

describe('readiness without a usable database', () => {
  const appOn = (handle: DatabaseHandle) =>
    createApp({
      config: loadConfig({}),
      db: handle.db,
      mail: { send: async () => {} },
      whatsapp: { send: async () => {} },
      logger: logs.logger,
    })
  const logs = captureLogs(true)

  it('answers 503 on a fresh database no migration ran on', async () => {
    const handle = await openDatabase({ memory: true })
    try {
      const app = appOn(handle)
      const response = await app.request('/socios-api/health/ready')
      expect(response.status).toBe(503)
      const { message } = (await response.json()) as { message: string }
      expect(message).toMatch(/^O banco de dados está sem \d+ migrações desta versão do servidor/)
      expect((await app.request('/socios-api/health/live')).status).toBe(200)
    } finally {
      await handle.close()
    }
  })

  it('answers 503 when the database does not answer, and logs why', async () => {
    const handle = await openDatabase({ memory: true })
    await handle.migrate()
    await handle.close()
    const app = appOn(handle)
    const response = await app.request('/socios-api/health/ready')
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ message: healthMessages.database })
    expect(logs.records.at(-2)).toMatchObject({
      level: 'warn',
      msg: '[saúde] o banco de dados não respondeu',
      requestId: response.headers.get('x-request-id'),
    })
    expect((await app.request('/socios-api/health')).status).toBe(200)
  })

  it('answers 503 when the database takes too long', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { checkReadiness } = await import('../services/readiness')
      const stuck = { execute: () => new Promise(() => {}) } as never
      const answer = checkReadiness(stuck, 2_000)
      await vi.advanceTimersByTimeAsync(2_000)
      expect(await answer).toMatchObject({ ready: false, problem: 'database' })
    } finally {
      vi.useRealTimers()
    }
  })
})
