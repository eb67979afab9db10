/**
 * Sends one webhook message over the network, as Standard Webhooks asks of a sender: a POST of
 * JSON, 15 s to answer, redirects not followed (a 3xx is a failure). Before every send the URL
 * is checked again (target.ts): https, and every address the host is or resolves to public,
 * unless the operator allows private addresses (tests, on-premise receivers). The connection is
 * then made to the addresses checked (the `lookup` below hands them to Node), so a name that
 * resolves elsewhere a moment later (DNS rebinding) changes nothing; TLS still checks the name.
 */
import type { LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { type Resolve, resolveAll, type TargetRefusal, webhookTarget } from './target'

export const WEBHOOK_TIMEOUT_MS = 15_000

export interface WebhookAnswer {
  /** 0 when nothing came back (refused, timed out, address not allowed). */
  status: number
  retryAfter: string | undefined
  /** Why it failed, for the delivery's record (never the receiver's body). */
  error: string | undefined
}

/**
 * What the delivery's record says of a send refused before any connection. The same words
 * whatever the address or port, and no connection made: the log cannot tell an open port from
 * a closed one.
 */
export const refusedMessages: Record<TargetRefusal, string> = {
  plainHttp:
    'Envio recusado: a URL não usa https (WEBHOOK_ALLOW_PRIVATE=1 permite http, para testes e redes internas).',
  privateAddress:
    'Envio recusado: a URL aponta para este servidor ou para uma rede privada (WEBHOOK_ALLOW_PRIVATE=1 permite, para testes e redes internas).',
  unresolvable: 'Envio recusado: o nome da URL não foi encontrado no DNS.',
}

/** Hands Node the addresses already checked, instead of resolving the name a second time. */
const pinnedLookup =
  (addresses: LookupAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    const family = (options as { family?: number }).family
    const usable =
      family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses
    const [first] = usable
    if (!first) {
      const error: NodeJS.ErrnoException = new Error('nenhum endereço verificado nesta família')
      error.code = 'ENOTFOUND'
      return callback(error, '', 0)
    }
    if ((options as { all?: boolean }).all)
      return (callback as never as (e: null, a: LookupAddress[]) => void)(null, usable)
    callback(null, first.address, first.family)
  }

/**
 * Connections are kept between messages to the same receiver (a TLS handshake per event would
 * cost more than the event); one closed idle for 4 s, under the 5 s most servers keep one.
 * Each connection's address was checked when it was made, and each send checks the URL again
 * before it may reuse one; one made with private addresses allowed serves only such sends.
 */
const agents = new Map<string, http.Agent>()
function agentFor(protocol: string, allowPrivate: boolean) {
  const key = `${protocol}${allowPrivate}`
  let agent = agents.get(key)
  if (!agent) {
    const options = { keepAlive: true, timeout: 4_000, maxFreeSockets: 16 }
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options)
    agents.set(key, agent)
  }
  return agent
}

export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  resolve: Resolve = resolveAll,
): Promise<WebhookAnswer> {
  const target = await webhookTarget(url, allowPrivate, resolve)
  if ('refused' in target)
    return { status: 0, retryAfter: undefined, error: refusedMessages[target.refused] }
  return new Promise((resolve) => {
    const client = target.url.protocol === 'https:' ? https : http
    let settled = false
    const finish = (answer: WebhookAnswer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(answer)
    }
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'PortalDoTitular-Webhooks/1',
        },
        lookup: pinnedLookup(target.addresses),
        agent: agentFor(target.url.protocol, allowPrivate),
      },
      (response) => {
        // The body is not read beyond draining it: only the status counts.
        response.resume()
        const status = response.statusCode ?? 0
        const retryAfter = response.headers['retry-after']
        response.on('end', () =>
          finish({
            status,
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
            error: status >= 200 && status < 300 ? undefined : `HTTP ${status}`,
          }),
        )
        response.on('error', () =>
          finish({ status, retryAfter: undefined, error: `HTTP ${status}` }),
        )
      },
    )
    // The whole exchange, not only an idle socket: a receiver that trickles is cut at 15 s too.
    const timer = setTimeout(() => {
      request.destroy()
      finish({ status: 0, retryAfter: undefined, error: `sem resposta em ${timeoutMs / 1000} s` })
    }, timeoutMs)
    request.on('error', (error) =>
      finish({
        status: 0,
        retryAfter: undefined,
        error: `falha de conexão: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
      }),
    )
    request.end(body)
  })
}
