/**
 * The proxy's plain forwarding: the request goes on as it came, less what describes only the
 * connection, and the whole answer is read before it is checked and passed back.
 */
import http from 'node:http'
import https from 'node:https'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'

// RFC 9110 §7.6.1: these describe one connection, not the message. Host names the proxy, and
// content-length is set again from the bytes actually sent.
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
])

export function forwardable(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
  const kept: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !hopByHop.has(name) && !named.includes(name)) kept[name] = value
  return kept
}

export const readAll = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** The bytes as the upstream meant them, for checking only: the client gets them encoded. */
export function decodedBody(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'gzip') return gunzipSync(body)
  if (encoding === 'br') return brotliDecompressSync(body)
  if (encoding === 'deflate') return inflateSync(body)
  return body
}

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** One request to the upstream on its own connection (agent: false): nothing outlives close(). */
export function send(target: URL, method: string, headers: http.OutgoingHttpHeaders, body: Buffer) {
  return new Promise<Answer>((done, fail) => {
    const call = (target.protocol === 'https:' ? https : http).request(
      target,
      { method, headers, agent: false },
      (response) =>
        readAll(response).then(
          (bytes) =>
            done({ status: response.statusCode ?? 0, headers: response.headers, body: bytes }),
          fail,
        ),
    )
    call.on('error', fail)
    call.end(body)
  })
}
