/**
 * GET /metrics for Prometheus, behind METRICS_TOKEN (`Authorization: Bearer <token>`, compared
 * in constant time). Without METRICS_TOKEN it does not exist (404), in demo mode too: one rule,
 * with nothing to get wrong behind a proxy where every caller looks local.
 */

import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { messages } from '../http/errors'

export const metricsMessages = {
  token: 'Informe o token das métricas: Authorization: Bearer <METRICS_TOKEN>.',
} as const

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Equal digests: the comparison takes as long whatever the length or the first wrong byte. */
export function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

export function metricsRoutes(deps: Pick<ServerDeps, 'config' | 'metrics'>) {
  const { metricsToken } = deps.config
  return new Hono<AppEnv>().get(at('metrics'), async (c) => {
    if (!metricsToken) return c.json({ message: messages.notFound }, 404)
    const given = /^Bearer +(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1]
    if (!given || !sameToken(given, metricsToken)) {
      return c.json({ message: metricsMessages.token }, 401, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      })
    }
    const { contentType, body } = await deps.metrics.exposition()
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' })
  })
}
