/**
 * The demo's own routes, mounted by app.ts in demo mode only (issue 24): the dev outbox and
 * payment figures (/dev, for this machine only), the CEP stand-in, and, when no PIX_API_URL
 * names a real bank, the sandbox bank's API Pix and the payer's side of the demo (paying a Pix
 * or a boleto, the sandbox tokenizer), whichever gateway the app charges through.
 */
import type { Hono, MiddlewareHandler } from 'hono'
import { networkTransport } from '../adapters/http'
import type { AppEnv, ServerDeps } from '../deps'
import { onlyThisMachine } from '../http/loopback'
import { createSandboxGateway } from './gateway'
import { devRoutes } from './routes/dev'
import { sandboxRoutes } from './routes/sandbox'
import { sandboxGatewayRoutes } from './routes/sandbox-gateway'
import { createSandboxPsp } from './routes/sandbox-pix-api'

export function mountDemo(
  app: Hono<AppEnv>,
  deps: ServerDeps,
  limitBody: MiddlewareHandler<AppEnv>,
) {
  // Codes and payment figures: for whoever sits at this machine, never for the network.
  app.use('/dev/*', onlyThisMachine)
  app.route('/dev', devRoutes(deps))
  // The sandbox takes bodies from anyone the demo listens to: the same limit as the API.
  app.use('/sandbox/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  )
  app.route('/sandbox', sandboxRoutes())
  if (deps.config.pix && deps.config.pix.apiUrl === undefined) {
    const http = deps.http ?? networkTransport()
    const psp = createSandboxPsp({ ...deps, pix: deps.config.pix, http })
    app.route('/sandbox/pix-api', psp.routes)
    app.route('/sandbox/pix', psp.helpers)
    const sandbox = createSandboxGateway(deps.db, deps.now)
    app.route('/sandbox', sandboxGatewayRoutes(deps, sandbox, psp, http))
  }
}
