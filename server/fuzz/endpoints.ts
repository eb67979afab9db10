/**
 * Every route of the server (server/routes/*.ts) with valid samples built from the demo data:
 * bodies, queries, path parameters and headers that a real client would send. The fuzz test
 * breaks them; the samples make sure the breakage also reaches past the first checks. The
 * fixtures (sessions, payment links, card tokens, a Pix) are made through the API itself.
 */

import { integrationScopes } from '../../contract/integration'
import { signWebhook, webhookSignatureHeader } from '../adapters/pix-api/webhook'
import type { App } from '../app'
import { sandboxPix } from '../config'
import { sandboxGatewayWebhookSecret } from '../demo/gateway'
import { demoEmails, demoGatewayId, demoIds, demoPaymentLinks } from '../demo/seed'
import { createApiKey } from '../services/api-keys'
import { bearer, loginAs, requestCode, type TestServer } from '../testing'
import {
  loginOptions,
  registerOptions,
  registerPasskey,
  softAuthenticator,
} from '../testing/passkeys'
import {
  cardPayment,
  checkoutPaths,
  holderAddress,
  linkData,
  linkFor,
  post,
  testCards,
  tokenize,
} from '../testing/payments'
import {
  dependentCreate,
  dependentEdit,
  fileBase64,
  holderSave,
  newPerson,
  readContract,
} from '../testing/registration'
import { pixRecurrenceFixtures } from './pix-recurrence-endpoints'
import { forgedSessions } from './sessions'
import { type FieldClass, webhookUrlForms } from './values'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint {
  method: Method
  /** Hono's pattern, e.g. /socios-api/client/contract/:id */
  path: string
  /** Values for each path parameter: own rows, other holders' rows, unknown ones. */
  params?: Record<string, string[]>
  session?: boolean
  queries?: Record<string, string>[]
  /** Valid bodies; absent means the route takes none. */
  bodies?: unknown[]
  /** Fields whose own input class the bodies' fields are also filled with (values.ts). */
  fields?: FieldClass[]
  headers?: Record<string, string>
}

export const endpointName = (endpoint: { method: string; path: string }) =>
  `${endpoint.method} ${endpoint.path}`

export interface FuzzFixtures {
  sessions: { ana: string; bruno: string }
  /** Authorization values that must be refused: forged, expired, unknown person, … */
  badSessions: string[]
  endpoints: Endpoint[]
}

const api = '/socios-api'

/** The holder's address as the payment screen sends it. */
const address = holderAddress
const client = `${api}/client`

