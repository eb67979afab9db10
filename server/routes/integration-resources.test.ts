/**
 * The provider's integration API, its resources (issue 25, decision 019): members, contracts,
 * dependents, instalments and cards upserted by the provider's own ids; what a holder then sees;
 * the rule that keeps a holder's edit from being overwritten unseen; money never taken twice
 * (mark-paid, cancel); Idempotency-Key on POSTs. Over the app's real routes, on both databases.
 */
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { cancelRequest } from '../../contract/integration'
import { addDays, todayInSaoPaulo } from '../../contract/late-charges'
import { pixGenerateResponse } from '../../contract/payments'
import { contracts, paymentCharges, paymentOrders, persons } from '../db/schema'
import { demoIds } from '../demo/seed'
import { createApiKey } from '../services/api-keys'
import { runIntegrationIdempotent } from '../services/integration-idempotency'
import { backends, bearer, changeCounts, loginAs, watchWrites } from '../testing'
import { useTestServer } from '../testing/hooks'
import { checkoutPaths, linkFor, pixValue, post } from '../testing/payments'
import { holderSave, paths, postSave, readContract } from '../testing/registration'

// The family's dates count from the day the test runs: its instalments are still to pay, its
// contract and card still valid, whatever the calendar says.
const today = todayInSaoPaulo(new Date())
const family = {
  saleDate: addDays(today, -330),
  expiresOn: addDays(today, 365),
  firstDue: addDays(today, 6),
  secondDue: addDays(today, 37),
}

const base = '/socios-api/integration/v1'
const at = (resource: string, externalId: string, action = '') =>
  `${base}/${resource}/by-external-id/${externalId}${action}`

type Problem = {
  status: number
  detail: string
  errors?: Array<{ path: string; code: string; message: string }>
}

const joana = {
  firstName: 'Joana',
  lastName: 'Prado',
  birthDate: '1988-03-14',
  gender: 'Feminino',
  email: 'joana.prado@exemplo.com.br',
  cpf: '362.718.495-55',
  phoneDdi: '55',
  phone: '11987654321',
  cep: '01310-100',
  state: 'SP',
  city: 'São Paulo',
}
const lucas = { firstName: 'Lucas', lastName: 'Prado', birthDate: '2015-07-02' }

/** Only what a change of data wrote: the key's last use and its rate counter are not data. */
const dataChanges = (changes: Parameters<typeof changeCounts>[0]) =>
  changeCounts(changes).filter(({ table }) => !['rate_limits', 'api_keys'].includes(table))

