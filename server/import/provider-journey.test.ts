/**
 * Issue 25 end to end, as a provider runs it (DEMO=0 on an empty PostgreSQL database): the
 * templates of docs/importacao/ loaded with `npm run portal -- import`, a key made with
 * `keys create`, the server started as a deployment is (its own process, its bank's API Pix, its
 * SMTP server), a webhook endpoint registered over HTTP. Then Joana, one of the imported holders,
 * gets her code by e-mail, logs in, sees her contract, cards and instalments, and pays one by
 * Pix at her bank; the provider's receiver gets `instalment.paid`, checked with the official
 * `standardwebhooks` library.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FakePsp, startFakePsp } from '../../tests/fakes/pix-psp'
import { freePort } from '../../tests/helpers/server'
import { runPortalCommand } from '../cli/portal'
import { scratchPostgres } from '../testing'
import { describePostgres as describePostgresOnly } from '../testing/postgres-only'
import { ServerProcess } from '../testing/process'
import { type ReceivedMail, startSmtpServer } from '../testing/smtp'

const describePostgres = describePostgresOnly('a jornada do provedor (importação, Pix, webhook)')

const root = join(import.meta.dirname, '../..')
const templates = ['planos', 'pessoas', 'contratos', 'dependentes', 'parcelas', 'carteirinhas']
const joana = 'joana.prado@exemplo.com.br'
const bank = {
  clientId: 'clube-exemplo',
  clientSecret: 'segredo-do-clube-no-banco',
  chave: '2b0a6b3e-54a4-4a0c-9a3e-1c1b5c1e9f10',
  webhookSecret: 'segredo-do-webhook-do-banco',
}

type Received = { headers: IncomingHttpHeaders; body: string }

/** A mail's text as its reader sees it (nodemailer sends accented text quoted-printable). */
const quotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  ).toString('utf8')

