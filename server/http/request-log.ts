/**
 * One log line per answered request (method, route pattern, status, duration, request id), and
 * the request id on every line logged while it is handled. The id is the caller's X-Request-Id
 * when it looks like one (a proxy's or load balancer's, so both logs join up), else a new UUID;
 * the answer always carries it back.
 *
 * Only the route pattern is logged, never the path or its query: payment links and /dev/outbox
 * carry codes and e-mails there. Headers and bodies are never logged.
 */
import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { type Logger, runWithRequestId } from '../logger'

/** The `msg` of the per-request line, to find (or leave out) those lines. */
export const requestLine = 'requisição'

const saneRequestId = /^[A-Za-z0-9._-]{1,64}$/

export interface AnsweredRequest {
  method: string
  /** Hono's pattern (/socios-api/client/contract/:id), '*' for the app's files, or 'unmatched'. */
  route: string
  status: number
  durationMs: number
  /** Answered from an Idempotency-Key's stored answer (registration saves replayed). */
  replayed: boolean
}

export function requestLog(
  logger: Logger,
  onAnswered: (request: AnsweredRequest) => void = () => {},
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    const incoming = c.req.header('x-request-id')
    const requestId = incoming && saneRequestId.test(incoming) ? incoming : randomUUID()
    await runWithRequestId(requestId, next)
    c.res.headers.set('X-Request-Id', requestId)
    const answered: AnsweredRequest = {
      method: c.req.method,
      route: routePattern(c),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      replayed: c.res.headers.get('idempotent-replayed') === 'true',
    }
    // Past the handling, so the id is given here; `replayed` only where it is true. A 5xx is a
    // warning: what failed has its own error line, with the stack.
    const { replayed, ...fields } = answered
    // An integration call names its key by id (never the key): whose system made it.
    const keyId = c.get('integrationKeyId') as string | undefined
    const line = { requestId, ...(replayed ? answered : fields), ...(keyId ? { keyId } : {}) }
    logger[answered.status >= 500 ? 'warn' : 'info'](line, requestLine)
    onAnswered(answered)
  }
}

/**
 * The route that owns the request: the handler that answered, or, when a middleware answered
 * first (401 without a session, 413 too large), the route it stood in front of. Middleware
 * (method ALL) never counts: its pattern says nothing about the request.
 */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c)
  const index = c.req.routeIndex
  const answering = routes[index]
  if (answering && answering.method !== 'ALL') return answering.path
  for (let i = index + 1; i < routes.length; i++) {
    const route = routes[i]
    if (route && route.method !== 'ALL') return route.path
  }
  return 'unmatched'
}