describe.each(backends)('integration resources (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'], resetEachTest: true })

  async function client(...scopes: string[]) {
    const { key } = await createApiKey(server.db, {
      name: 'ERP do clube',
      scopes: scopes.length
        ? scopes
        : ['members:read', 'members:write', 'billing:read', 'billing:write', 'cards:write'],
    })
    const send = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const response = await server.app.request(path, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return {
        status: response.status,
        etag: response.headers.get('etag'),
        replayed: response.headers.get('idempotent-replayed') === 'true',
        body: (await response.json()) as Record<string, unknown> & Problem,
      }
    }
    return {
      put: (path: string, body: unknown, headers?: Record<string, string>) =>
        send('PUT', path, body, headers),
      post: (path: string, body?: unknown, headers?: Record<string, string>) =>
        send('POST', path, body, headers),
      get: (path: string) => send('GET', path),
    }
  }

  /** A provider's whole family: a plan, Joana and her son, the contract, instalments, a card. */
  async function loadFamily(api: Awaited<ReturnType<typeof client>>) {
    const calls = [
      await api.put(at('plans', 'plano-familia'), { name: 'Plano Família' }),
      await api.put(at('members', 'socio-100'), joana),
      await api.put(at('members', 'socio-101'), lucas),
      await api.put(at('contracts', 'ct-100'), {
        planExternalId: 'plano-familia',
        holderExternalId: 'socio-100',
        status: 'ACTIVE',
        series: 'A',
        number: '100',
        saleDate: family.saleDate,
        expiresOn: family.expiresOn,
        dependentsIncluded: 3,
        holderMandatoryData: { cpf: true },
      }),
      await api.put(at('dependents', 'dep-101'), {
        contractExternalId: 'ct-100',
        memberExternalId: 'socio-101',
        type: 'Filho(a)',
      }),
      await api.put(at('instalments', 'parc-100-1'), {
        contractExternalId: 'ct-100',
        number: 1,
        description: 'Mensalidade 01/12',
        dueDate: family.firstDue,
        value: 18_990,
      }),
      await api.put(at('instalments', 'parc-100-2'), {
        contractExternalId: 'ct-100',
        number: 2,
        description: 'Mensalidade 02/12',
        dueDate: family.secondDue,
        value: 18_990,
        discount: 1_000,
      }),
      await api.put(at('cards', 'cart-100'), {
        contractExternalId: 'ct-100',
        memberExternalId: 'socio-100',
        code: '7770001',
        expiresOn: family.expiresOn,
      }),
    ]
    return calls
  }

  it('loads a family from nothing: 201 each, then the same again writes nothing; Joana logs in and sees it', async () => {
    const api = await client()
    const types = await server.app.request('/socios-api/rql/dependent-types', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.ana}`, 'content-type': 'application/json' },
      body: '{}',
    })
    const typeNames = ((await types.json()) as { dependentType: { name: string }[] }).dependentType
    expect(typeNames.map((type) => type.name)).toContain('Filho(a)')

    const first = await loadFamily(api)
    expect(first.map((call) => call.status)).toEqual([201, 201, 201, 201, 201, 201, 201, 201])
    const watch = await watchWrites(server)
    const { result: again, changes } = await watch.during(() => loadFamily(api))
    expect(again.map((call) => call.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200])
    expect(dataChanges(changes)).toEqual([])

    const contract = await api.get(at('contracts', 'ct-100'))
    expect(contract.body).toMatchObject({
      externalId: 'ct-100',
      planExternalId: 'plano-familia',
      holderExternalId: 'socio-100',
      status: 'ACTIVE',
      series: 'A',
      number: '100',
      saleDate: family.saleDate,
      expiresOn: family.expiresOn,
      dependentsIncluded: 3,
      termsAcceptedAt: null,
      dependents: [
        {
          externalId: 'dep-101',
          memberExternalId: 'socio-101',
          type: 'Filho(a)',
          status: 'ACTIVE',
        },
      ],
    })

    const token = await loginAs(server.app, joana.email)
    const listed = await server.app.request('/socios-api/client/contracts', bearer(token))
    const [only] = (await listed.json()) as Array<{ id: string; model_contract: { name: string } }>
    expect(only?.model_contract.name).toBe('Plano Família')
    const read = await readContract(server.app, token, contract.body.id as string)
    expect(read.holder?.person.documents.cpf).toBe('36271849555')
    expect(read.dependents.map((dependent) => dependent.person.first_name)).toEqual(['Lucas'])
    const orders = await server.app.request(
      `/socios-api/client/contract/payment-orders/${contract.body.id}`,
      bearer(token),
    )
    const list = (await orders.json()) as Array<{ description: string; status: string }>
    expect(list.map((order) => [order.description, order.status])).toEqual([
      ['Mensalidade 01/12', 'NOT_PAID'],
      ['Mensalidade 02/12', 'NOT_PAID'],
    ])
  })

  it('refuses bad records whole, every problem at once, in Portuguese, from the holder API’s rules', async () => {
    const api = await client()
    const bad = await api.put(at('members', 'socio-200'), {
      ...joana,
      cpf: '529.982.247-26',
      cep: '0131',
      birthDate: '2026-02-30',
      phone: '12',
      nickname: 'Jo',
      payerBank: { ispb: '341', branch: '12345', account: '56789-0' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors?.map((error) => [error.path, error.message])).toEqual(
      expect.arrayContaining([
        ['body.cpf', 'CPF inválido.'],
        ['body.cep', 'O CEP deve ter 8 dígitos.'],
        ['body.birthDate', 'Preencha a data de nascimento corretamente no formato DD/MM/AAAA!'],
        ['body.phone', 'O Telefone deve ter de 8 a 11 dígitos.'],
        [
          'body.payerBank.ispb',
          'O ISPB do banco (payerBank.ispb) tem 8 dígitos ou letras maiúsculas, como 60701190.',
        ],
        [
          'body.payerBank.branch',
          'A agência (payerBank.branch) tem até 4 dígitos, sem o dígito verificador.',
        ],
      ]),
    )
    expect(bad.body.errors?.find((error) => error.path === 'body.nickname')?.code).toBe(
      'unknown_field',
    )
    expect(
      await server.db.select().from(persons).where(eq(persons.externalId, 'socio-200')),
    ).toEqual([])
    const orphan = await api.put(at('contracts', 'ct-200'), {
      planExternalId: 'nao-existe',
      holderExternalId: 'socio-nenhum',
      status: 'ATIVO',
    })
    expect(orphan.status).toBe(400)
    expect(orphan.body.errors?.[0]).toMatchObject({ path: 'body.status' })
    const unknown = await api.put(at('contracts', 'ct-200'), {
      planExternalId: 'nao-existe',
      holderExternalId: 'socio-nenhum',
      status: 'ACTIVE',
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors?.[0]).toMatchObject({
      path: 'body.planExternalId',
      code: 'not_found',
    })
    const reader = await client('members:read')
    const denied = await reader.put(at('members', 'socio-200'), joana)
    expect(denied.status).toBe(403)

    // Her bank account, for Pix Automático's requests: the digits kept, read back as written.
    const banked = await api.put(at('members', 'socio-200'), {
      ...joana,
      payerBank: { ispb: '18236120', account: '9.876.543-2' },
    })
    expect(banked.status).toBe(201)
    expect(banked.body).toMatchObject({
      payerBank: { ispb: '18236120', branch: null, account: '98765432' },
    })
  })

  it('never overwrites a holder’s edit unseen: 412 without If-Match, or with an old one; the current version passes', async () => {
    const api = await client()
    await server.db
      .update(persons)
      .set({ externalId: 'socio-ana' })
      .where(eq(persons.id, demoIds.ana.person))
    const stored = await api.get(at('members', 'socio-ana'))
    const provided = { ...pick(stored.body), city: 'Campinas' }
    // The provider wrote it last (it was loaded by the provider): no If-Match needed.
    expect((await api.put(at('members', 'socio-ana'), provided)).status).toBe(200)

    // Ana changes her phone in the portal.
    const contract = await readContract(server.app, tokens.ana, demoIds.ana.contract)
    const saved = await postSave(
      server.app,
      paths.holder,
      tokens.ana,
      holderSave(contract, (person) => {
        ;(person.phone as Record<string, unknown>).number = '11912345678'
      }),
    )
    expect(saved.status).toBe(200)

    const blind = await api.put(at('members', 'socio-ana'), { ...provided, city: 'Santos' })
    expect(blind.status).toBe(412)
    expect(blind.body.detail).toContain('O titular editou este registro no portal')
    const current = await api.get(at('members', 'socio-ana'))
    expect(current.body).toMatchObject({
      writtenBy: 'holder',
      phone: '11912345678',
      city: 'Campinas',
    })
    expect(blind.etag).toBe(current.etag)

    const stale = await api.put(
      at('members', 'socio-ana'),
      { ...provided, city: 'Santos' },
      { 'if-match': stored.etag as string },
    )
    expect(stale.status).toBe(412)
    const seen = await api.put(
      at('members', 'socio-ana'),
      { ...pick(current.body), city: 'Santos' },
      { 'if-match': current.etag as string },
    )
    expect(seen.status).toBe(200)
    expect(seen.body).toMatchObject({ writtenBy: 'provider', phone: '11912345678', city: 'Santos' })

    // Ana's app still holds the version before the provider's write: her next save is stale.
    const late = await postSave(server.app, paths.holder, tokens.ana, holderSave(contract))
    expect(late.status).toBe(409)
    expect((await api.get(at('members', 'socio-ana'))).body.city).toBe('Santos')
  })

  it('mark-paid: once, repeatable with the same reference, 409 when the portal collected it; Idempotency-Key replays', async () => {
    const api = await client()
    await loadFamily(api)
    const paid = {
      method: 'CASH',
      reference: 'caixa-sede-991',
      paidAt: '2026-12-01T10:30:00-03:00',
      amount: 18_990,
    }
    const first = await api.post(at('instalments', 'parc-100-1', '/mark-paid'), paid, {
      'idempotency-key': 'pago-991',
    })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      status: 'PAID',
      paidValue: 18_990,
      paidThrough: 'provider',
      paidOutside: { method: 'CASH', reference: 'caixa-sede-991' },
    })
    const replay = await api.post(at('instalments', 'parc-100-1', '/mark-paid'), paid, {
      'idempotency-key': 'pago-991',
    })
    expect(replay).toMatchObject({ status: 200, replayed: true, body: first.body })
    const reused = await api.post(
      at('instalments', 'parc-100-1', '/mark-paid'),
      { ...paid, reference: 'outra' },
      { 'idempotency-key': 'pago-991' },
    )
    expect(reused.status).toBe(422)
    const other = await api.post(at('instalments', 'parc-100-1', '/mark-paid'), {
      ...paid,
      reference: 'outra',
    })
    expect(other.status).toBe(409)
    expect(other.body.detail).toContain('caixa-sede-991')

    // Ana's instalment 1 was paid in the portal.
    await server.db
      .update(paymentOrders)
      .set({ externalId: 'ana-parc-1' })
      .where(eq(paymentOrders.id, demoIds.ana.instalments[0] as string))
    const twice = await api.post(at('instalments', 'ana-parc-1', '/mark-paid'), paid)
    expect(twice.status).toBe(409)
    expect(twice.body.detail).toContain('O portal já recebeu esta parcela')
    const [row] = await server.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.externalId, 'ana-parc-1'))
    expect(row?.data.paidOutside).toBeUndefined()
  })

  it('mark-paid closes an instalment only for what it cost that day: 0 or less is 422 naming the amount due, late fine and interest included', async () => {
    const api = await client()
    await loadFamily(api)
    // Due 10/12/2026, R$ 189,90; paid on the due day, no late charges.
    const paidOnTime = (amount: number) =>
      api.post(at('instalments', 'parc-100-1', '/mark-paid'), {
        method: 'TRANSFER',
        reference: `ted-${amount}`,
        paidAt: '2026-12-01T10:00:00-03:00',
        amount,
      })
    const watch = await watchWrites(server)
    const { result: refused, changes } = await watch.during(async () => [
      await paidOnTime(0),
      await paidOnTime(18_989),
    ])
    for (const answer of refused) {
      expect(answer.status).toBe(422)
      expect(answer.body.detail).toContain('R$ 189,90 (18990 centavos)')
      expect(answer.body.errors?.[0]?.path).toBe('body.amount')
    }
    expect(dataChanges(changes)).toEqual([])
    expect((await api.get(at('instalments', 'parc-100-1'))).body.status).toBe('NOT_PAID')
    const exact = await paidOnTime(18_990)
    expect(exact.status).toBe(200)
    expect(exact.body).toMatchObject({ status: 'PAID', paidValue: 18_990 })

    // Due 10/01/2026, paid 30 days late: 2% fine and 1% interest, R$ 100,00 + 2,00 + 1,00.
    await api.put(at('instalments', 'parc-100-9'), {
      contractExternalId: 'ct-100',
      number: 9,
      description: 'Mensalidade atrasada',
      dueDate: '2026-01-10',
      value: 10_000,
    })
    const late = (amount: number) =>
      api.post(at('instalments', 'parc-100-9', '/mark-paid'), {
        method: 'CASH',
        reference: `caixa-${amount}`,
        paidAt: '2026-02-09T15:00:00-03:00',
        amount,
      })
    const withoutCharges = await late(10_000)
    expect(withoutCharges.status).toBe(422)
    expect(withoutCharges.body.detail).toContain('em 09/02/2026: R$ 103,00')
    const withCharges = await late(10_300)
    expect(withCharges.status).toBe(200)
    expect(withCharges.body).toMatchObject({ status: 'PAID', paidValue: 10_300 })
  })

  it('mark-paid refuses a payment dated in the future, beyond a few minutes of clock skew', async () => {
    const api = await client()
    await loadFamily(api)
    // Due long after today, so paying it now owes no late charges whenever this runs.
    await api.put(at('instalments', 'parc-100-99'), {
      contractExternalId: 'ct-100',
      number: 99,
      description: 'Anuidade futura',
      dueDate: '2099-01-10',
      value: 18_990,
    })
    const paid = (moment: Date) => ({
      method: 'PIX',
      reference: 'e2e-futuro',
      paidAt: moment.toISOString(),
      amount: 18_990,
    })
    const path = at('instalments', 'parc-100-99', '/mark-paid')
    const tomorrow = new Date(server.clock.now().getTime() + 86_400_000)
    const future = await api.post(path, paid(tomorrow))
    expect(future.status).toBe(422)
    expect(future.body.errors?.[0]?.path).toBe('body.paidAt')
    const skewed = new Date(server.clock.now().getTime() + 60_000)
    expect((await api.post(path, paid(skewed))).status).toBe(200)
  })

  it('Idempotency-Key: a second call with the key while the first still runs is 409, then the first answer is replayed', async () => {
    const api = await client()
    await loadFamily(api)
    const { key, apiKey } = await createApiKey(server.db, {
      name: 'ERP, outra instância',
      scopes: ['billing:write'],
    })
    const path = at('instalments', 'parc-100-2', '/cancel')
    const body = { reason: 'Desistência' }
    const cancel = () =>
      server.app.request(path, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': 'cancela-100-2',
        },
        body: JSON.stringify(body),
      })
    // The first call with this key, on another instance, holds its claim until it is released.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let claimed: () => void = () => {}
    const started = new Promise<void>((resolve) => {
      claimed = resolve
    })
    const first = runIntegrationIdempotent(
      server.db,
      {
        apiKeyId: apiKey.id,
        key: 'cancela-100-2',
        method: 'POST',
        path,
        body: v.parse(cancelRequest, body),
        now: server.clock.now(),
      },
      async () => {
        claimed()
        await held
        return { status: 200, body: JSON.stringify({ answeredBy: 'a primeira chamada' }) }
      },
      () => null,
    )
    await started
    const during = await cancel()
    expect(during.status).toBe(409)
    expect(((await during.json()) as Problem).detail).toBe(
      'Uma chamada com esta Idempotency-Key ainda está em andamento. Espere a resposta dela (ou tente de novo em instantes).',
    )
    release()
    expect((await first).status).toBe(200)
    const after = await cancel()
    expect(after.status).toBe(200)
    expect(after.headers.get('idempotent-replayed')).toBe('true')
    expect(await after.json()).toEqual({ answeredBy: 'a primeira chamada' })
  })

  it('cancel ends the live Pix at the bank, hides the instalment from the holder, and its link can no longer be paid', async () => {
    const api = await client()
    await server.db
      .update(contracts)
      .set({ externalId: 'ct-ana' })
      .where(eq(contracts.id, demoIds.ana.contract))
    await server.db
      .update(paymentOrders)
      .set({ externalId: 'ana-parc-5' })
      .where(eq(paymentOrders.id, demoIds.ana.instalments[4] as string))
    const code = await linkFor(server.app, tokens.ana, [5])
    const pix = await post(server.app, checkoutPaths.pix, { code, token: '1' })
    expect(pix.status).toBe(200)
    const txid = pixValue(v.parse(pixGenerateResponse, pix.body), 'txid')

    const cancelled = await api.post(at('instalments', 'ana-parc-5', '/cancel'), {
      reason: 'Renegociada',
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.cancelledAt).toEqual(expect.any(String))
    const charges = await server.db.select().from(paymentCharges)
    expect(charges.map((charge) => charge.status)).toEqual(['CANCELLED'])
    // The bank no longer takes the Pix: its cob was removed.
    const late = await server.app.request(`/sandbox/pix/${txid}/pay`, { method: 'POST' })
    expect(late.status).not.toBe(200)

    const orders = await server.app.request(
      `/socios-api/client/contract/payment-orders/${demoIds.ana.contract}`,
      bearer(tokens.ana),
    )
    const list = (await orders.json()) as Array<{ id: string }>
    expect(list.map((order) => order.id)).not.toContain(demoIds.ana.instalments[4])
    expect(list).toHaveLength(11)
    const again = await post(server.app, checkoutPaths.pix, { code, token: '1' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Esta parcela foi cancelada e não pode mais ser paga.')
    expect((await api.post(at('instalments', 'ana-parc-5', '/cancel'))).status).toBe(200)
    const paidLater = await api.post(at('instalments', 'ana-parc-5', '/mark-paid'), {
      method: 'PIX',
      reference: 'e2e',
      paidAt: '2026-12-01T10:00:00Z',
      amount: 1,
    })
    expect(paidLater.status).toBe(409)
  })

  it('blocks and unblocks a card: the holder’s card list follows', async () => {
    const api = await client()
    await loadFamily(api)
    const blocked = await api.post(at('cards', 'cart-100', '/block'))
    expect(blocked.body).toMatchObject({ status: 'BLOCKED', code: '7770001' })
    expect((await api.post(at('cards', 'cart-100', '/block'))).body.status).toBe('BLOCKED')
    const token = await loginAs(server.app, joana.email)
    const contract = await api.get(at('contracts', 'ct-100'))
    const cardsOf = async () => {
      const response = await server.app.request('/socios-api/client/rql/cards', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ filter: { contract_id: contract.body.id } }),
      })
      const body = (await response.json()) as { cards: Array<{ code: string; status: string }> }
      expect(response.status, JSON.stringify(body)).toBe(200)
      return body.cards
    }
    expect((await cardsOf()).map((card) => card.status)).toEqual(['BLOCKED'])
    expect((await api.post(at('cards', 'cart-100', '/unblock'))).body.status).toBe('ACTIVE')
    expect((await cardsOf()).map((card) => card.status)).toEqual(['ACTIVE'])
    const taken = await api.put(at('cards', 'cart-101'), {
      contractExternalId: 'ct-100',
      memberExternalId: 'socio-101',
      code: '7770001',
    })
    expect(taken.status).toBe(422)
    expect(taken.body.errors?.[0]).toMatchObject({ path: 'body.code', code: 'taken' })
  })

  it('a plan’s own card: Joana’s card shows the provider’s layout with her data; bad templates are refused with the reason', async () => {
    const api = await client()
    await loadFamily(api)
    const token = await loginAs(server.app, joana.email)
    const contractId = (await api.get(at('contracts', 'ct-100'))).body.id as string
    const listed = await server.app.request('/socios-api/client/rql/cards', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { contract_id: contractId } }),
    })
    const [card] = ((await listed.json()) as { cards: Array<{ id: string }> }).cards
    const visualize = async () =>
      (await (
        await server.app.request(`/socios-api/client/card-visualize/${card?.id}`, bearer(token))
      ).json()) as { frontLayout: string; backLayout: string }
    expect((await visualize()).frontLayout).toContain('Carteirinha de sócio')

    const layout = at('plans', 'plano-familia', '/card-layout')
    const start = await api.get(layout)
    expect(start.body).toMatchObject({ custom: false })
    expect(start.body.front).toContain('{{nome}}')

    const mine = {
      front:
        '<div style="background:#7a0019;color:#fff"><img src="{{foto}}" alt=""><b>{{nome}}</b> {{matricula}} até {{validade}} <i>{{status}}</i></div>',
      back: '<div>Titular: {{titular}} · Contrato {{contrato}}/{{serie}} · {{plano}}</div>',
    }
    const writer = await client('cards:write', 'members:read')
    const reader = await client('members:read')
    expect((await reader.put(layout, { ...mine, front: '<div>{{nome}}</div>' })).status).toBe(403)
    const put = await writer.put(layout, mine)
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ custom: true, front: mine.front })
    const shown = await visualize()
    const validity = family.expiresOn.split('-').reverse().join('/')
    expect(shown.frontLayout).toContain(`<b>Joana Prado</b> 7770001 até ${validity} <i>ATIVO</i>`)
    expect(shown.frontLayout).toMatch(/<img src="data:image\/svg\+xml;base64,/)
    expect(shown.backLayout).toBe(
      '<div>Titular: Joana Prado · Contrato 100/A · Plano Família</div>',
    )

    const refused = await writer.put(layout, {
      front:
        '<div onclick="x()"><script>alert(1)</script><img src="https://rastreio.exemplo.com/p.gif"></div>',
      back: '<div>{{cpf}}</div>',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors?.map((entry) => entry.message)).toEqual([
      'Layout (front): não permitido: atributo onclick em <div>.',
      'Layout (front): não permitido: elemento <script>.',
      'Layout (front): não permitido: <img src="https://rastreio.exemplo.com/p.gif">: só imagens data:image/png, jpeg, gif, webp ou svg sem script.',
      'Layout (back): campo desconhecido {{cpf}}. Use {{nome}}, {{matricula}}, {{validade}}, {{status}}, {{titular}}, {{contrato}}, {{serie}}, {{plano}}, {{foto}}.',
    ])
    // What the check once let through: a card that fetched at the gate.
    const external = await writer.put(layout, {
      front: '<img src="{{foto}}" srcset="https://rastreio.exemplo.com/p.png 2x">',
      back: '<table background="https://rastreio.exemplo.com/b.png"><tr><td>{{nome}}</td></tr></table>',
    })
    expect(external.status).toBe(400)
    expect(external.body.errors?.map((entry) => entry.message)).toEqual([
      'Layout (front): não permitido: atributo srcset em <img>.',
      'Layout (back): não permitido: atributo background em <table>.',
    ])
    expect((await visualize()).backLayout).toBe(shown.backLayout)

    const removed = await server.app.request(layout, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${(await createApiKey(server.db, { name: 'y', scopes: ['cards:write'] })).key}`,
      },
    })
    expect(removed.status).toBe(204)
    expect((await visualize()).frontLayout).toContain('Carteirinha de sócio')
  })

  it('a plan’s documents: Joana sees each one the provider puts, at once, and no longer sees one removed', async () => {
    const api = await client()
    await loadFamily(api)
    const contractId = (await api.get(at('contracts', 'ct-100'))).body.id as string
    const token = await loginAs(server.app, joana.email)
    const holderRead = (etag?: string) =>
      server.app.request(`/socios-api/client/contract/${contractId}`, {
        headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      })
    const before = await holderRead()
    const etag = before.headers.get('etag') ?? ''
    expect(etag).not.toBe('')

    const pdf = Buffer.from('%PDF-1.4\n% Regulamento do clube\n%%EOF\n').toString('base64')
    const document = at('plans', 'plano-familia', '/documents/regulamento')
    const writer = await client('documents:write', 'members:read')
    const put = (body: unknown) => writer.put(document, body)
    const regulation = {
      name: 'Regulamento do clube',
      contentType: 'application/pdf',
      contentBase64: pdf,
    }

    // Without the scope: refused, nothing written.
    expect((await api.put(document, regulation)).status).toBe(403)
    const created = await put(regulation)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      externalId: 'regulamento',
      planExternalId: 'plano-familia',
      name: 'Regulamento do clube',
      size: Buffer.from(pdf, 'base64').length,
    })
    // The version moved: the holder's cached copy is not answered 304.
    const after = await holderRead(etag)
    expect(after.status).toBe(200)
    const shown = (await after.json()) as {
      model_contract: {
        model_contract_documents: Array<{ name: string; file_attachment: { base_64: string } }>
      }
    }
    expect(shown.model_contract.model_contract_documents).toEqual([
      expect.objectContaining({
        name: 'Regulamento do clube',
        content_type: 'application/pdf',
        file_attachment: { base_64: pdf },
      }),
    ])

    const watch = await watchWrites(server)
    const { result: again, changes } = await watch.during(() => put(regulation))
    expect(again.status).toBe(200)
    expect(dataChanges(changes)).toEqual([])

    // A PNG sent as a PDF, and a file over 5 MB: refused with the reason, nothing written.
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=='
    const mismatch = await put({ ...regulation, contentBase64: png })
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.errors?.[0]).toMatchObject({
      path: 'body.contentBase64',
      message: 'O conteúdo enviado não é um PDF: confira contentType e o arquivo.',
    })
    const big = await put({ ...regulation, contentBase64: `JVBERi0${'A'.repeat(7 * 1024 * 1024)}` })
    expect(big.status).toBe(413)
    expect(big.body.detail).toBe('O documento deve ter no máximo 5 MB.')
    expect((await put({ ...regulation, contentType: 'text/html' })).status).toBe(400)
    const listed = await writer.get(at('plans', 'plano-familia', '/documents'))
    expect((listed.body.data as Array<{ name: string }>).map((item) => item.name)).toEqual([
      'Regulamento do clube',
    ])

    const removed = await server.app.request(document, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${(await createApiKey(server.db, { name: 'x', scopes: ['documents:write'] })).key}`,
      },
    })
    expect(removed.status).toBe(204)
    const gone = (await (await holderRead()).json()) as typeof shown
    expect(gone.model_contract.model_contract_documents).toEqual([])
    expect(
      (await writer.put(at('plans', 'nenhum', '/documents/regulamento'), regulation)).status,
    ).toBe(404)
  })
})

/** A member as read, as the body a PUT sends back. */
function pick(member: Record<string, unknown>) {
  const {
    id: _id,
    externalId: _externalId,
    version: _version,
    writtenBy: _writtenBy,
    updatedAt: _updatedAt,
    ...body
  } = member
  return body
}
