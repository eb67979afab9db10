/**
 * Two server processes (started as `npm start` runs it, twice) on one fresh PostgreSQL database, as two
 * instances behind a load balancer would run: each with its own pool, answer cache and memory.
 */
import type { App } from '../../server/app'
import { scratchPostgres } from '../../server/testing'
import { type RunningServer, startServer } from './server'

export interface ServerPair {
  a: RunningServer
  b: RunningServer
  close: () => Promise<void>
}

export async function startServerPair(prefix: string): Promise<ServerPair> {
  const scratch = await scratchPostgres(prefix)
  const env = { DATABASE_URL: scratch.url, DEMO: '1' }
  const started = await Promise.allSettled([startServer(env), startServer(env)])
  const [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : null))
  const close = async () => {
    await Promise.all([a?.close(), b?.close()])
    await scratch.drop()
  }
  if (!a || !b) {
    await close()
    const failed = started.find((result) => result.status === 'rejected')
    throw failed?.status === 'rejected' ? failed.reason : new Error('servidor não subiu')
  }
  return { a, b, close }
}

/** A running server seen through the in-process `App` interface the API test helpers take. */
export const overHttp = (server: RunningServer) =>
  ({
    request: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init),
  }) as unknown as App
