/**
 * Demo routes that read one-time codes (/dev/outbox) answer only on this machine: a loopback
 * peer with no proxy in between. Behind a reverse proxy every request arrives from loopback, so
 * any forwarding header means the request came from elsewhere. A request with no socket at all
 * is app.request() inside this process (the tests), which no network can reach.
 */
import type { MiddlewareHandler } from 'hono'
import { isLoopback, peerAddress } from './client-address'
import { ApiError } from './errors'

export const devOnlyHere =
  'Disponível só neste computador: abra pelo endereço http://localhost do servidor de demonstração.'

const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host']

export const onlyThisMachine: MiddlewareHandler = async (c, next) => {
  const peer = peerAddress(c)
  const forwarded = forwardingHeaders.some((name) => c.req.header(name) !== undefined)
  if (forwarded || (peer !== undefined && !isLoopback(peer))) throw new ApiError(403, devOnlyHere)
  await next()
}