/** Logs in, makes payment links, card tokens and a Pix; then lists every endpoint's samples. */
export async function prepareFixtures(server: TestServer): Promise<FuzzFixtures> {
  const { app } = server
  const ana = await loginAs(app, demoEmails.ana)
  const bruno = await loginAs(app, demoEmails.bruno)
  const contract = await readContract(app, ana, demoIds.ana.contract)
  const links = {
    card: await linkFor(app, ana, [6]),
    pix: await linkFor(app, ana, [7]),
    boleto: await linkFor(app, ana, [8]),
  }
  const approved = await tokenize(app, testCards.visa)
  const declined = await tokenize(app, testCards.declined)
  const pix = await post<{ data: { key: string; value: string }[] }>(app, checkoutPaths.pix, {
    code: links.pix,
    token: '1',
  })
  if (pix.status !== 200) throw new Error(`Pix ${pix.status}`)
  const txid = pix.body.data.find((entry) => entry.key === 'txid')?.value ?? ''
  const { boleto_due_dates: dueDates } = await linkData(app, links.boleto)
  const psp = await pspFixtures(app, ana)
  await warmLazyKeys(app, ana)
  // A passkey each for Ana and Bruno; an assertion and a registration answering live challenges.
  const anaPhone = softAuthenticator()
  const anaPasskey = await registerPasskey(app, ana, anaPhone)
  const brunoPasskey = await registerPasskey(app, bruno, softAuthenticator())
  const assertion = anaPhone.assert(await loginOptions(app))
  const registration = softAuthenticator().register(await registerOptions(app, ana))
  // A live code for Ana, so wrong codes sent to /login meet one (and count as wrong tries).
  await requestCode(app, demoEmails.ana)

  const contracts = [demoIds.ana.contract, demoIds.bruno.active.contract, demoIds.carla.contract]
  const card = (number: string) => ({
    card: {
      brand: 'visa',
      card_number: number,
      cvv: '123',
      due_date: `08/${new Date().getUTCFullYear() + 3}`,
      card_holder: 'ANA P SOUZA',
    },
  })
  const pedro = demoIds.ana.pedro.dependent
  const endpoints: Endpoint[] = [
    { method: 'GET', path: `${api}/health` },
    { method: 'GET', path: `${api}/health/live` },
    { method: 'GET', path: `${api}/health/ready` },
    {
      method: 'GET',
      path: '/metrics',
      headers: { authorization: `Bearer ${server.config.metricsToken ?? ''}` },
    },
    { method: 'GET', path: `${api}/.well-known/jwks.json` },
    { method: 'GET', path: `${api}/openapi.json` },
    { method: 'GET', path: `${api}/docs` },
    {
      method: 'POST',
      path: `${client}/generate-code`,
      bodies: [
        { email: demoEmails.ana, send_to: 'email' },
        { email: 'ninguem@exemplo.com.br', send_to: 'cellphone' },
      ],
    },
    {
      method: 'POST',
      path: `${client}/login`,
      bodies: [
        { email: demoEmails.ana, code: '123456' },
        { email: demoEmails.elisa, code: '000000' },
      ],
    },
    { method: 'POST', path: `${client}/passkey/login-options`, bodies: [{}] },
    { method: 'POST', path: `${client}/passkey/login`, bodies: [{ credential: assertion }] },
    {
      method: 'POST',
      path: `${client}/passkey/register-options`,
      session: true,
      bodies: [{}],
    },
    {
      method: 'POST',
      path: `${client}/passkey/register`,
      session: true,
      bodies: [{ credential: registration, name: 'Celular da Ana' }],
    },
    { method: 'GET', path: `${client}/passkeys`, session: true },
    {
      method: 'DELETE',
      path: `${client}/passkeys/:id`,
      session: true,
      params: { id: [anaPasskey.id, brunoPasskey.id, '7f1c2a9e-3b4d-4c5e-8f60-718293a4b5c6'] },
      bodies: [{ end_other_sessions: false }],
    },
    { method: 'GET', path: `${client}/contracts`, session: true },
    { method: 'POST', path: `${client}/logout`, session: true },
    { method: 'POST', path: `${client}/logout-all`, session: true },
    { method: 'GET', path: `${client}/contract/:id`, session: true, params: { id: contracts } },
    {
      method: 'GET',
      path: `${client}/view-contract/:id`,
      session: true,
      params: { id: contracts },
    },
    {
      method: 'GET',
      path: `${client}/term/contract`,
      session: true,
      queries: contracts.map((id) => ({ id })),
    },
    {
      method: 'POST',
      path: `${client}/term/contract/acept/:contractId`,
      session: true,
      params: { contractId: contracts },
      bodies: [{}],
    },
    {
      method: 'POST',
      path: `${client}/rql/cards`,
      session: true,
      bodies: [
        {
          sort: [{ field: 'name', direction: 'asc' }],
          offset: 0,
          limit: 10,
          filter: { contract_id: demoIds.ana.contract },
        },
      ],
    },
    {
      method: 'GET',
      path: `${client}/card-visualize/:cardId`,
      session: true,
      params: {
        cardId: [demoIds.ana.cards.ana, demoIds.ana.cards.pedro, demoIds.bruno.active.card],
      },
    },
    {
      method: 'GET',
      path: `${client}/contract/payment-orders/:id`,
      session: true,
      params: { id: contracts },
    },
    {
      method: 'GET',
      path: `${client}/contract/payment-orders/:id/calendar`,
      session: true,
      params: { id: contracts },
    },
    { method: 'GET', path: `${client}/reminder-preferences`, session: true },
    // Débito automático via Pix (decision 025): enrol, read, cancel; others' contracts are 404.
    ...(['POST', 'GET', 'DELETE'] as const).map((method) => ({
      method,
      path: `${client}/contract/:id/pix-automatico`,
      session: true,
      params: { id: contracts },
      // How to authorize it: a QR, or a request to the holder's bank (journey 1).
      ...(method === 'POST' ? { bodies: [{ via: 'QR' }, { via: 'BANCO' }] } : {}),
    })),
    // The holder's copy of their data (issue 28): the session is the only input.
    { method: 'GET', path: `${client}/personal-data`, session: true },
    { method: 'GET', path: `${client}/personal-data/pdf`, session: true },
    {
      method: 'PUT',
      path: `${client}/reminder-preferences`,
      session: true,
      bodies: [
        { email: false, whatsapp: true },
        { email: true, whatsapp: false },
      ],
    },
    {
      method: 'GET',
      path: `${client}/receipts/:id`,
      session: true,
      params: {
        id: [
          demoIds.ana.instalments[0] ?? '',
          demoIds.ana.instalments[11] ?? '',
          demoIds.bruno.instalments[0] ?? '',
        ],
      },
    },
    {
      method: 'GET',
      path: `${client}/send-payment-link`,
      session: true,
      queries: [
        { ids: demoIds.ana.instalments.slice(8, 10).join('|') },
        { ids: demoIds.bruno.instalments.slice(0, 1).join('|') },
      ],
    },
    {
      method: 'POST',
      path: `${client}/photo-holder`,
      session: true,
      headers: { 'idempotency-key': 'fuzz-idempotency-key' },
      bodies: [
        holderSave(contract, (person) => {
          person.first_name = 'Ana Paula'
        }),
        { ...holderSave(contract), photo: { base_64: fileBase64('jpeg', 2_000) } },
      ],
    },
    {
      method: 'POST',
      path: `${client}/add-dependent`,
      session: true,
      headers: { 'idempotency-key': 'fuzz-idempotency-key' },
      bodies: [
        dependentCreate(contract.id, newPerson({ email: 'lia.fuzz@exemplo.com.br' })),
        dependentEdit(contract, pedro, (person) => {
          person.last_name = 'Souza Lima'
        }),
      ],
    },
    { method: 'POST', path: `${api}/rql/dependent-types`, session: true, bodies: [{}] },
    {
      method: 'GET',
      path: checkoutPaths.link,
      queries: [links.card, demoPaymentLinks.cardSwap, demoPaymentLinks.b2b].map((code) => ({
        code,
      })),
    },
    {
      method: 'POST',
      path: checkoutPaths.link,
      bodies: [
        cardPayment(links.card, approved),
        cardPayment(demoPaymentLinks.b2b, declined),
        cardPayment(demoPaymentLinks.cardSwap, approved, { payment_type: 'RECURRENCE' }),
      ],
    },
    { method: 'POST', path: checkoutPaths.pix, bodies: [{ code: links.pix, token: '1' }] },
    { method: 'POST', path: checkoutPaths.verifyPix, bodies: [pix.body] },
    // Débito automático via Pix from a link that allows recurrence (decision 025).
    { method: 'GET', path: '/socios-api/checkout/pix-automatico', queries: [{ code: links.pix }] },
    {
      method: 'POST',
      path: '/socios-api/checkout/pix-automatico',
      bodies: [{ code: links.pix }, { code: links.pix, via: 'BANCO' }],
    },
    {
      method: 'POST',
      path: checkoutPaths.boleto,
      bodies: [{ code: links.boleto, ...address, installments: 1, selected_date: dueDates[0] }],
    },
    {
      method: 'GET',
      path: '/dev/outbox',
      queries: [{ to: demoEmails.ana }, { to: '+5511987654321' }],
    },
    { method: 'GET', path: '/dev/payments' },
    {
      method: 'GET',
      path: '/dev/outbox/reminders',
      queries: [{}, { to: demoEmails.ana }, { to: '+5511987654321' }],
    },
    { method: 'POST', path: '/dev/reminders', queries: [{}, { date: '2026-12-07' }] },
    // A test server's clock is the test's: moving it answers 409, and nothing moves.
    { method: 'POST', path: '/dev/clock', queries: [{ date: '2026-12-07' }] },
    {
      method: 'GET',
      path: '/sandbox/cep/:cep/json',
      params: { cep: ['01310-100', '01310100', '99999-999'] },
    },
    {
      method: 'POST',
      path: checkoutPaths.token,
      headers: { companyid: demoGatewayId },
      bodies: [card(testCards.visa), card(testCards.declined)],
    },
    { method: 'POST', path: '/sandbox/pix/:txid/pay', params: { txid: [txid] } },
    { method: 'POST', path: '/sandbox/boleto/:line/pay', params: { line: [psp.boletoLine] } },
    {
      method: 'GET',
      path: '/socios-api/checkout/receipt',
      queries: [{ code: links.card }, { code: demoPaymentLinks.b2b }],
    },
    {
      method: 'GET',
      path: '/socios-api/checkout/paid',
      queries: [{ code: links.card }, { code: demoPaymentLinks.b2b }],
    },
    {
      method: 'GET',
      path: '/socios-api/checkout/pix-status',
      queries: [{ code: links.pix, txid }],
    },
    ...psp.endpoints,
    ...(await integrationEndpoints(server)),
  ]
  return {
    sessions: { ana, bruno },
    badSessions: await forgedSessions(server, ana),
    endpoints,
  }
}

