/**
 * POST /client/photo-holder (spec §7): the holder's own registration, photo and attachments,
 * under the edit rights, locked fields and mandatory data of spec §4–§5, with optimistic
 * concurrency on holder.updated_at.
 */
import { asc, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Contract } from '../../contract/contracts'
import { contracts, filesAttached, persons } from '../db/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { backends } from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  fileBase64,
  holderSave,
  paths,
  postSave,
  readContract,
  realFiles,
  registrationSnapshot,
} from '../testing/registration'

type Json = Record<string, unknown>
const saved = 'Cadastro realizado com sucesso!'
const stale =
  'Estes dados foram alterados em outro lugar. Recarregue para ver a versão mais recente.'

describe.each(backends)('POST /socios-api/client/photo-holder (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana', 'bruno', 'davi'] })

  const anaContract = () => readContract(server.app, tokens.ana, demoIds.ana.contract)
  const save = (body: Json, token = tokens.ana, key?: string) =>
    postSave(server.app, paths.holder, token, body, key)

  /** A refusal writes nothing but its idempotency key. */
  async function expectRefused(body: Json, status: number, message: string, token = tokens.ana) {
    const { keys, ...before } = await registrationSnapshot(server.db)
    const answer = await save(body, token)
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { message } })
    expect(await registrationSnapshot(server.db)).toEqual({ ...before, keys: keys + 1 })
  }

  describe('each on fresh demo data', () => {
    beforeEach(() => server.reset())

    it('saves a new phone: the contract read shows it with the new updated_at', async () => {
      const before = await anaContract()
      const answer = await save(
        holderSave(before, (person) => {
          person.phone = { number_ddi: '+55', number: '(11) 91234-5678' }
        }),
      )
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({
        message: saved,
        id: demoIds.ana.holder,
        updated_at: expect.any(String),
      })
      const after = await anaContract()
      expect(after.holder?.person.phone).toMatchObject({ number_ddi: '55', number: '11912345678' })
      expect(after.holder?.updated_at).toBe(answer.body.updated_at)
      expect(Date.parse(after.holder?.updated_at ?? '')).toBeGreaterThan(
        Date.parse(before.holder?.updated_at ?? ''),
      )
      const { phone: _phone, files_attached: _files, ...unchanged } = before.holder?.person ?? {}
      expect(after.holder?.person).toMatchObject(unchanged)
    })

    it('keeps listed attachments, removes unlisted ones and stores new ones', async () => {
      const first = await save(
        holderSave(await anaContract(), (person) => {
          person.files_attached = [
            { id: demoIds.ana.file },
            {
              name: 'RG frente.png',
              content_type: 'image/png',
              file_attachment: { base_64: `data:image/png;base64,${fileBase64('png', 300)}` },
            },
          ]
        }),
      )
      expect(first.status).toBe(200)
      const withBoth = (await anaContract()).holder?.person.files_attached ?? []
      expect(withBoth.map((file) => [file.name, file.content_type])).toEqual([
        ['Comprovante de residência.pdf', 'application/pdf'],
        ['RG frente.png', 'image/png'],
      ])
      expect(withBoth[1]?.file_attachment?.base_64).toBe(fileBase64('png', 300))
      const rgId = withBoth[1]?.id ?? ''

      const second = await save(
        holderSave(await anaContract(), (person) => {
          person.files_attached = [
            { id: rgId },
            {
              name: 'Laudo.pdf',
              content_type: 'application/pdf',
              file_attachment: { base_64: fileBase64('pdf', 200) },
            },
          ]
        }),
      )
      expect(second.status).toBe(200)
      const files = (await anaContract()).holder?.person.files_attached ?? []
      expect(files.map((file) => file.name)).toEqual(['RG frente.png', 'Laudo.pdf'])
      expect(files[0]?.id).toBe(rgId)
    })

    it('replaces the photo when one is sent and keeps it otherwise', async () => {
      const photo = fileBase64('jpeg', 2_000)
      const body = { ...holderSave(await anaContract()), photo: { base_64: photo } }
      expect((await save(body)).status).toBe(200)
      expect((await anaContract()).holder?.person.image?.base_64).toBe(photo)
      expect((await save({ ...holderSave(await anaContract()), photo: null })).status).toBe(200)
      expect((await anaContract()).holder?.person.image?.base_64).toBe(photo)
    })

    it('takes a save of several MB, over the 1 MB limit of other routes', async () => {
      const big = (name: string) => ({
        name,
        content_type: 'application/pdf',
        file_attachment: { base_64: fileBase64('pdf', 1_900_000) },
      })
      const body = {
        ...holderSave(await anaContract(), (person) => {
          person.files_attached = [big('a.pdf'), big('b.pdf')]
        }),
        photo: { base_64: fileBase64('jpeg', 1_000_000) },
      }
      expect(JSON.stringify(body).length).toBeGreaterThan(6 * 1024 * 1024)
      const answer = await save(body)
      expect(answer.status).toBe(200)
      expect((await anaContract()).holder?.person.files_attached).toHaveLength(2)
    })

    it('stores genuine PDF, JPEG and PNG files and a JPEG photo as they were sent', async () => {
      const files = [
        ['comprovante.pdf', 'application/pdf', realFiles.pdf],
        ['rg-frente.jpg', 'image/jpeg', realFiles.jpeg],
        ['rg-verso.png', 'image/png', realFiles.png],
      ] as const
      const answer = await save({
        ...holderSave(await anaContract(), (person) => {
          person.files_attached = files.map(([name, content_type, base_64]) => ({
            name,
            content_type,
            file_attachment: { base_64 },
          }))
        }),
        photo: { base_64: realFiles.jpeg },
      })
      expect(answer.status).toBe(200)
      const stored = await server.db
        .select()
        .from(filesAttached)
        .where(eq(filesAttached.personId, demoIds.ana.person))
        .orderBy(asc(filesAttached.createdAt))
      expect(stored.map((file) => [file.name, file.contentType, file.contentBase64])).toEqual(files)
      const [person] = await server.db
        .select({ photo: persons.imageBase64 })
        .from(persons)
        .where(eq(persons.id, demoIds.ana.person))
      expect(person?.photo).toBe(realFiles.jpeg)
    })

    it('answers 409 to a save based on an older version and writes nothing', async () => {
      const old = await anaContract()
      expect((await save(holderSave(old))).status).toBe(200)
      await expectRefused(
        holderSave(old, (person) => {
          person.address = { ...(person.address as Json), number: '2000' }
        }),
        409,
        stale,
      )
      expect((await anaContract()).holder?.person.address.number).toBe('1000')
    })

    it.each([
      ['a millisecond later', 1],
      ['a day later', 86_400_000],
      ['a millisecond earlier', -1],
    ])('answers 409 to a save based on a version %s than the stored one', async (_, shift) => {
      const body = holderSave(await anaContract(), (person) => {
        person.address = { ...(person.address as Json), number: '2000' }
      })
      body.updated_at = new Date(Date.parse(body.updated_at as string) + shift).toISOString()
      await expectRefused(body, 409, stale)
      expect((await anaContract()).holder?.person.address.number).toBe('1000')
    })

    it('locks first name, last name, CPF and e-mail once filled (422, nothing written)', async () => {
      const contract = await anaContract()
      const changes: [string, (person: Json) => void][] = [
        ['Primeiro Nome', (person) => Object.assign(person, { first_name: 'Anna' })],
        ['Sobrenome', (person) => Object.assign(person, { last_name: 'Souza Lima' })],
        ['CPF', (person) => Object.assign(person.documents as Json, { cpf: '39053344705' })],
        ['CPF', (person) => Object.assign(person.documents as Json, { cpf: null })],
        ['E-mail', (person) => Object.assign(person, { email: 'ana.nova@exemplo.com.br' })],
      ]
      for (const [label, change] of changes) {
        await expectRefused(
          holderSave(contract, change),
          422,
          `O campo ${label} já está preenchido e não pode ser alterado.`,
        )
      }
      // The same values in another format are no change.
      const same = holderSave(contract, (person) => {
        Object.assign(person, { first_name: ' Ana Paula ', email: 'ANA@exemplo.com.br' })
        Object.assign(person.documents as Json, { cpf: '529.982.247-25' })
      })
      expect((await save(same)).status).toBe(200)
    })

    it('lets the holder fill a locked field that was empty', async () => {
      await server.db.update(persons).set({ cpf: null }).where(eq(persons.id, demoIds.ana.person))
      const answer = await save(
        holderSave(await anaContract(), (person) => {
          Object.assign(person.documents as Json, { cpf: '529.982.247-25' })
        }),
      )
      expect(answer.status).toBe(200)
      expect((await anaContract()).holder?.person.documents.cpf).toBe('52998224725')
    })

    it('leaves passport and birth certificate optional, as the contract says', async () => {
      const answer = await save(
        holderSave(await anaContract(), (person) => {
          Object.assign(person.documents as Json, { passport: '', birth_certificate: null })
        }),
      )
      expect(answer.status).toBe(200)
    })

    it('answers 403 for Davi, whose contract is in review, and writes nothing', async () => {
      const contract = await readContract(server.app, tokens.davi, demoIds.davi.contract)
      await expectRefused(
        holderSave(contract),
        403,
        'Cadastro em análise ou contrato inativo: não é possível editar.',
        tokens.davi,
      )
    })

    it('answers 403 when the contract is inactive', async () => {
      const contract = await anaContract()
      await server.db
        .update(contracts)
        .set({ status: 'INACTIVE' })
        .where(eq(contracts.id, demoIds.ana.contract))
      await expectRefused(
        holderSave(contract),
        403,
        'Cadastro em análise ou contrato inativo: não é possível editar.',
      )
    })

    it("answers 422 for an e-mail that is someone else's login, without saying it exists", async () => {
      await server.db.update(persons).set({ email: null }).where(eq(persons.id, demoIds.ana.person))
      const body = holderSave(await anaContract(), (person) => {
        person.email = demoEmails.bruno
      })
      await expectRefused(body, 422, 'Não foi possível usar este e-mail. Informe outro e-mail.')
    })

    it("moves every one of Bruno's contracts to the new version: the other's old one is stale", async () => {
      const active = await readContract(server.app, tokens.bruno, demoIds.bruno.active.contract)
      const overdue = await readContract(server.app, tokens.bruno, demoIds.bruno.overdue.contract)
      // His seed leaves the complement empty; the save fills it.
      const withComplement = (person: Json) => {
        Object.assign(person.address as Json, { complement: 'Cobertura' })
      }
      const answer = await save(holderSave(active, withComplement), tokens.bruno)
      expect(answer.status).toBe(200)
      await expectRefused(holderSave(overdue, withComplement), 409, stale, tokens.bruno)
      const reread = await readContract(server.app, tokens.bruno, demoIds.bruno.overdue.contract)
      expect(reread.holder?.updated_at).toBe(answer.body.updated_at)
      expect(reread.holder?.person.address.complement).toBe('Cobertura')
      expect((await save(holderSave(reread), tokens.bruno)).status).toBe(200)
    })

    it('returns holder.updated_at in the contract read, at the precision it is compared', async () => {
      const contract: Contract = await anaContract()
      const version = contract.holder?.updated_at ?? ''
      expect(new Date(version).toISOString()).toBe(version)
      expect(
        contract.dependents.every(
          (row) => new Date(row.updated_at).toISOString() === row.updated_at,
        ),
      ).toBe(true)
    })
  })

  describe('mandatory data', () => {
    // Refusals write nothing but keys: one reset serves the whole table.
    beforeAll(() => server.reset())

    it.each([
      ['birth_date', null, 'Data de Nascimento'],
      ['gender', '', 'Gênero'],
      ['documents.rg', '', 'RG'],
      ['phone.number_ddi', null, 'DDI'],
      ['phone.number', '', 'Telefone'],
      ['address.cep', '', 'CEP'],
      ['address.state', null, 'Estado'],
      ['address.city', ' ', 'Cidade'],
      ['address.country', null, 'País'],
      ['address.street', '', 'Rua'],
      ['address.neighborhood', '', 'Bairro'],
      ['address.number', null, 'Número do endereço'],
    ])('answers 400 when the mandatory %s is empty', async (field, empty, label) => {
      const [section, name] = field.includes('.') ? field.split('.') : [undefined, field]
      const body = holderSave(await anaContract(), (person) => {
        const target = section ? (person[section] as Json) : person
        target[name as string] = empty
      })
      await expectRefused(body, 400, `Preencha o campo obrigatório: ${label}`)
    })

    it('saves with an empty complement, which the demo plan leaves optional', async () => {
      const body = holderSave(await anaContract(), (person) => {
        Object.assign(person.address as Json, { complement: '' })
      })
      expect((await save(body)).status).toBe(200)
    })
  })
})