describePostgres('a provider from an empty database: import, login, Pix, signed webhook', () => {
  let drop = async () => {}
  let reports = ''
  let psp: FakePsp | undefined
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined
  let receiver: Server | undefined
  const received: Received[] = []
  let server: ServerProcess | undefined
  const env: Record<string, string> = {}
  let key = ''

  beforeAll(async () => {
    const scratch = await scratchPostgres('pdt_journey')
    drop = scratch.drop
    reports = mkdtempSync(join(tmpdir(), 'pdt-journey-'))
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    psp = await startFakePsp(bank)
    smtp = await startSmtpServer()
    const listening = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
        response.writeHead(204).end()
      })
    })
    receiver = listening
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
    Object.assign(env, {
      DEMO: '0',
      DATABASE_URL: scratch.url,
      PORT: String(port),
      PUBLIC_URL: url,
      STATIC_DIR: reports,
      JWT_SECRET: 'segredo-da-jornada-do-provedor-com-32-caracteres',
      PIX_API_URL: psp.apiUrl,
      PIX_TOKEN_URL: psp.tokenUrl,
      PIX_CLIENT_ID: bank.clientId,
      PIX_CLIENT_SECRET: bank.clientSecret,
      PIX_CHAVE: bank.chave,
      PIX_WEBHOOK_SECRET: bank.webhookSecret,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Clube Exemplo <portal@clubeexemplo.com.br>',
      WEBHOOK_ALLOW_PRIVATE: '1',
      REMINDERS_EVERY: 'off',
    })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await psp?.close()
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()))
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()))
    if (reports) rmSync(reports, { recursive: true, force: true })
    await drop()
  })

  const command = async (...argv: string[]) => {
    const lines: string[] = []
    await runPortalCommand(argv, { out: (line) => lines.push(line) }, env)
    return lines
  }

  const api = async (path: string, init: { method?: string; body?: unknown; token?: string }) => {
    const response = await fetch(`${server?.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever the API answered
    return { status: response.status, body: (await response.json()) as any }
  }

  it('loads the templates, then Joana logs in by e-mail, sees it all, pays a Pix; the provider hears it', async () => {
    // The provider's own data and key, before the server ever starts.
    const imported = await command(
      'import',
      ...templates.map((name) => join(root, 'docs/importacao', `${name}.csv`)),
      '--report',
      reports,
    )
    expect(imported).toContain(
      'parcelas: 4 linha(s) — 4 criada(s), 0 atualizada(s), 0 sem mudança, 0 com erro, 0 não gravada(s)',
    )
    key =
      (
        await command(
          'keys',
          'create',
          '--name',
          'ERP do clube',
          '--scopes',
          'members:read,billing:read,webhooks:manage',
        )
      ).at(-1) ?? ''

    server = new ServerProcess(env.PUBLIC_URL as string, env)
    await server.start()
    const endpoint = await api('/socios-api/integration/v1/webhook-endpoints', {
      token: key,
      body: {
        url: `http://127.0.0.1:${(receiver?.address() as AddressInfo | undefined)?.port}/eventos`,
      },
    })
    expect(endpoint.status).toBe(201)

    // Joana asks for her code and reads it in her mailbox.
    const asked = await api('/socios-api/client/generate-code', {
      body: { email: joana, send_to: 'email' },
    })
    expect(asked.status).toBe(200)
    await server.until(
      () => (smtp?.mails ?? []).some((item) => item.to.includes(joana)),
      'o e-mail com o código não chegou',
    )
    const raw = ((smtp?.mails ?? []).find((item) => item.to.includes(joana)) as ReceivedMail).raw
    const code = /Portal do Titular é (\d+)/.exec(quotedPrintable(raw))?.[1] ?? ''
    expect(code).toMatch(/^\d+$/)
    const login = await api('/socios-api/client/login', { body: { email: joana, code } })
    expect(login.status).toBe(200)
    const token = login.body.token as string

    // Her contract, its cards and its instalments, as the spreadsheets said.
    const contract = await api('/socios-api/integration/v1/contracts/by-external-id/ct-1001', {
      token: key,
    })
    expect(contract.status).toBe(200)
    const id = contract.body.id as string
    const read = await api(`/socios-api/client/contract/${id}`, { token })
    expect(read.body.model_contract.name).toBe('Plano Família Club')
    const orders = await api(`/socios-api/client/contract/payment-orders/${id}`, { token })
    expect(orders.body.map((order: { status: string }) => order.status)).toEqual([
      'PAID',
      'OVERDUE',
      'OVERDUE',
    ])
    const cards = await api('/socios-api/client/rql/cards', {
      token,
      body: { filter: { contract_id: id } },
    })
    expect(cards.body.cards.map((card: { code: string }) => card.code).sort()).toEqual([
      '0009001001',
      '0009001002',
    ])

    // She pays the second instalment by Pix; her bank settles it and tells the server.
    const second = orders.body[1] as { id: string }
    const link = await api(`/socios-api/client/send-payment-link?ids=${second.id}`, { token })
    const linkCode = new URL(link.body as string).searchParams.get('code') ?? ''
    const pix = await api('/socios-api/checkout/payment-link-pix', {
      body: { code: linkCode, token: '1' },
    })
    expect(pix.status).toBe(200)
    const txid = (pix.body.data as Array<{ key: string; value: string }>).find(
      (entry) => entry.key === 'txid',
    )?.value
    await psp?.pay(txid ?? '')

    // The provider's system hears it, signed, within moments (the deliverer is woken by the
    // commit of the payment).
    await server.until(
      () => received.some((message) => message.body.includes('instalment.paid')),
      'o webhook instalment.paid não chegou',
    )
    const message = received.find((item) => item.body.includes('instalment.paid')) as Received
    const event = new Webhook(endpoint.body.secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    })
    expect(event).toMatchObject({
      type: 'instalment.paid',
      data: { instalment: { externalId: 'parc-1001-02' }, method: 'PIX' },
    })
    const after = await api(`/socios-api/client/contract/payment-orders/${id}`, { token })
    expect(after.body.map((order: { status: string }) => order.status)).toEqual([
      'PAID',
      'PAID',
      'OVERDUE',
    ])
  }, 180_000)
})
