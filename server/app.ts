/**
 * The Hono app: product API under /socios-api, demo stand-ins under /dev, the built PWA at /.
 * Built from injected dependencies so tests run it in process with app.request().
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { apiBase, serverRoute } from '../contract/operation'
import { operations } from '../contract/operations'
import { createPaymentGateway } from './adapters/payment-gateway/index'
import { createPixApi } from './adapters/pix-api/index'
import { demoClock } from './demo/clock'
import { mountDemo } from './demo/mount'
import { recordOutbox } from './demo/outbox'
import type { AppDeps, AppEnv, ServerDeps } from './deps'
import { ApiError, messages } from './http/errors'
import {
  internalProblem,
  isIntegrationPath,
  ProblemError,
  problemAnswer,
  tooLargeHeaders,
} from './http/integration'
import { createMetrics } from './http/metrics'
import { requestLog, routePattern } from './http/request-log'
import { securityHeaders } from './http/security-headers'
import { serverRender } from './http/server-render'
import { requireSession } from './http/session'
import { staticSite } from './http/static'
import { createLogger } from './logger'
import { cardRoutes, passKeyRoutes } from './routes/cards'
import { checkoutRoutes } from './routes/checkout'
import { contractRoutes } from './routes/contracts'
import { dependentTypeRoutes } from './routes/dependent-types'
import { healthRoutes } from './routes/health'
import { integrationRoutes } from './routes/integration'
import { integrationDocumentRoutes } from './routes/integration-documents'
import { integrationWebhookRoutes } from './routes/integration-webhooks'
import { loginRoutes } from './routes/login'
import { metricsRoutes } from './routes/metrics'
import { openApiRoutes } from './routes/openapi'
import { passkeyLoginRoutes, passkeyRoutes } from './routes/passkeys'
import { paymentRoutes } from './routes/payments'
import { pixAutomaticoRoutes } from './routes/pix-automatico'
import { privacyRoutes } from './routes/privacy'
import { registrationRoutes } from './routes/registration'
import { reminderRoutes } from './routes/reminders'
import { sessionRoutes } from './routes/sessions'
import { termRoutes } from './routes/terms'
import { webhookRoutes } from './routes/webhooks'
import { chargesByState } from './services/charges'
import { liveMethods, type PaymentsDeps } from './services/collections'
import { lazyKeys } from './services/secrets'

const MAX_BODY_BYTES = 1024 * 1024

/** The app and what runs beside it: the payments the reconciler works on. */
export function createServer(appDeps: AppDeps) {
  const { config } = appDeps
  const logger = appDeps.logger ?? createLogger({ level: config.logLevel, demo: config.demo })
  // The demo's clock can be moved to another day (/dev/clock); a given `now` (tests) is kept.
  const clock = config.demo && !appDeps.now ? demoClock() : undefined
  const deps: ServerDeps = {
    ...appDeps,
    now: appDeps.now ?? clock?.now ?? (() => new Date()),
    demoClock: clock,
    logger,
    http: appDeps.http,
    selfUrl: appDeps.selfUrl ?? `http://127.0.0.1:${appDeps.config.port}`,
    keys: lazyKeys(appDeps.db, appDeps.config.jwtSecret),
    demoOutbox: config.demo ? recordOutbox : undefined,
    metrics: createMetrics({
      chargesByState: () => chargesByState(appDeps.db),
      logger,
      processMetrics: config.metricsToken !== undefined,
    }),
  }
  const gateway = createPaymentGateway(deps)
  const pix = createPixApi(deps)
  // Pix stands on its own: a server with only the bank's API Pix takes Pix, and offers nothing
  // a link asks for that no provider here collects.
  const payments: PaymentsDeps | undefined =
    gateway || pix ? { ...deps, gateway, pix, live: liveMethods(gateway, pix) } : undefined
  const app = new Hono<AppEnv>()

  // Outermost: it times and counts every answer, and tags every line logged meanwhile.
  app.use(requestLog(deps.logger, deps.metrics.requestAnswered))
  // Next, so every answer carries them: errors, 404s, static files, /sandbox and /dev too.
  app.use(securityHeaders(deps.config))

  // Every route file registers its operations by their declarations (http/declared.ts), so each
  // is mounted at the root: the paths, the API base included, are contract/operations.ts's.
  app.route('/', healthRoutes(deps))
  app.route('/', metricsRoutes(deps))
  app.route('/', openApiRoutes())
  // No compression middleware for API JSON: gzip per request cost up to the read itself
  // (decision 009). The contract read and the instalment list are compressed once per version
  // instead (http/versioned.ts); static files go out precompressed (http/static.ts).

  // Ahead of the 1 MB limit: registration saves bring their own session and 8 MB limit.
  app.route('/', registrationRoutes(deps))
  // Ahead of it too: a plan's document may be 5 MB (its route has its own limit).
  app.route('/', integrationDocumentRoutes(deps))
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => {
      if (isIntegrationPath(c.req.path))
        throw new ProblemError(413, messages.tooLarge, undefined, tooLargeHeaders)
      return c.json({ message: messages.tooLarge }, 413, tooLargeHeaders)
    },
  })
  // GET and HEAD carry no body; asking for one builds a whole Request (~5% of a hot read).
  app.use(`${apiBase}/*`, (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  )
  app.route('/', loginRoutes(deps))
  app.route('/', passkeyLoginRoutes(deps))
  app.route('/', passKeyRoutes(deps))
  // A holder's operations need a session: which ones is declared (`access: 'holder'`), not
  // inferred from a path prefix. The registration saves check theirs above, before the body limit.
  const session = requireSession(deps)
  for (const declared of operations)
    if (declared.access === 'holder') app.use(serverRoute(declared), session)
  app.route('/', sessionRoutes(deps))
  app.route('/', passkeyRoutes(deps))
  app.route('/', contractRoutes(deps))
  app.route('/', termRoutes(deps))
  app.route('/', cardRoutes(deps))
  app.route('/', paymentRoutes(deps))
  app.route('/', pixAutomaticoRoutes(deps, payments))
  app.route('/', reminderRoutes(deps))
  app.route('/', privacyRoutes(deps))
  app.route('/', dependentTypeRoutes(deps))
  // Public: whoever has a payment link's code may open and pay it (spec §6).
  app.route('/', checkoutRoutes(deps, payments))
  // Providers' notifications: signed, no session.
  app.route('/', webhookRoutes(deps, payments))
  // The provider's own system: integration keys and scopes, never a holder's session.
  app.route('/', integrationRoutes(deps, payments))
  app.route('/', integrationWebhookRoutes(deps))

  // The demo's stand-ins (/dev, /sandbox): mounted in demo mode only, all from server/demo/.
  if (deps.config.demo) mountDemo(app, deps, limitBody)

  app.get(
    '*',
    staticSite(
      deps.config.staticDir,
      serverRender(
        deps.config.staticDir,
        async (request, env) => app.fetch(request, env),
        deps.logger,
      ),
    ),
  )

  app.notFound((c) =>
    isIntegrationPath(c.req.path)
      ? (problemAnswer(new ProblemError(404, 'Rota desconhecida na API de integração.'), c) ??
        c.json({ message: messages.notFound }, 404))
      : c.json({ message: messages.notFound }, 404),
  )
  app.onError((error, c) => {
    // The integration API answers problem details (RFC 9457), its 500 too.
    if (isIntegrationPath(c.req.path)) {
      const problem = problemAnswer(error, c)
      if (problem) return problem
      if (error instanceof HTTPException && error.status < 500)
        return problemAnswer(new ProblemError(error.status, messages.badRequest), c) as Response
      deps.logger.error({ err: error }, `[api] ${c.req.method} ${routePattern(c)} falhou`)
      return internalProblem(c)
    }
    if (error instanceof ApiError) {
      return c.json({ message: error.message }, error.status, error.headers)
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: messages.badRequest }, error.status)
    }
    // The route's pattern, not its path: paths carry payment link codes.
    deps.logger.error({ err: error }, `[api] ${c.req.method} ${routePattern(c)} falhou`)
    return c.json({ message: messages.internal }, 500)
  })
  return { app, deps, payments }
}

export function createApp(appDeps: AppDeps) {
  return createServer(appDeps).app
}

export type App = ReturnType<typeof createApp>
