/**
 * Outgoing HTTP for adapters that talk to other servers (the bank's API Pix, webhooks), behind a
 * function so tests can route it to an app in process. The default goes over the network with
 * node:http/https, which can present a client certificate (mutual TLS), as PSPs require.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  headers?: Record<string, string>
  body?: string
  /** Milliseconds before the call gives up (default 10 s). */
  timeoutMs?: number
}

export interface HttpResponse {
  status: number
  headers: Record<string, string>
  body: string
}

export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>

export class HttpTimeout extends Error {
  override name = 'HttpTimeout'
}

/** Paths of a client certificate, its key and the CA that signs the server (all optional). */
export interface TlsFiles {
  cert?: string | undefined
  key?: string | undefined
  ca?: string | undefined
}

/** Over the network; with `tls`, HTTPS calls present that client certificate. */
export function networkTransport(tls: TlsFiles = {}): HttpTransport {
  const read = (path: string | undefined) => (path ? readFileSync(path) : undefined)
  const agent = new https.Agent({
    keepAlive: true,
    cert: read(tls.cert),
    key: read(tls.key),
    ca: read(tls.ca),
  })
  const plain = new http.Agent({ keepAlive: true })
  return (request) =>
    new Promise((resolve, reject) => {
      const url = new URL(request.url)
      const secure = url.protocol === 'https:'
      const call = (secure ? https : http).request(
        url,
        {
          method: request.method,
          headers: {
            ...request.headers,
            ...(request.body === undefined
              ? {}
              : { 'content-length': String(Buffer.byteLength(request.body)) }),
          },
          agent: secure ? agent : plain,
          timeout: request.timeoutMs ?? 10_000,
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            const headers: Record<string, string> = {}
            for (const [name, value] of Object.entries(response.headers))
              if (value !== undefined)
                headers[name] = Array.isArray(value) ? value.join(', ') : value
            resolve({
              status: response.statusCode ?? 0,
              headers,
              body: Buffer.concat(chunks).toString('utf8'),
            })
          })
          response.on('error', reject)
        },
      )
      call.on('timeout', () => call.destroy(new HttpTimeout(`${request.method} ${url.host}`)))
      call.on('error', reject)
      if (request.body !== undefined) call.write(request.body)
      call.end()
    })
}

/** In process: the request goes to a fetch handler (a Hono app) without a socket. */
export function handlerTransport(
  handle: (request: Request) => Response | Promise<Response>,
): HttpTransport {
  return async (request) => {
    const response = await handle(
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      }),
    )
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      headers[name] = value
    })
    return { status: response.status, headers, body: await response.text() }
  }
}
