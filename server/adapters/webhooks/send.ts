/**
 * Sends one webhook message over the network, as Standard Webhooks asks of a sender: a POST of
 * JSON, 15 s to answer, redirects not followed (a 3xx is a failure). The address is checked when
 * the connection is made (the `lookup` below), so a name that resolves to this machine or to a
 * private network is refused even if it changed since the endpoint was saved (DNS rebinding),
 * unless the operator allows private addresses (tests, on-premise receivers).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { isPrivateAddress } from './address'

export const WEBHOOK_TIMEOUT_MS = 15_000

export interface WebhookAnswer {
  /** 0 when nothing came back (refused, timed out, address not allowed). */
  status: number
  retryAfter: string | undefined
  /** Why it failed, for the delivery's record (never the receiver's body). */
  error: string | undefined
}

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError'
}

const checkedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const allowed = addresses.filter((item) => allowPrivate || !isPrivateAddress(item.address))
      const [first] = allowed
      if (!first)
        return callback(
          new PrivateAddressError(`${hostname} resolve para um endereço privado ou local`),
          '',
          0,
        )
      if ((options as { all?: boolean }).all)
        return (callback as never as (e: null, a: LookupAddress[]) => void)(null, allowed)
      callback(null, first.address, first.family)
    })
  }

/**
 * Connections are kept between messages to the same receiver (a TLS handshake per event would
 * cost more than the event); one closed idle for 4 s, under the 5 s most servers keep one.
 * Each connection's address was checked when it was made.
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

export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookAnswer> {
  return new Promise((resolve) => {
    const target = new URL(url)
    const client = target.protocol === 'https:' ? https : http
    let settled = false
    const finish = (answer: WebhookAnswer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(answer)
    }
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'PortalDoTitular-Webhooks/1',
        },
        lookup: checkedLookup(allowPrivate),
        agent: agentFor(target.protocol, allowPrivate),
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
        error:
          error instanceof PrivateAddressError
            ? error.message
            : `falha de conexão: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
      }),
    )
    request.end(body)
  })
}
