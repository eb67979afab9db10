import { randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contractList, contract as contractSchema } from '../../contract/contracts'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, bearer } from '../testing'
import { type DemoPerson, useTestServer } from '../testing/hooks'

const sessionMessage = 'A sessão expirou ou é inválida, faça o login novamente.'

describe.each(backends)('GET /socios-api/client/contracts (%s)', (backend) => {
  // Generous limits: this file logs in many times from one address.
  const { server, tokens } = useTestServer(backend, {
    logins: Object.keys(demoEmails) as DemoPerson[],
    overrides: { otpLimitPerAddress: 1_000 },
  })

  async function contractsOf(name: keyof typeof demoEmails) {
    const response = await server.app.request(
      '/socios-api/client/contracts',
      bearer(tokens[name] ?? ''),
    )
    expect(response.status).toBe(200)
    return v.parse(contractList, await response.json())
  }

  it("gives Ana her full contract: holder, model documents, dependents, cards' limits", async () => {
    const [contract, ...others] = await contractsOf('ana')
    expect(others).toEqual([])
    expect(contract).toMatchObject({
      id: demoIds.ana.contract,
      status: 'ACTIVE',
      serie: 'A',
      contract_number: '000123',
      terms: true,
      holder_name: 'Ana Paula Souza',
      dependents_included: 3,
      holder: {
        id: demoIds.ana.holder,
        contract_id: demoIds.ana.contract,
        status: 'ACTIVE',
        person: {
          id: demoIds.ana.person,
          name: 'Ana Paula Souza',
          birth_date: '1985-03-14',
          email: demoEmails.ana,
          documents: { cpf: '52998224725', passport: null },
          phone: { number_ddi: '55', number: '11987654321' },
          address: { cep: '01310100', state: 'SP', number: '1000' },
        },
      },
      model_contract: { id: demoIds.models.familyClub, name: 'Plano Família Clube' },
    })
    for (const field of ['created_at', 'date_time', 'expiration'] as const) {
      expect(new Date(contract?.[field] ?? '').toISOString()).toBe(contract?.[field])
    }
    expect(contract?.holder?.person.files_attached).toHaveLength(1)
    const documents = contract?.model_contract.model_contract_documents ?? []
    expect(documents.map((document) => document.name)).toEqual([
      'Regulamento do Clube.pdf',
      'Tabela de Serviços.pdf',
    ])
    for (const document of documents) {
      expect(document.content_type).toBe('application/pdf')
      const pdf = Buffer.from(document.file_attachment?.base_64 ?? '', 'base64').toString('latin1')
      expect(pdf.startsWith('%PDF-1.4')).toBe(true)
      expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true)
    }
    expect(
      contract?.dependents.map((dependent) => [
        dependent.person.first_name,
        dependent.status,
        dependent.dependent_type?.name,
      ]),
    ).toEqual([
      ['Pedro', 'ACTIVE', 'Filho(a)'],
      ['Maria', 'INACTIVE', 'Cônjuge'],
    ])
    expect(contract?.holder_mandatory_data).toMatchObject({
      cpf: true,
      passport: false,
      birth_certificate: false,
    })
    expect(Object.keys(contract?.dependent_mandatory_data ?? {})).toHaveLength(19)
  })

  it('gives Bruno only his two accepted contracts, oldest first', async () => {
    const contracts = await contractsOf('bruno')
    expect(contracts.map((contract) => [contract.id, contract.status, contract.terms])).toEqual([
      [demoIds.bruno.active.contract, 'ACTIVE', true],
      [demoIds.bruno.overdue.contract, 'OVERDUE', true],
    ])
    expect(contracts.every((contract) => contract.holder?.person.id === demoIds.bruno.person)).toBe(
      true,
    )
  })

  it('gives Carla a contract with terms not accepted and Davi one in REVIEW', async () => {
    expect((await contractsOf('carla')).map((contract) => [contract.id, contract.terms])).toEqual([
      [demoIds.carla.contract, false],
    ])
    expect((await contractsOf('davi')).map((contract) => [contract.id, contract.status])).toEqual([
      [demoIds.davi.contract, 'REVIEW'],
    ])
  })

  it('gives Elisa, who holds no contract, an empty list', async () => {
    expect(await contractsOf('elisa')).toEqual([])
  })

  describe('GET /socios-api/client/contract/:id', () => {
    async function contractOf(name: keyof typeof demoEmails, id: string) {
      const response = await server.app.request(
        `/socios-api/client/contract/${id}`,
        bearer(tokens[name] ?? ''),
      )
      expect(response.status).toBe(200)
      return v.parse(contractSchema, await response.json())
    }

    it("gives Ana her contract exactly as the list's item", async () => {
      const [listed] = await contractsOf('ana')
      const detail = await contractOf('ana', demoIds.ana.contract)
      expect(detail).toEqual(listed)
      expect(detail.dependents.map((dependent) => dependent.person.first_name)).toEqual([
        'Pedro',
        'Maria',
      ])
      expect(detail.model_contract.model_contract_documents).toHaveLength(2)
    })

    it('gives Bruno each of his contracts by id', async () => {
      for (const id of [demoIds.bruno.active.contract, demoIds.bruno.overdue.contract]) {
        expect((await contractOf('bruno', id)).id).toBe(id)
      }
    })

    it('accepts an upper-case id', async () => {
      const detail = await contractOf('ana', demoIds.ana.contract.toUpperCase())
      expect(detail.id).toBe(demoIds.ana.contract)
    })
  })

  it('accepts the scheme in any case', async () => {
    const response = await server.app.request('/socios-api/client/contracts', {
      headers: { authorization: `bearer ${tokens.ana}` },
    })
    expect(response.status).toBe(200)
  })

  describe('answers 401 with the login-again message', () => {
    const sign = async (
      claims: { sub?: string; aud?: string; iss?: string; exp?: number },
      alg = 'HS256',
      key?: Uint8Array,
    ) => {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({ email: demoEmails.ana })
        .setProtectedHeader({ alg })
        .setSubject(claims.sub ?? demoIds.ana.person)
        .setIssuer(claims.iss ?? 'portal-do-titular')
        .setAudience(claims.aud ?? 'portal-do-titular-app')
        .setIssuedAt(now)
        .setExpirationTime(claims.exp ?? now + 3600)
        .sign(key ?? new TextEncoder().encode(await server.secret()))
    }
    const base64url = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url')
    const unsigned = (payload: object) =>
      `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`

    const cases: [string, () => Promise<Record<string, string>>][] = [
      ['no Authorization header', async () => ({})],
      ['a garbage token', async () => ({ authorization: 'Bearer garbage' })],
      ['another scheme', async () => ({ authorization: `Basic ${tokens.ana}` })],
      ['a bare token without scheme', async () => ({ authorization: tokens.ana ?? '' })],
      [
        'an expired token',
        async () => ({
          authorization: `Bearer ${await sign({ exp: Math.floor(Date.now() / 1000) - 60 })}`,
        }),
      ],
      [
        'another algorithm (HS512)',
        async () => ({ authorization: `Bearer ${await sign({}, 'HS512')}` }),
      ],
      [
        'alg none',
        async () => ({
          authorization: `Bearer ${unsigned({ sub: demoIds.ana.person, iss: 'portal-do-titular', aud: 'portal-do-titular-app', exp: 9_999_999_999 })}`,
        }),
      ],
      [
        'another audience',
        async () => ({ authorization: `Bearer ${await sign({ aud: 'outro-app' })}` }),
      ],
      ['another issuer', async () => ({ authorization: `Bearer ${await sign({ iss: 'outro' })}` })],
      [
        'another key',
        async () => ({
          authorization: `Bearer ${await sign({}, 'HS256', new TextEncoder().encode('x'.repeat(48)))}`,
        }),
      ],
      [
        'a person who does not exist',
        async () => ({ authorization: `Bearer ${await sign({ sub: randomUUID() })}` }),
      ],
      [
        'a subject that is not an id',
        async () => ({ authorization: `Bearer ${await sign({ sub: "1' or '1'='1" })}` }),
      ],
    ]
    it.each(cases)('%s', async (_name, headers) => {
      const response = await server.app.request('/socios-api/client/contracts', {
        headers: await headers(),
      })
      expect(response.status).toBe(401)
      const body = (await response.json()) as { message: string }
      expect(body).toEqual({ message: sessionMessage })
      expect(body.message).toContain('faça o login novamente')
    })

    it('once the session outlives TOKEN_TTL', async () => {
      server.clock.advance(server.config.tokenTtlSeconds * 1000 + 1000)
      try {
        const response = await server.app.request(
          '/socios-api/client/contracts',
          bearer(tokens.ana ?? ''),
        )
        expect(response.status).toBe(401)
        expect(await response.json()).toEqual({ message: sessionMessage })
      } finally {
        server.clock.advance(-(server.config.tokenTtlSeconds * 1000 + 1000))
      }
    })
  })
})
