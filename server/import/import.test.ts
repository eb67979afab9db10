/**
 * `npm run portal -- import` (issue 25): the templates of docs/importacao/ load whole, a holder
 * they created logs in, sees the contract, card and instalments and pays a Pix, and the provider's
 * receiver gets `instalment.paid` verified by the official Standard Webhooks library. A file with
 * bad rows writes nothing and its report names each row and column; a second run changes
 * nothing; --partial, --dry-run, Windows-1252 with `;`, and two rows that would be one person.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pixGenerateResponse } from '../../contract/payments'
import { cpfWithCheckDigits } from '../../contract/rules'
import { cards, contracts, paymentOrders, persons } from '../db/schema'
import { createApiKey } from '../services/api-keys'
import { deliverDue } from '../services/webhooks'
import { backends, bearer, changeCounts, loginAs, watchWrites } from '../testing'
import { useTestServer } from '../testing/hooks'
import { checkoutPaths, pixValue, post } from '../testing/payments'
import { type ImportOptions, runImport } from './run'

const templates = join(__dirname, '../../docs/importacao')
const templateFiles = [
  'planos.csv',
  'pessoas.csv',
  'contratos.csv',
  'dependentes.csv',
  'parcelas.csv',
  'carteirinhas.csv',
  'cadastro-plano.csv',
].map((name) => join(templates, name))

const memberHeader =
  'id_externo;nome;sobrenome;nascimento;genero;email;cpf;rg;passaporte;certidao_nascimento;ddi;telefone;cep;uf;cidade;pais;rua;bairro;numero;complemento;banco_ispb;banco_agencia;banco_conta'

/** A valid CPF for n (its check digits computed). */
const cpfFor = (n: number) => cpfWithCheckDigits(String(100_000_000 + n).slice(-9))

const reportRows = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(';'))

