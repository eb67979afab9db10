/**
 * For tests: an HTTP server on a free port that answers what the test tells it to and keeps what
 * reached it, so a test can show what arrived (a request the proxy passed on, a webhook).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { readAll } from './forward'

export interface Received {
  method: string
  /** Path and query, as they arrived. */
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

export interface Reply {
  status: number
  headers?: Record<string, string>
  body?: string
}

export async function startTinyUpstream(answer: (received: Received) => Reply) {
  const received: Received[] = []
  const server = http.createServer(async (request, response) => {
    const seen = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: (await readAll(request)).toString('utf8'),
    }
    received.push(seen)
    const reply = answer(seen)
    response.writeHead(reply.status, reply.headers).end(reply.body)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

export const json = (status: number, value: unknown, type = 'application/json'): Reply => ({
  status,
  headers: { 'content-type': type },
  body: JSON.stringify(value),
})
