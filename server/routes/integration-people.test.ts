/**
 * One person per CPF and one place per person on a contract, through the integration API: the
 * database holds the rule (a unique index on the CPF's digits), so twenty creates at once leave
 * one person; a holder is never their own dependent, nor a person two dependents of one contract.
 * Over the app's real routes, on both databases.
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { persons } from '../db/schema'
import { createApiKey } from '../services/api-keys'
import { backends } from '../testing'
import { useTestServer } from '../testing/hooks'

const base = '/socios-api/integration/v1'
const at = (resource: string, externalId: string) =>
  `${base}/${resource}/by-external-id/${externalId}`

type Answer = {
  status: number
  body: { detail?: string; errors?: Array<{ path: string; code: string; message: string }> }
}

describe.each(backends)('people and dependents on the integration API (%s)', (backend) => {
  const { server } = useTestServer(backend, { resetEachTest: true })

  async function client() {
    const { key } = await createApiKey(server.db, {
      name: 'ERP',
      scopes: ['members:read', 'members:write'],
    })
    return async (path: string, body: unknown): Promise<Answer> => {
      const response = await server.app.request(path, {
        method: 'PUT',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as Answer['body'] }
    }
  }
  const withCpf = (cpf: string) =>
    server.db
      .select({ externalId: persons.externalId })
      .from(persons)
      .where(eq(sql`regexp_replace(${persons.cpf}, '[^0-9]', '', 'g')`, cpf))

  it('refuses a CPF another person has, in any format, naming that person; nothing written', async () => {
    const put = await client()
    expect(
      (await put(at('members', 'socio-1'), { firstName: 'Rita', cpf: '36271849555' })).status,
    ).toBe(201)
    const again = await put(at('members', 'socio-2'), { firstName: 'Rita', cpf: '362.718.495-55' })
    expect(again.status).toBe(422)
    expect(again.body.errors).toEqual([
      {
        path: 'body.cpf',
        code: 'taken',
        message:
          'Este CPF já é de outra pessoa (externalId socio-1). Uma pessoa tem um só cadastro: use o externalId dela, ou corrija o CPF.',
      },
    ])
    // Ana's CPF (demo data) is taken as well, by one who has no externalId.
    const anas = await put(at('members', 'socio-3'), { firstName: 'Ana', cpf: '529.982.247-25' })
    expect(anas.status).toBe(422)
    expect((await withCpf('36271849555')).map((row) => row.externalId)).toEqual(['socio-1'])
    // The same person again with the same CPF is no conflict.
    expect(
      (await put(at('members', 'socio-1'), { firstName: 'Rita', cpf: '362.718.495-55' })).status,
    ).toBe(200)
  })

  it('twenty creates of one CPF at once: exactly one person, the others refused, none a 500', async () => {
    const put = await client()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        put(at('members', `corrida-${index}`), { firstName: 'Corrida', cpf: '48159263791' }),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([201, ...Array(19).fill(422)])
    for (const refused of answers.filter((answer) => answer.status === 422))
      expect(refused.body.errors?.[0]).toMatchObject({ path: 'body.cpf', code: 'taken' })
    expect(await withCpf('48159263791')).toHaveLength(1)
  })

  it('a holder is not their own dependent, and a person is one dependent of a contract', async () => {
    const put = await client()
    const setUp = [
      await put(at('plans', 'plano'), { name: 'Plano' }),
      await put(at('members', 'titular'), { firstName: 'Tânia' }),
      await put(at('members', 'filho'), { firstName: 'Caio' }),
      await put(at('contracts', 'ct'), {
        planExternalId: 'plano',
        holderExternalId: 'titular',
        status: 'ACTIVE',
      }),
      await put(at('dependents', 'dep-caio'), {
        contractExternalId: 'ct',
        memberExternalId: 'filho',
        type: 'Filho(a)',
      }),
    ]
    expect(setUp.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201])

    const own = await put(at('dependents', 'dep-tania'), {
      contractExternalId: 'ct',
      memberExternalId: 'titular',
      type: 'Cônjuge',
    })
    expect(own.status).toBe(422)
    expect(own.body.errors?.[0]).toMatchObject({
      path: 'body.memberExternalId',
      message: 'O titular do contrato não pode ser dependente dele mesmo.',
    })
    const twice = await put(at('dependents', 'dep-caio-2'), {
      contractExternalId: 'ct',
      memberExternalId: 'filho',
      type: 'Filho(a)',
    })
    expect(twice.status).toBe(422)
    expect(twice.body.detail).toBe(
      'Esta pessoa já é dependente deste contrato (externalId dep-caio). Altere esse dependente em vez de criar outro.',
    )
    // Nor the other way round: a dependent in force made the holder.
    const promoted = await put(at('contracts', 'ct'), {
      planExternalId: 'plano',
      holderExternalId: 'filho',
      status: 'ACTIVE',
    })
    expect(promoted.status).toBe(422)
    expect(promoted.body.errors?.[0]?.path).toBe('body.holderExternalId')
    // Once that dependent is inactive, the person may be added again (history stays).
    expect(
      (
        await put(at('dependents', 'dep-caio'), {
          contractExternalId: 'ct',
          memberExternalId: 'filho',
          type: 'Filho(a)',
          status: 'INACTIVE',
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await put(at('dependents', 'dep-caio-2'), {
          contractExternalId: 'ct',
          memberExternalId: 'filho',
          type: 'Filho(a)',
        })
      ).status,
    ).toBe(201)
  })
})