describe.each(backends)('import from spreadsheets (%s)', (backend) => {
  const { server } = useTestServer(backend, {
    resetEachTest: true,
    overrides: { webhooks: { allowPrivate: true, timeoutMs: 2_000, everyMs: 1_000 } },
  })
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'importacao-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const run = (files: string[], options: Partial<ImportOptions> = {}) =>
    runImport(server.db, {
      files,
      dryRun: false,
      partial: false,
      reportDir: dir,
      now: server.clock.now,
      logger: server.logger,
      ...options,
    })

  it('loads the templates; Joana logs in, sees it all and pays a Pix; the receiver gets a signed instalment.paid', async () => {
    const first = await run(templateFiles)
    expect(first.errorRows).toBe(0)
    expect(first.written).toBe(true)
    expect(first.counts.members.CREATED).toBe(6)
    expect(first.counts.contracts.CREATED).toBe(2)
    expect(first.counts.instalments.CREATED).toBe(4)
    expect(first.counts.cards.CREATED).toBe(3)
    const [paid] = await server.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.externalId, 'parc-1001-01'))
    expect(paid).toMatchObject({ status: 'PAID', paidValue: 18_990 })
    // Joana's bank, for Pix Automático's requests to it (journey 1), from her row's banco_ columns.
    const [joana] = await server.db
      .select()
      .from(persons)
      .where(eq(persons.externalId, 'socio-1001'))
    expect(joana?.payerBank).toEqual({ ispb: '60701190', branch: '1234', account: '567890' })

    // Run again: every row UNCHANGED, nothing written.
    const watch = await watchWrites(server)
    const { result: again, changes } = await watch.during(() => run(templateFiles))
    expect(changeCounts(changes)).toEqual([])
    expect(Object.values(again.counts).every((count) => count.CREATED + count.UPDATED === 0)).toBe(
      true,
    )
    expect(again.counts.instalments.UNCHANGED).toBe(4)

    // The provider listens before Joana pays.
    const received: Array<{ headers: Record<string, string>; body: string }> = []
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        received.push({
          headers: request.headers as Record<string, string>,
          body: Buffer.concat(chunks).toString('utf8'),
        })
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const { key } = await createApiKey(server.db, { name: 'ERP', scopes: ['webhooks:manage'] })
      const endpoint = await server.app.request('/socios-api/integration/v1/webhook-endpoints', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/eventos`,
        }),
      })
      const { secret } = (await endpoint.json()) as { secret: string }

      const token = await loginAs(server.app, 'joana.prado@exemplo.com.br')
      const [contract] = await server.db
        .select()
        .from(contracts)
        .where(eq(contracts.externalId, 'ct-1001'))
      const id = contract?.id as string
      const read = await server.app.request(`/socios-api/client/contract/${id}`, bearer(token))
      expect(
        ((await read.json()) as { model_contract: { name: string } }).model_contract.name,
      ).toBe('Plano Família Club')
      const orders = (await (
        await server.app.request(`/socios-api/client/contract/payment-orders/${id}`, bearer(token))
      ).json()) as Array<{ id: string; status: string; value: number }>
      // Due in February and March 2026: the holder sees them overdue.
      expect(orders.map((order) => order.status)).toEqual(['PAID', 'OVERDUE', 'OVERDUE'])
      const cardList = await server.app.request('/socios-api/client/rql/cards', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ filter: { contract_id: id } }),
      })
      const listed = (await cardList.json()) as { cards: Array<{ code: string }> }
      expect(listed.cards.map((card) => card.code).sort()).toEqual(['0009001001', '0009001002'])

      const second = orders[1] as { id: string }
      const link = await server.app.request(
        `/socios-api/client/send-payment-link?ids=${second.id}`,
        bearer(token),
      )
      const code = new URL((await link.json()) as string).searchParams.get('code') ?? ''
      const pix = await post(server.app, checkoutPaths.pix, { code, token: '1' })
      expect(pix.status).toBe(200)
      const txid = pixValue(v.parse(pixGenerateResponse, pix.body), 'txid')
      expect(
        (await server.app.request(`/sandbox/pix/${txid}/pay`, { method: 'POST' })).status,
      ).toBe(200)
      await server.reconcile()
      await deliverDue({
        db: server.db,
        logger: server.logger,
        mail: { send: async () => {} },
        now: () => new Date(),
        portal: server.config.brand.productName,
        allowPrivate: true,
        timeoutMs: 2_000,
      })
      const [message] = received
      const event = new Webhook(secret).verify(message?.body ?? '', {
        'webhook-id': message?.headers['webhook-id'] ?? '',
        'webhook-timestamp': message?.headers['webhook-timestamp'] ?? '',
        'webhook-signature': message?.headers['webhook-signature'] ?? '',
      }) as { type: string; data: { instalment: { externalId: string }; method: string } }
      expect(event).toMatchObject({
        type: 'instalment.paid',
        data: { instalment: { externalId: 'parc-1001-02' }, method: 'PIX' },
      })
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  })

  it('a file with 4 bad rows among 1,000 writes nothing; the report names each row and column', async () => {
    const lines = [memberHeader]
    for (let n = 1; n <= 1000; n++) {
      const cpf = n === 10 ? '52998224726' : cpfFor(n)
      const birth = n === 500 ? '31/02/1990' : '01/01/1990'
      const id = n === 900 ? 'pessoa-1' : `pessoa-${n}`
      const bank = n === 700 ? '341;1234;56789-0' : ';;'
      lines.push(`${id};Pessoa;${n};${birth};;;${cpf};;;;;;;;;;;;;;${bank}`)
    }
    const file = join(dir, 'mil.csv')
    writeFileSync(file, `${lines.join('\n')}\n`)
    const before = (await server.db.select({ id: persons.id }).from(persons)).length
    const result = await run([file])
    expect(result.written).toBe(false)
    expect(result.errorRows).toBe(4)
    expect((await server.db.select({ id: persons.id }).from(persons)).length).toBe(before)
    const errors = reportRows(join(dir, 'mil.report.csv')).filter((row) => row[1] === 'ERROR')
    // Row 2 holds pessoa-1; row 901 says it again; rows 11, 501 and 701 break a rule.
    expect(errors.map((row) => [row[0], row[3]])).toEqual([
      ['11', 'INVALID:cpf'],
      ['501', 'INVALID:nascimento'],
      ['701', 'INVALID:banco_ispb'],
      ['901', 'DUPLICATE_ID:id_externo'],
    ])
    expect(result.counts.members.SKIPPED).toBe(996)

    // --partial writes the 997 good rows.
    const partial = await run([file], { partial: true })
    expect(partial.written).toBe(true)
    expect(partial.counts.members).toMatchObject({ CREATED: 996, ERROR: 4 })
    expect((await server.db.select({ id: persons.id }).from(persons)).length).toBe(before + 996)
  }, 180_000)

  it('reads Windows-1252 with `;`, dates dd/mm/aaaa and money 1.234,56; refuses two rows that would be one person', async () => {
    const text = [
      memberHeader,
      `p-1;Conceição;Araújo;05/06/1970;Feminino;conceicao@exemplo.com.br;${cpfFor(7001)};;;;55;11900001111;01310100;SP;São Paulo;Brasil;Rua Ipê;Sé;1;`,
      `p-2;Maria;Araújo;05/06/1970;Feminino;;${cpfFor(7002)};;;;;;;;;;;;;`,
      `p-3;Maria Conceição;Araújo;05/06/1970;Feminino;;${cpfFor(7002)};;;;;;;;;;;;;`,
    ].join('\r\n')
    const file = join(dir, 'latin1.csv')
    writeFileSync(file, Buffer.from(text, 'latin1'))
    const result = await run([file])
    const rows = reportRows(join(dir, 'latin1.report.csv'))
    // A dry run of the good row says what it would do, and writes nothing.
    const good = join(dir, 'um.csv')
    writeFileSync(good, Buffer.from(text.split('\r\n').slice(0, 2).join('\r\n'), 'latin1'))
    const dry = await run([good], { dryRun: true })
    expect(dry).toMatchObject({ written: false, counts: { members: { CREATED: 1 } } })
    expect(await server.db.select().from(persons).where(eq(persons.externalId, 'p-1'))).toEqual([])
    expect(rows.map((row) => [row[0], row[1], row[3]])).toEqual([
      ['2', 'SKIPPED', ''],
      ['3', 'ERROR', 'SAME_PERSON:cpf'],
      ['4', 'ERROR', 'SAME_PERSON:cpf'],
    ])
    expect(result.written).toBe(false)
    const partial = await run([file], { partial: true })
    expect(partial.counts.members.CREATED).toBe(1)
    const [stored] = await server.db.select().from(persons).where(eq(persons.externalId, 'p-1'))
    expect(stored).toMatchObject({ firstName: 'Conceição', city: 'São Paulo', cep: '01310100' })

    const plan = join(dir, 'parcelas-valor.csv')
    writeFileSync(
      plan,
      [
        'id_externo;contrato;parcela;descricao;vencimento;valor;desconto;status;pago_em;valor_pago;forma_pagamento;referencia_pagamento',
        'x-1;nao-existe;1;Anuidade;10/01/2027;1.234,56;0;A_PAGAR;;;;',
      ].join('\n'),
    )
    const refused = await run([plan])
    expect(reportRows(join(dir, 'parcelas-valor.report.csv'))[0]?.[3]).toBe('NOT_FOUND:contrato')
    expect(refused.written).toBe(false)
    expect(await server.db.select().from(cards).where(eq(cards.externalId, 'x-1'))).toEqual([])
  })
})
