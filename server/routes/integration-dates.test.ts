/**
 * Every date the integration API takes, with dates PostgreSQL cannot keep or the calendar does
 * not have: each is refused in Portuguese naming its field (400), never stored shifted and never
 * a 500. Over the app's real routes, on both databases.
 */
import { describe, expect, it } from 'vitest'
import { integrationScopes } from '../../contract/integration'
import { createApiKey } from '../services/api-keys'
import { backends } from '../testing'
import { useTestServer } from '../testing/hooks'

const base = '/socios-api/integration/v1'
const at = (resource: string, externalId: string, action = '') =>
  `${base}/${resource}/by-external-id/${externalId}${action}`

/** Days the calendar lacks, years PostgreSQL cannot store or we never meant, loose formats. */
const badDays = [
  '0000-01-01',
  '2026-02-30',
  '2026-02-29',
  '2026-04-31',
  '9999-12-31',
  '275760-09-13',
  '2026-2-3',
  '2026-02-28T25:00:00Z',
]
const badTimestamps = [
  '0000-01-01T00:00:00Z',
  '2026-02-30T10:00:00-03:00',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '2026-02-28T25:00:00Z',
  '2026-02-28T10:00:00',
  '2026-02-28',
]

describe.each(backends)('dates on the integration API (%s)', (backend) => {
  // The replay's endpoint may be on this machine: no delivery runs here.
  const { server } = useTestServer(backend, {
    overrides: { webhooks: { allowPrivate: true, timeoutMs: 1_000, everyMs: 60_000 } },
  })

  it('refuses every impossible or unstorable date with 400 naming the field, on every operation that takes one', async () => {
    const { key } = await createApiKey(server.db, {
      name: 'ERP',
      scopes: [...integrationScopes],
    })
    const send = async (method: string, path: string, body: unknown) => {
      const response = await server.app.request(path, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return {
        status: response.status,
        body: (await response.json()) as {
          detail?: string
          errors?: Array<{ path: string; message: string }>
        },
      }
    }
    const made = [
      await send('PUT', at('plans', 'pl-datas'), { name: 'Plano' }),
      await send('PUT', at('members', 'm-datas'), { firstName: 'Dora' }),
      await send('PUT', at('contracts', 'ct-datas'), {
        planExternalId: 'pl-datas',
        holderExternalId: 'm-datas',
        status: 'ACTIVE',
      }),
      await send('PUT', at('instalments', 'p-datas'), {
        contractExternalId: 'ct-datas',
        number: 1,
        description: 'Mensalidade',
        dueDate: '2026-01-10',
        value: 10_000,
      }),
    ]
    expect(made.map((call) => call.status)).toEqual([201, 201, 201, 201])
    const endpoint = await send('POST', `${base}/webhook-endpoints`, {
      url: 'http://127.0.0.1:9/webhooks',
    })
    const endpointId = (endpoint.body as { id?: string }).id ?? 'sem-endpoint'

    const cases: Array<[string, string, (value: string) => unknown, string, string[]]> = [
      [
        'PUT',
        at('members', 'm-datas'),
        (birthDate) => ({ firstName: 'Dora', birthDate }),
        'birthDate',
        badDays,
      ],
      [
        'PUT',
        at('contracts', 'ct-datas'),
        (saleDate) => ({
          planExternalId: 'pl-datas',
          holderExternalId: 'm-datas',
          status: 'ACTIVE',
          saleDate,
        }),
        'saleDate',
        badDays,
      ],
      [
        'PUT',
        at('contracts', 'ct-datas'),
        (expiresOn) => ({
          planExternalId: 'pl-datas',
          holderExternalId: 'm-datas',
          status: 'ACTIVE',
          expiresOn,
        }),
        'expiresOn',
        badDays,
      ],
      [
        'PUT',
        at('instalments', 'p-datas'),
        (dueDate) => ({
          contractExternalId: 'ct-datas',
          number: 1,
          description: 'Mensalidade',
          dueDate,
          value: 10_000,
        }),
        'dueDate',
        badDays,
      ],
      [
        'PUT',
        at('cards', 'c-datas'),
        (expiresOn) => ({
          contractExternalId: 'ct-datas',
          memberExternalId: 'm-datas',
          code: 'D-1',
          expiresOn,
        }),
        'expiresOn',
        badDays,
      ],
      [
        'POST',
        at('instalments', 'p-datas', '/mark-paid'),
        (paidAt) => ({ method: 'CASH', reference: 'caixa-1', paidAt, amount: 10_000 }),
        'paidAt',
        badTimestamps,
      ],
      [
        'POST',
        `${base}/webhook-endpoints/${endpointId}/replay`,
        (from) => ({ from, to: '2026-01-31T00:00:00Z' }),
        'from',
        badTimestamps,
      ],
      [
        'POST',
        `${base}/webhook-endpoints/${endpointId}/replay`,
        (to) => ({ from: '2026-01-01T00:00:00Z', to }),
        'to',
        badTimestamps,
      ],
    ]
    const answers: string[] = []
    for (const [method, path, body, field, values] of cases)
      for (const value of values) {
        const { status, body: problem } = await send(method, path, body(value))
        const named = problem.errors?.some((entry) => entry.path === `body.${field}`)
        answers.push(
          `${method} ${path} ${field}=${value}: ${status}${named ? '' : ' (campo não nomeado)'}`,
        )
      }
    expect(answers.filter((line) => !/: 400$/.test(line))).toEqual([])
  })
})
