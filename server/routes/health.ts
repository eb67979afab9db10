/**
 * Health for load balancers and orchestrators. Liveness (/health, /health/live) only says the
 * process answers: the app probes /health for connectivity, so it stays as cheap as an answer
 * gets. Readiness (/health/ready) asks the database: 503 while it does not answer or lacks this
 * version's migrations, so traffic waits instead of failing.
 */

import { Hono } from 'hono'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { checkReadiness } from '../services/readiness'

export const healthMessages = {
  database: 'O banco de dados não respondeu; o servidor ainda não está pronto.',
  migrations: (pending: number) =>
    `O banco de dados está sem ${pending} ${pending === 1 ? 'migração' : 'migrações'} desta versão do servidor; elas são aplicadas quando o servidor inicia.`,
} as const

export function healthRoutes(deps: Pick<ServerDeps, 'db' | 'logger'>) {
  return new Hono<AppEnv>()
    .get(at('health'), (c) => c.json({ status: 'ok' }))
    .get(at('healthLive'), (c) => c.json({ status: 'ok' }))
    .get(at('healthReady'), async (c) => {
      const readiness = await checkReadiness(deps.db)
      if (readiness.ready) return c.json({ status: 'ok' })
      if (readiness.problem === 'migrations') {
        return c.json({ message: healthMessages.migrations(readiness.pending) }, 503)
      }
      deps.logger.warn({ err: readiness.cause }, '[saúde] o banco de dados não respondeu')
      return c.json({ message: healthMessages.database }, 503)
    })
}
