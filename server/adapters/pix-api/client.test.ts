/**
 * Our API Pix client against a server that speaks the standard (the demo's sandbox PSP), over
 * real HTTP: OAuth2 client credentials, cobrança imediata (create, read, alter, remove), the
 * bank's webhook reaching our server, devolução; and the transport presenting a client
 * certificate to a server that demands one (mutual TLS), with certificates made by openssl.
 *
 * Between the two sits a proxy that checks every request and every answer against the Central
 * Bank's own document (bacen/pix-api 2.9.0), so neither side can drift from the standard by
 * agreeing with the other: each test ends clean, and each names the operations it drove.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ValidatingProxy } from '../../../tests/helpers/openapi/validating-proxy'
import { sandboxPix } from '../../config'
import { sandboxBank } from '../../demo/routes/sandbox-pix-api'
import { demoEmails } from '../../demo/seed'
import { loginAs } from '../../testing'
import { anaInstalments, checkoutPaths, linkFor } from '../../testing/payments'
import { type PixSandbox, startPixSandbox } from '../../testing/pix-sandbox'
import { networkTransport } from '../http'
import { createPixApiClient, type PixApi, PixApiError } from './client'
import { signWebhook, webhookSignatureHeader } from './webhook'

describe('API Pix client against the sandbox PSP, over HTTP', () => {
  let sandbox: PixSandbox
  let base = ''
  let pix: PixApi
  let app: PixSandbox['app']
  let db: PixSandbox['db']
  let proxy: ValidatingProxy
  let webhookUrl = ''

  beforeAll(async () => {
    sandbox = await startPixSandbox()
    ;({ base, pix, app, db, proxy, webhookUrl } = sandbox)
    // Migrating and seeding a database in memory: past a minute on a busy 2-core machine.
  }, 180_000)
  beforeEach(() => {
    sandbox.driven()
  })
  afterEach(() => proxy.assertClean())
  afterAll(async () => {
    await sandbox?.close()
  })

  const txid = (n: number) => `teste${String(n).padStart(27, '0')}`

  const driven = () => sandbox.driven()
  const bearer = () => sandbox.bearer()

  it('refuses a client with the wrong secret (OAuth2 client credentials)', async () => {
    const stranger = createPixApiClient({
      apiUrl: `${base}/sandbox/pix-api/v2`,
      clientId: sandboxPix.clientId,
      clientSecret: 'errado',
      chave: sandboxPix.chave,
      transport: networkTransport(),
    })
    const refused = await stranger.getCob(txid(1)).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(PixApiError)
    expect((refused as PixApiError).status).toBe(401)
  })

  it('creates, reads, alters and removes a cobrança imediata', async () => {
    const created = await pix.createCob(txid(2), {
      amount: 12_345,
      expiresInSeconds: 1800,
      payer: { cpf: '52998224725', name: 'Ana Paula Souza' },
      message: 'Plano Família Clube 2024',
    })
    expect(created).toMatchObject({ txid: txid(2), status: 'ATIVA', revision: 0, amount: 12_345 })
    expect(created.copyPaste).toMatch(/^000201010212/)
    expect(await pix.getCob(txid(2))).toMatchObject({ status: 'ATIVA', payments: [] })
    // A PUT on a cob still ATIVA alters it (spec), with a new revision.
    expect(await pix.createCob(txid(2), { amount: 10_000, expiresInSeconds: 1800 })).toMatchObject({
      revision: 1,
      amount: 10_000,
    })
    expect(await pix.removeCob(txid(2))).toMatchObject({
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    })
    // Only an ATIVA cob can be changed: CobOperacaoInvalida, RFC 7807.
    const again = (await pix.removeCob(txid(2)).catch((error: unknown) => error)) as PixApiError
    expect(again.status).toBe(400)
    expect(again.kind).toBe('CobOperacaoInvalida')
    expect(await pix.getCob(txid(3))).toBeNull()
    expect(driven()).toEqual([
      'PUT /cob/{txid} 201',
      'GET /cob/{txid} 200',
      'PUT /cob/{txid} 201',
      'PATCH /cob/{txid} 200',
      'PATCH /cob/{txid} 400',
      'GET /cob/{txid} 404',
    ])
  })

  it('the bank posts a received Pix to our webhook, which settles the instalment; devolução', async () => {
    const token = await loginAs(app, demoEmails.ana)
    const code = await linkFor(app, token, [5])
    const generated = await fetch(`${base}${checkoutPaths.pix}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, token: '1' }),
    })
    const { data } = (await generated.json()) as { data: { key: string; value: string }[] }
    const id = data.find((entry) => entry.key === 'txid')?.value ?? ''
    const amount = Number(data.find((entry) => entry.key === 'value')?.value)

    const paid = await fetch(`${base}/sandbox/pix/${id}/pay`, { method: 'POST' })
    const { endToEndId } = (await paid.json()) as { endToEndId: string }
    expect(endToEndId).toMatch(/^E\d{8}\d{12}[a-z0-9]{11}$/)
    // Over the network, before the bank answered the payer: the instalment is paid.
    expect((await anaInstalments(db.db, [5]))[0]?.status).toBe('PAID')
    const cob = await pix.getCob(id)
    expect(cob?.status).toBe('CONCLUIDA')
    expect(cob?.payments).toEqual([expect.objectContaining({ endToEndId, amount })])

    const refund = await pix.refund(endToEndId, 'R1', 100, 'teste')
    expect(refund).toMatchObject({ id: 'R1', amount: 100, status: 'DEVOLVIDO' })
    // The same devolução asked again is the same devolução, not a second one.
    expect(await pix.refund(endToEndId, 'R1', 100, 'teste')).toEqual(refund)
    const tooMuch = (await pix
      .refund(endToEndId, 'R2', amount, 'teste')
      .catch((error: unknown) => error)) as PixApiError
    expect(tooMuch.kind).toBe('PixDevolucaoInvalida')
    expect((await pix.getPix(endToEndId))?.refunds).toHaveLength(1)
    // The checkout created the cob with the app's own client; this one read and refunded it.
    expect(driven()).toEqual([
      'GET /cob/{txid} 200',
      'PUT /pix/{e2eid}/devolucao/{id} 201',
      // The same id again: refused, then read back.
      'PUT /pix/{e2eid}/devolucao/{id} 400',
      'GET /pix/{e2eid}/devolucao/{id} 200',
      // Too much: refused, and no devolução of that id exists.
      'PUT /pix/{e2eid}/devolucao/{id} 400',
      'GET /pix/{e2eid}/devolucao/{id} 404',
      'GET /pix/{e2eid} 200',
    ])
  })

  it('a Pix the PSP does not know is null, as is its devolução', async () => {
    const unknown = `E${sandboxBank.ispb}202404101200abcdefghijk`
    expect(await pix.getPix(unknown)).toBeNull()
    expect(await pix.getRefund(unknown, 'R1')).toBeNull()
    expect(driven()).toEqual(['GET /pix/{e2eid} 404', 'GET /pix/{e2eid}/devolucao/{id} 404'])
  })

  it("the PSP's webhook: set, read, cancelled, then unknown (as the document describes it)", async () => {
    const withToken = await bearer()
    const hook = `${proxy.url}/v2/webhook/${encodeURIComponent(sandboxPix.chave)}`
    await pix.setWebhook(webhookUrl)
    const read = await fetch(hook, { headers: withToken })
    expect(await read.json()).toMatchObject({ webhookUrl, chave: sandboxPix.chave })
    expect((await fetch(hook, { method: 'DELETE', headers: withToken })).status).toBe(204)
    expect((await fetch(hook, { headers: withToken })).status).toBe(404)
    expect((await fetch(hook, { method: 'DELETE', headers: withToken })).status).toBe(404)
    // Put back: the bank must keep notifying this server.
    await pix.setWebhook(webhookUrl)
    expect(driven()).toEqual([
      'PUT /webhook/{chave} 200',
      'GET /webhook/{chave} 200',
      'DELETE /webhook/{chave} 204',
      'GET /webhook/{chave} 404',
      'DELETE /webhook/{chave} 404',
      'PUT /webhook/{chave} 200',
    ])
  })

  it('every operation of the document the client calls went through the proxy', () => {
    const operations = new Set(proxy.calls().map((call) => call.operationId))
    expect([...operations].sort()).toEqual([
      'DELETE /webhook/{chave}',
      'GET /cob/{txid}',
      'GET /pix/{e2eid}',
      'GET /pix/{e2eid}/devolucao/{id}',
      'GET /webhook/{chave}',
      'PATCH /cob/{txid}',
      'PUT /cob/{txid}',
      'PUT /pix/{e2eid}/devolucao/{id}',
      'PUT /webhook/{chave}',
    ])
  })

  it('a notification without the right signature is refused over HTTP too', async () => {
    const body = JSON.stringify({ pix: [] })
    const refused = await fetch(`${base}/socios-api/webhooks/pix/pix`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [webhookSignatureHeader]: signWebhook('nao-e-o-segredo', body),
      },
      body,
    })
    expect(refused.status).toBe(401)
  })
})

describe('mutual TLS: the transport presents the client certificate of its configuration', () => {
  let dir = ''
  let server: https.Server | undefined
  let url = ''

  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pdt-mtls-'))
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '1',
      '-subj',
      '/CN=Banco de Teste CA',
    )
    writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n')
    for (const name of ['server', 'client']) {
      openssl(
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        `/CN=${name === 'client' ? 'portal-do-titular' : '127.0.0.1'}`,
      )
      openssl(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-days',
        '1',
        ...(name === 'server' ? ['-extfile', 'san.ext'] : []),
      )
    }
    const read = (file: string) => readFileSync(join(dir, file))
    server = https.createServer(
      {
        key: read('server.key'),
        cert: read('server.pem'),
        ca: read('ca.pem'),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (request, response) => {
        const peer = (request.socket as import('node:tls').TLSSocket).getPeerCertificate()
        response.end(JSON.stringify({ client: peer.subject?.CN }))
      },
    )
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done))
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(async () => {
    await new Promise((done) => server?.close(done))
    rmSync(dir, { recursive: true, force: true })
  })

  it('with the certificate the bank knows, it is let in; without it, refused', async () => {
    const withCert = networkTransport({
      cert: join(dir, 'client.pem'),
      key: join(dir, 'client.key'),
      ca: join(dir, 'ca.pem'),
    })
    const answer = await withCert({ method: 'GET', url })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ client: 'portal-do-titular' })
    const without = networkTransport({ ca: join(dir, 'ca.pem') })
    await expect(without({ method: 'GET', url })).rejects.toThrow()
  })
})
