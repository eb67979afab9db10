/**
 * A proxy that checks an HTTP client and the server it talks to against the provider's own
 * OpenAPI document: put it between the two, and every request and every answer is validated
 * by openapi-request-validator / openapi-response-validator while passing through unchanged.
 *
 *   client ──▶ proxy (127.0.0.1, free port) ──▶ upstream (a fake or sandbox of the provider)
 *                │ the document's operation for method + path; the request's path, query,
 *                │ declared headers and body; then the answer for its status
 *                ▼
 *             calls() and violations(); assertClean() throws listing them
 *
 * A request that breaks the document is still forwarded, so the test sees what the client did
 * next; it is only recorded. Nothing is answered by the proxy itself, except a 502 when the
 * upstream cannot be reached (recorded too).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { OpenApiDocument } from './documents'
import { type Answer, decodedBody, forwardable, readAll, send } from './forward'
import { type Match, matchOperation } from './operations'
import { requestErrors, responseErrors } from './validators'

export interface Call {
  method: string
  /** As the client sent it, base path included, without the query. */
  path: string
  /** The document's operationId (or "METHOD template"); undefined when no operation matched. */
  operationId: string | undefined
  status: number
}

export interface Violation {
  where: 'route' | 'request' | 'response'
  method: string
  path: string
  operationId?: string
  status?: number
  errors: string[]
}

export interface ValidatingProxy {
  /** Where the client should send what it would send to the upstream. */
  url: string
  calls(): Call[]
  violations(): Violation[]
  /** Throws listing every violation recorded since the previous assertClean (for afterEach). */
  assertClean(): void
  close(): Promise<void>
}

export interface ValidatingProxyOptions {
  document: OpenApiDocument
  /** The server that answers; the request's path is appended to it unchanged. */
  upstream: string
  /** What precedes the document's paths in a request's path, e.g. '/v2' for API Pix. */
  basePath?: string
  /** Names the proxy in assertClean's message. */
  name?: string
}

export async function startValidatingProxy(
  options: ValidatingProxyOptions,
): Promise<ValidatingProxy> {
  const { document, basePath = '' } = options
  const upstream = options.upstream.replace(/\/+$/, '')
  const calls: Call[] = []
  const violations: Violation[] = []
  let reported = 0

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const method = request.method ?? 'GET'
    const url = new URL(request.url ?? '/', 'http://proxy')
    const path = url.pathname
    const body = await readAll(request)
    const record = (violation: Omit<Violation, 'method' | 'path'>) =>
      violations.push({ method, path, ...violation })

    // The document's paths start after the base path; outside it, no operation can match.
    let match: Match | undefined
    if (path === basePath || path.startsWith(`${basePath}/`))
      match = matchOperation(document, method, path.slice(basePath.length) || '/')
    const operationId = match?.operation.id
    if (!match)
      record({ where: 'route', errors: [`nenhuma operação do documento para ${method} ${path}`] })
    else {
      const errors = requestErrors(document, match.operation, {
        params: match.params,
        query: url.search.replace(/^\?/, ''),
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        contentType: request.headers['content-type'],
        body,
      })
      if (errors.length) record({ where: 'request', operationId, errors })
    }

    // Forwarded whatever the verdict: the client's next step is part of what a test checks.
    let answer: Answer
    try {
      const headers = forwardable(request.headers)
      if (body.length || request.headers['content-length'] !== undefined)
        headers['content-length'] = String(body.length)
      answer = await send(new URL(`${upstream}${path}${url.search}`), method, headers, body)
    } catch (error) {
      const reason = `upstream ${upstream} inalcançável: ${(error as Error).message}`
      record({ where: 'response', operationId, errors: [reason] })
      calls.push({ method, path, operationId, status: 502 })
      response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(reason)
      return
    }

    if (match) {
      const errors = responseErrors(
        document,
        match.operation,
        answer.status,
        answer.headers['content-type'],
        decodedBody(answer.headers['content-encoding'], answer.body),
      )
      if (errors.length) record({ where: 'response', operationId, status: answer.status, errors })
    }
    calls.push({ method, path, operationId, status: answer.status })
    // The answer as it came; only its framing (length, connection) is the proxy's own.
    const headers = forwardable(answer.headers)
    headers['content-length'] = String(answer.body.length)
    response.writeHead(answer.status, headers).end(answer.body)
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A fault of the proxy itself: the test must not pass over it.
      violations.push({
        where: 'request',
        method: request.method ?? '',
        path: request.url ?? '',
        errors: [`falha do proxy: ${(error as Error).stack ?? String(error)}`],
      })
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  const name = options.name ?? document.info?.title ?? 'API'

  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => [...calls],
    violations: () => [...violations],
    assertClean() {
      const fresh = violations.slice(reported)
      reported = violations.length
      if (!fresh.length) return
      const lines = fresh.map(
        (violation) =>
          `- ${violation.where} ${violation.method} ${violation.path}` +
          (violation.operationId ? ` (${violation.operationId})` : '') +
          (violation.status ? ` → ${violation.status}` : '') +
          violation.errors.map((error) => `\n    ${error}`).join(''),
      )
      throw new Error(
        `${name}: ${fresh.length} violação(ões) do documento OpenAPI:\n${lines.join('\n')}`,
      )
    },
    close: () =>
      new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()))
        server.closeIdleConnections()
      }),
  }
}