/**
 * The server secret and the pass signing keys are created on first use; they are made here,
 * before the row watch starts, so a refused request is not blamed for creating them.
 */
async function warmLazyKeys(app: App, token: string) {
  const jwks = await app.request(`${api}/.well-known/jwks.json`)
  const cards = await app.request(`${client}/rql/cards`, {
    method: 'POST',
    headers: { ...bearer(token).headers, 'content-type': 'application/json' },
    body: JSON.stringify({ filter: { contract_id: demoIds.ana.contract } }),
  })
  if (jwks.status !== 200 || cards.status !== 200) throw new Error('chaves não criadas')
}

/**
 * The provider's integration API (decision 019), with a key holding every scope: a plan of the
 * provider's made beforehand, so reads and updates meet one.
 */
async function integrationEndpoints(server: TestServer): Promise<Endpoint[]> {
  const { key } = await createApiKey(server.db, { name: 'fuzz', scopes: [...integrationScopes] })
  const headers = { authorization: `Bearer ${key}` }
  const base = `${api}/integration/v1`
  const made = await server.app.request(`${base}/plans/by-external-id/plano-fuzz`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Plano do fuzz' }),
  })
  if (made.status !== 201) throw new Error(`plano ${made.status}`)
  const put = async (path: string, body: unknown) => {
    const answer = await server.app.request(`${base}${path}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (answer.status !== 201) throw new Error(`${path} ${answer.status}`)
  }
  // One of each resource, so reads, updates and actions meet real rows.
  await put('/members/by-external-id/socio-fuzz', { firstName: 'Fuzz', cpf: '48159263791' })
  await put('/members/by-external-id/dep-fuzz', { firstName: 'Filho Fuzz' })
  await put('/contracts/by-external-id/ct-fuzz', {
    planExternalId: 'plano-fuzz',
    holderExternalId: 'socio-fuzz',
    status: 'ACTIVE',
  })
  await put('/instalments/by-external-id/parc-fuzz', {
    contractExternalId: 'ct-fuzz',
    number: 1,
    description: 'Mensalidade',
    dueDate: '2026-12-10',
    value: 10_000,
  })
  await put('/cards/by-external-id/cart-fuzz', {
    contractExternalId: 'ct-fuzz',
    memberExternalId: 'socio-fuzz',
    code: 'FUZZ-1',
  })
  const resource = (name: string, ids: string[], bodies: unknown[]): Endpoint[] => [
    {
      method: 'GET',
      path: `${base}/${name}/by-external-id/:externalId`,
      headers,
      params: { externalId: ids },
    },
    {
      method: 'PUT',
      path: `${base}/${name}/by-external-id/:externalId`,
      headers,
      params: { externalId: ids },
      bodies,
    },
  ]
  const list = (name: string): Endpoint => ({
    method: 'GET',
    path: `${base}/${name}`,
    headers,
    queries: [{}, { limit: '2' }],
  })
  const action = (name: string, verb: string, ids: string[], bodies: unknown[]): Endpoint => ({
    method: 'POST',
    path: `${base}/${name}/by-external-id/:externalId/${verb}`,
    headers: { ...headers, 'idempotency-key': 'fuzz-1' },
    params: { externalId: ids },
    bodies,
  })
  // Public, and never called: the fuzz server checks endpoint addresses as in production, and
  // sends nothing.
  const endpointUrl = 'https://1.1.1.1:9/webhooks'
  const endpoint = await server.app.request(`${base}/webhook-endpoints`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ url: endpointUrl }),
  })
  if (endpoint.status !== 201) throw new Error(`webhook-endpoints ${endpoint.status}`)
  const { id: endpointId } = (await endpoint.json()) as { id: string }
  const endpointIds = [endpointId, '00000000-0000-4000-8000-000000000000']
  const endpointBodies = [
    { url: endpointUrl },
    { url: 'https://1.1.1.1:9/outro', eventTypes: ['instalment.paid'], enabled: false },
  ]
  const onEndpoint = (path: string, method: Endpoint['method'], bodies?: unknown[]) => ({
    method,
    path: `${base}/webhook-endpoints/:endpointId${path}`,
    headers: method === 'POST' ? { ...headers, 'idempotency-key': 'fuzz-2' } : headers,
    params: { endpointId: endpointIds },
    ...(bodies ? { bodies } : {}),
  })
  const externalId = ['plano-fuzz', 'plano-novo', 'desconhecido']
  return [
    {
      method: 'GET',
      path: `${base}/events`,
      headers,
      queries: [{}, { limit: '2' }, { type: 'instalment.paid' }],
    },
    { method: 'GET', path: `${base}/webhook-endpoints`, headers },
    {
      method: 'POST',
      path: `${base}/webhook-endpoints`,
      headers,
      bodies: endpointBodies,
      fields: [webhookUrlForms],
    },
    { ...onEndpoint('', 'PUT', endpointBodies), fields: [webhookUrlForms] },
    onEndpoint('', 'DELETE'),
    onEndpoint('/rotate-secret', 'POST', [{}]),
    onEndpoint('/ping', 'POST', [{}]),
    { ...onEndpoint('/deliveries', 'GET'), queries: [{}, { limit: '2' }] },
    {
      method: 'POST',
      path: `${base}/webhook-endpoints/:endpointId/deliveries/:deliveryId/retry`,
      headers: { ...headers, 'idempotency-key': 'fuzz-3' },
      params: { endpointId: endpointIds, deliveryId: ['00000000-0000-4000-8000-000000000001'] },
      bodies: [{}],
    },
    onEndpoint('/replay', 'POST', [{ from: '2026-01-01T00:00:00Z', to: '2026-12-31T00:00:00Z' }]),
    { method: 'GET', path: `${base}/key`, headers },
    list('plans'),
    ...resource('plans', externalId, [{ name: 'Plano do fuzz' }, { name: 'Plano Ouro' }]),
    {
      method: 'GET',
      path: `${base}/plans/by-external-id/:externalId/documents`,
      headers,
      params: { externalId },
    },
    ...(['GET', 'PUT', 'DELETE'] as const).map(
      (method): Endpoint => ({
        method,
        path: `${base}/plans/by-external-id/:externalId/card-layout`,
        headers,
        params: { externalId },
        ...(method === 'PUT'
          ? {
              bodies: [
                {
                  front:
                    '<div style="background:#0b4fa8;color:#fff">{{nome}} · {{matricula}}</div>',
                  back: '<div>{{titular}} — contrato {{contrato}}</div>',
                },
                {
                  front: '<div><img src="{{foto}}" alt="">{{plano}}</div>',
                  back: '<p>{{validade}}</p>',
                },
              ],
            }
          : {}),
      }),
    ),
    ...(['PUT', 'DELETE'] as const).map(
      (method): Endpoint => ({
        method,
        path: `${base}/plans/by-external-id/:externalId/documents/:documentExternalId`,
        headers,
        params: { externalId, documentExternalId: ['regulamento', 'tabela-de-precos'] },
        ...(method === 'PUT'
          ? {
              bodies: [
                {
                  name: 'Regulamento do clube',
                  contentType: 'application/pdf',
                  contentBase64: 'JVBERi0xLjQKJcOkw7zDtsOfCg==',
                },
                {
                  name: 'Tabela de preços',
                  contentType: 'image/png',
                  contentBase64:
                    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
                },
              ],
            }
          : {}),
      }),
    ),
    list('members'),
    ...resource(
      'members',
      ['socio-fuzz', 'socio-novo'],
      [
        { firstName: 'Fuzz', cpf: '48159263791' },
        { firstName: 'Outra', lastName: 'Pessoa', birthDate: '1990-01-31', cep: '01310100' },
      ],
    ),
    list('contracts'),
    ...resource(
      'contracts',
      ['ct-fuzz', 'ct-novo'],
      [
        { planExternalId: 'plano-fuzz', holderExternalId: 'socio-fuzz', status: 'ACTIVE' },
        {
          planExternalId: 'plano-fuzz',
          holderExternalId: 'socio-fuzz',
          status: 'OVERDUE',
          dependentsIncluded: 2,
          saleDate: '2026-01-10',
          expiresOn: '2027-01-10',
        },
      ],
    ),
    ...resource(
      'dependents',
      ['dep-fuzz', 'dep-novo'],
      [{ contractExternalId: 'ct-fuzz', memberExternalId: 'dep-fuzz', type: 'Filho(a)' }],
    ),
    list('instalments'),
    ...resource(
      'instalments',
      ['parc-fuzz', 'parc-nova'],
      [
        {
          contractExternalId: 'ct-fuzz',
          number: 1,
          description: 'Mensalidade',
          dueDate: '2026-12-10',
          value: 10_000,
        },
      ],
    ),
    action(
      'instalments',
      'mark-paid',
      ['parc-fuzz', 'parc-nova'],
      [{ method: 'CASH', reference: 'caixa-1', paidAt: '2026-12-01T10:00:00Z', amount: 10_000 }],
    ),
    action('instalments', 'cancel', ['parc-fuzz', 'parc-nova'], [{}, { reason: 'Renegociada' }]),
    list('cards'),
    ...resource(
      'cards',
      ['cart-fuzz', 'cart-nova'],
      [
        {
          contractExternalId: 'ct-fuzz',
          memberExternalId: 'socio-fuzz',
          code: 'FUZZ-1',
          expiresOn: '2027-01-10',
        },
      ],
    ),
    action('cards', 'block', ['cart-fuzz', 'cart-nova'], [{}]),
    action('cards', 'unblock', ['cart-fuzz', 'cart-nova'], [{}]),
  ]
}

const pspBase = '/sandbox/pix-api'

/** The sandbox PSP (API Pix) and the providers' webhooks: a token, a paid Pix, a boleto. */
async function pspFixtures(app: App, ana: string) {
  const basic = Buffer.from(`${sandboxPix.clientId}:${sandboxPix.clientSecret}`).toString('base64')
  const tokenForm =
    'grant_type=client_credentials&scope=cob.write cob.read pix.write pix.read webhook.write webhook.read'
  const tokenAnswer = await app.request(`${pspBase}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: tokenForm,
  })
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string }
  const auth = { authorization: `Bearer ${token}` }
  // A Pix paid at the bank, for the /pix and devolução endpoints.
  const paidLink = await linkFor(app, ana, [9])
  const paid = await post<{ data: { key: string; value: string }[] }>(app, checkoutPaths.pix, {
    code: paidLink,
    token: '1',
  })
  const paidTxid = paid.body.data.find((entry) => entry.key === 'txid')?.value ?? ''
  const paying = await app.request(`/sandbox/pix/${paidTxid}/pay`, { method: 'POST' })
  const { endToEndId } = (await paying.json()) as { endToEndId: string }
  const boletoLink = await linkFor(app, ana, [10])
  const { boleto_due_dates: dates } = await linkData(app, boletoLink)
  const boleto = await post<{ boletos: { digitable_line: string }[] }>(app, checkoutPaths.boleto, {
    code: boletoLink,
    ...address,
    installments: 1,
    selected_date: dates[0],
  })
  const boletoLine = boleto.body.boletos?.[0]?.digitable_line ?? ''
  const cob = {
    calendario: { expiracao: 3600 },
    devedor: { cpf: '52998224725', nome: 'Ana Paula Souza' },
    valor: { original: '12.34', modalidadeAlteracao: 0 },
    chave: sandboxPix.chave,
    solicitacaoPagador: 'Fuzz',
  }
  const newTxid = 'fuzz0000000000000000000000000001'
  const pixNotice = JSON.stringify({
    pix: [{ endToEndId, txid: paidTxid, valor: '1.00', horario: new Date().toISOString() }],
  })
  const boletoNotice = JSON.stringify({ event: 'boleto.paid', reference: 'x-1' })
  const at = new Date().toISOString()
  const recNotice = JSON.stringify({
    recs: [
      {
        idRec: 'RR9999999920261127abcdefghijk',
        status: 'APROVADA',
        atualizacao: [{ status: 'APROVADA', data: at }],
      },
    ],
  })
  const cobrNotice = JSON.stringify({
    cobsr: [
      {
        idRec: 'RR9999999920261127abcdefghijk',
        txid: 'rec0123456789abcdef0123456789a',
        status: 'CONCLUIDA',
        atualizacao: [{ status: 'CONCLUIDA', data: at }],
      },
    ],
  })
  const endpoints: Endpoint[] = [
    {
      method: 'POST',
      path: `${pspBase}/oauth/token`,
      headers: { authorization: `Basic ${basic}` },
      bodies: [tokenForm],
    },
    {
      method: 'PUT',
      path: `${pspBase}/v2/cob/:txid`,
      params: { txid: [newTxid, paidTxid] },
      headers: auth,
      bodies: [cob],
    },
    {
      method: 'GET',
      path: `${pspBase}/v2/cob/:txid`,
      params: { txid: [paidTxid, newTxid] },
      headers: auth,
    },
    {
      method: 'PATCH',
      path: `${pspBase}/v2/cob/:txid`,
      params: { txid: [newTxid, paidTxid] },
      headers: auth,
      bodies: [{ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }],
    },
    {
      method: 'GET',
      path: `${pspBase}/v2/pix/:e2eid`,
      params: { e2eid: [endToEndId] },
      headers: auth,
    },
    {
      method: 'PUT',
      path: `${pspBase}/v2/pix/:e2eid/devolucao/:id`,
      params: { e2eid: [endToEndId], id: ['FUZZ1', 'FUZZ2'] },
      headers: auth,
      bodies: [{ valor: '0.01', natureza: 'ORIGINAL', descricao: 'Fuzz' }],
    },
    {
      method: 'GET',
      path: `${pspBase}/v2/pix/:e2eid/devolucao/:id`,
      params: { e2eid: [endToEndId], id: ['FUZZ1'] },
      headers: auth,
    },
    {
      method: 'PUT',
      path: `${pspBase}/v2/webhook/:chave`,
      params: { chave: [sandboxPix.chave] },
      headers: auth,
      bodies: [{ webhookUrl: 'http://portal.test/socios-api/webhooks/pix' }],
    },
    {
      method: 'GET',
      path: `${pspBase}/v2/webhook/:chave`,
      params: { chave: [sandboxPix.chave] },
      headers: auth,
    },
    {
      method: 'DELETE',
      path: `${pspBase}/v2/webhook/:chave`,
      params: { chave: ['outra-chave'] },
      headers: auth,
    },
    {
      method: 'POST',
      path: '/socios-api/webhooks/pix/pix',
      headers: { [webhookSignatureHeader]: signWebhook(sandboxPix.webhookSecret, pixNotice) },
      bodies: [JSON.parse(pixNotice)],
    },
    {
      method: 'POST',
      path: '/socios-api/webhooks/pix/rec',
      headers: { [webhookSignatureHeader]: signWebhook(sandboxPix.webhookSecret, recNotice) },
      bodies: [JSON.parse(recNotice)],
    },
    {
      method: 'POST',
      path: '/socios-api/webhooks/pix/cobr',
      headers: { [webhookSignatureHeader]: signWebhook(sandboxPix.webhookSecret, cobrNotice) },
      bodies: [JSON.parse(cobrNotice)],
    },
    {
      method: 'POST',
      path: '/socios-api/webhooks/gateway',
      headers: {
        [webhookSignatureHeader]: signWebhook(sandboxGatewayWebhookSecret, boletoNotice),
      },
      bodies: [JSON.parse(boletoNotice)],
    },
    ...(await pixRecurrenceFixtures(app)),
  ]
  return { endpoints, boletoLine }
}
