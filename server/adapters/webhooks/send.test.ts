/**
 * The check at every send, against a real listener on 127.0.0.1: the inside address written
 * another way, a name that resolves inside, a name that resolved outside a moment ago, and plain
 * http, are all refused before a connection is opened, with the same words whether the port
 * is open or not. With the operator's leave the same URLs do connect (so the listener would
 * have seen a connection), and to the address that was checked, not to a second resolution.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSecureContext } from 'node:tls'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { refusedMessages, sendWebhook } from './send'
import { webhookTarget } from './target'

let listener: Server
let port = 0
/** A port nothing listens on: the listener's, once it is closed. */
let closedPort = 0
let connections = 0
let requests: IncomingHttpHeaders[] = []

beforeAll(async () => {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  listener = createServer((request, response) => {
    requests.push(request.headers)
    request.resume()
    request.on('end', () => response.end('ok'))
  })
  listener.on('connection', () => {
    connections += 1
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  port = (listener.address() as AddressInfo).port
})

afterAll(() => {
  listener.closeAllConnections()
  return new Promise<void>((resolve) => listener.close(() => resolve()))
})

beforeEach(() => {
  connections = 0
  requests = []
})

const send = (
  url: string,
  allowPrivate: boolean,
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>,
) => sendWebhook(url, {}, '{"type":"webhook.ping"}', allowPrivate, 2_000, resolve)

/** A name the system resolver does not know, answered here; the answers are taken in turn. */
const dns = (...answers: string[][]) => {
  const calls: string[] = []
  const resolve = async (hostname: string) => {
    calls.push(hostname)
    const addresses = answers[Math.min(calls.length, answers.length) - 1] ?? []
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
  return { calls, resolve }
}

const refusedPrivate = {
  status: 0,
  retryAfter: undefined,
  error: refusedMessages.privateAddress,
}

describe('a webhook send, checked when it is made', () => {
  const insideForms = (to: number) => [
    `https://[::ffff:7f00:1]:${to}/webhooks`,
    `https://[::ffff:127.0.0.1]:${to}/webhooks`,
    `https://[0:0:0:0:0:ffff:7f00:1]:${to}/webhooks`,
    `https://[::7f00:1]:${to}/webhooks`,
    `https://[64:ff9b::7f00:1]:${to}/webhooks`,
    `https://[2002:7f00:1::]:${to}/webhooks`,
    `https://[::1]:${to}/webhooks`,
    `https://[::]:${to}/webhooks`,
    `https://0x7f000001:${to}/webhooks`,
    `https://2130706433:${to}/webhooks`,
    `https://0177.0.0.1:${to}/webhooks`,
    `https://127.1:${to}/webhooks`,
    `https://0.0.0.0:${to}/webhooks`,
    `https://localhost:${to}/webhooks`,
    `https://receptor.localhost:${to}/webhooks`,
  ]

  it('refuses every spelling of this machine without connecting, open port or closed', async () => {
    for (const to of [port, closedPort])
      for (const url of insideForms(to)) expect(await send(url, false), url).toEqual(refusedPrivate)
    expect(connections).toBe(0)
  })

  it('refuses a name that resolves to this machine, and one that did not a moment ago', async () => {
    const inside = dns(['127.0.0.1'])
    expect(await send(`https://receptor.exemplo:${port}/`, false, inside.resolve)).toEqual(
      refusedPrivate,
    )
    // DNS rebinding: outside when the endpoint was saved, inside when it is sent to.
    const rebinding = dns(['93.184.215.14'], ['127.0.0.1'])
    const url = `https://rebind.exemplo:${port}/`
    expect(await webhookTarget(url, false, rebinding.resolve)).toHaveProperty('addresses')
    expect(await send(url, false, rebinding.resolve)).toEqual(refusedPrivate)
    // Several answers, one of them inside: refused, not tried one after another.
    const mixed = dns(['93.184.215.14', '::ffff:7f00:1'])
    expect(await send(url, false, mixed.resolve)).toEqual(refusedPrivate)
    expect(connections).toBe(0)
  })

  it('refuses plain http without the operator’s leave, before connecting', async () => {
    for (const url of [`http://127.0.0.1:${port}/`, `http://0x7f000001:${port}/`])
      expect(await send(url, false), url).toEqual({
        status: 0,
        retryAfter: undefined,
        error: refusedMessages.plainHttp,
      })
    expect(connections).toBe(0)
  })

  it('with the operator’s leave, the same forms reach the listener', async () => {
    for (const host of ['[::ffff:7f00:1]', '0x7f000001', '127.1', 'localhost']) {
      const answer = await send(`http://${host}:${port}/webhooks`, true)
      expect(answer, host).toMatchObject({ status: 200, error: undefined })
    }
    expect(requests).toHaveLength(4)
  })

  it('connects to the address it checked, keeping the name in Host', async () => {
    // The system resolver does not know this name: only the checked answer leads anywhere.
    const pinned = dns(['127.0.0.1'], ['203.0.113.1'])
    const answer = await send(`http://receptor.invalid:${port}/webhooks`, true, pinned.resolve)
    expect(answer).toMatchObject({ status: 200 })
    expect(pinned.calls).toEqual(['receptor.invalid'])
    expect(requests.at(-1)?.host).toBe(`receptor.invalid:${port}`)
  })

  it('over https, names the host in SNI and checks the certificate against the name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdt-webhook-tls-'))
    try {
      // biome-ignore format: one openssl command, as typed
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1',
        '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '1', '-subj', '/CN=receptor.invalid',
        '-addext', 'subjectAltName=DNS:receptor.invalid'], { cwd: dir, stdio: 'pipe' })
      const tls = {
        key: readFileSync(join(dir, 'key.pem')),
        cert: readFileSync(join(dir, 'cert.pem')),
      }
      const names: string[] = []
      const secure = createTlsServer({
        ...tls,
        SNICallback: (name, done) => {
          names.push(name)
          done(null, createSecureContext(tls))
        },
      })
      await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve))
      const tlsPort = (secure.address() as AddressInfo).port
      try {
        const answer = await send(
          `https://receptor.invalid:${tlsPort}/`,
          true,
          dns(['127.0.0.1']).resolve,
        )
        // Reached through the checked address, named as written; its own certificate is not
        // one the system trusts, so the send stops there.
        expect(names).toEqual(['receptor.invalid'])
        expect(answer.error).toMatch(/SELF_SIGNED/)
      } finally {
        secure.closeAllConnections()
        await new Promise<void>((resolve) => secure.close(() => resolve()))
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('tells a closed port from an open one only when the operator allows inside addresses', async () => {
    const open = await send(`https://[::ffff:7f00:1]:${port}/`, false)
    const closed = await send(`https://[::ffff:7f00:1]:${closedPort}/`, false)
    expect(open).toEqual(closed)
    const allowedClosed = await send(`http://127.0.0.1:${closedPort}/`, true)
    expect(allowedClosed.error).toBe('falha de conexão: ECONNREFUSED')
  })
})
