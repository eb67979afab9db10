/**
 * POST /client/add-dependent (spec §7): new dependents up to dependents_included, edits of
 * existing ones under the edit rights and locks of spec §4, and POST /rql/dependent-types.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contracts, dependents, holders, persons } from '../db/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, createTestServer, loginAs, type TestServer } from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  dependentCreate,
  dependentEdit,
  fileBase64,
  newPerson,
  paths,
  postSave,
  readContract,
  registrationSnapshot,
} from '../testing/registration'

type Json = Record<string, unknown>
const saved = 'Cadastro realizado com sucesso!'
const pedro = demoIds.ana.pedro.dependent
const emailUnavailable = 'Não foi possível usar este e-mail. Informe outro e-mail.'

describe.each(backends)('POST /socios-api/client/add-dependent (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, {
    logins: ['ana', 'davi'],
    resetEachTest: true,
  })

  const anaContract = () => readContract(server.app, tokens.ana, demoIds.ana.contract)
  const save = (body: Json, token = tokens.ana) =>
    postSave(server.app, paths.dependent, token, body)

  async function expectRefused(body: Json, status: number, message: string, token = tokens.ana) {
    const { keys, ...before } = await registrationSnapshot(server.db)
    const answer = await save(body, token)
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { message } })
    expect(await registrationSnapshot(server.db)).toEqual({ ...before, keys: keys + 1 })
  }

  it('creates an ACTIVE dependent that the contract read lists', async () => {
    const photo = fileBase64('jpeg', 1_500)
    const person = newPerson({
      files_attached: [
        {
          name: 'Certidão.pdf',
          content_type: 'application/pdf',
          file_attachment: { base_64: fileBase64('pdf', 100) },
        },
      ],
    })
    const answer = await save({
      ...dependentCreate(demoIds.ana.contract, person, demoIds.dependentTypes.child),
      photo: { base_64: `data:image/jpeg;base64,${photo}` },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      message: saved,
      id: expect.any(String),
      updated_at: expect.any(String),
    })
    const created = (await anaContract()).dependents.find((row) => row.id === answer.body.id)
    expect(created).toMatchObject({
      status: 'ACTIVE',
      updated_at: answer.body.updated_at,
      dependent_type: { id: demoIds.dependentTypes.child, name: 'Filho(a)' },
      person: {
        name: 'Lia Souza',
        birth_date: '2016-04-09',
        email: person.email,
        image: { base_64: photo },
        documents: { cpf: (person.documents as Json).cpf, passport: null },
        phone: { number_ddi: '55', number: '11955554444' },
        address: { cep: '01310100', state: 'SP', complement: 'Apto 42' },
      },
    })
    expect(created?.person.files_attached.map((file) => file.name)).toEqual(['Certidão.pdf'])
  })

  it('updates an existing dependent and moves its version', async () => {
    const before = await anaContract()
    const answer = await save({
      ...dependentEdit(before, pedro, (person) => {
        person.phone = { number_ddi: '55', number: '11900001111' }
        person.birth_date = '2012-07-03'
      }),
    })
    expect(answer.status).toBe(200)
    expect(answer.body.id).toBe(pedro)
    const after = (await anaContract()).dependents.find((row) => row.id === pedro)
    expect(after?.person.phone.number).toBe('11900001111')
    expect(after?.person.birth_date).toBe('2012-07-03')
    expect(after?.updated_at).toBe(answer.body.updated_at)
    expect(Date.parse(after?.updated_at ?? '')).toBeGreaterThan(
      Date.parse(before.dependents.find((row) => row.id === pedro)?.updated_at ?? ''),
    )
  })

  it('changes the dependent type of an existing dependent', async () => {
    const body = dependentEdit(await anaContract(), pedro)
    Object.assign(body.dependent as Json, {
      dependent_type: { id: demoIds.dependentTypes.other, name: 'Outro' },
      dependent_type_id: demoIds.dependentTypes.other,
    })
    expect((await save(body)).status).toBe(200)
    const after = (await anaContract()).dependents.find((row) => row.id === pedro)
    expect(after?.dependent_type?.name).toBe('Outro')
  })

  it('answers 409 to an edit based on an older version and writes nothing', async () => {
    const old = await anaContract()
    expect((await save(dependentEdit(old, pedro))).status).toBe(200)
    await expectRefused(
      dependentEdit(old, pedro, (person) => Object.assign(person, { gender: 'Outro' })),
      409,
      'Estes dados foram alterados em outro lugar. Recarregue para ver a versão mais recente.',
    )
  })

  it('answers 409 to an edit based on a version from the future and writes nothing', async () => {
    const body = dependentEdit(await anaContract(), pedro, (person) => {
      Object.assign(person, { gender: 'Outro' })
    })
    body.updated_at = new Date(Date.parse(body.updated_at as string) + 86_400_000).toISOString()
    await expectRefused(
      body,
      409,
      'Estes dados foram alterados em outro lugar. Recarregue para ver a versão mais recente.',
    )
  })

  it('keeps to dependents_included: Ana (3, one active) adds two, the third is refused', async () => {
    expect((await save(dependentCreate(demoIds.ana.contract))).status).toBe(200)
    expect((await save(dependentCreate(demoIds.ana.contract))).status).toBe(200)
    await expectRefused(
      dependentCreate(demoIds.ana.contract),
      422,
      'Limite de dependentes do contrato atingido.',
    )
    const listed = (await anaContract()).dependents
    expect(listed.filter((row) => row.status !== 'INACTIVE')).toHaveLength(3)
    // Editing needs no room.
    expect((await save(dependentEdit(await anaContract(), pedro))).status).toBe(200)
  })

  it('locks the names of an existing dependent, and CPF and e-mail once filled', async () => {
    const contract = await anaContract()
    const changes: [(person: Json) => void, string][] = [
      [
        (person) => Object.assign(person, { first_name: 'Pedro Henrique' }),
        'O campo Primeiro Nome de um dependente já cadastrado não pode ser alterado.',
      ],
      [
        (person) => Object.assign(person, { last_name: '' }),
        'O campo Sobrenome de um dependente já cadastrado não pode ser alterado.',
      ],
      [
        (person) => Object.assign(person.documents as Json, { cpf: '52998224725' }),
        'O campo CPF já está preenchido e não pode ser alterado.',
      ],
      [
        (person) => Object.assign(person, { email: 'pedro.novo@exemplo.com.br' }),
        'O campo E-mail já está preenchido e não pode ser alterado.',
      ],
    ]
    for (const [change, message] of changes) {
      await expectRefused(dependentEdit(contract, pedro, change), 422, message)
    }
  })

  it('answers 403 for a dependent in review, or any existing one while the holder is', async () => {
    const message = 'Dependente ou titular em análise: não é possível editar este dependente.'
    const contract = await anaContract()
    await server.db.update(dependents).set({ status: 'REVIEW' }).where(eq(dependents.id, pedro))
    await expectRefused(dependentEdit(contract, pedro), 403, message)

    await server.db.update(dependents).set({ status: 'ACTIVE' }).where(eq(dependents.id, pedro))
    await server.db
      .update(holders)
      .set({ status: 'REVIEW' })
      .where(eq(holders.id, demoIds.ana.holder))
    await expectRefused(dependentEdit(contract, pedro), 403, message)
    // Spec §4: new dependents are always editable.
    expect((await save(dependentCreate(demoIds.ana.contract))).status).toBe(200)
  })

  it('lets Davi, whose contract is in review, add a dependent (spec §4: new ones are editable)', async () => {
    const answer = await save(dependentCreate(demoIds.davi.contract), tokens.davi)
    expect(answer.status).toBe(200)
    const contract = await readContract(server.app, tokens.davi, demoIds.davi.contract)
    expect(contract.dependents.map((row) => row.id)).toEqual([answer.body.id])
  })

  it('answers 400 for a dependent type that does not exist', async () => {
    await expectRefused(
      dependentCreate(demoIds.ana.contract, newPerson(), '00000000-0000-4000-8000-000000000000'),
      400,
      'Tipo de dependente inválido.',
    )
  })

  it('requires what dependent_mandatory_data marks, and only that', async () => {
    const sparse = newPerson({
      birth_date: null,
      email: '',
      documents: { rg: null, cpf: null },
      phone: {},
      address: {},
    })
    await expectRefused(
      dependentCreate(demoIds.ana.contract, sparse),
      400,
      'Preencha o campo obrigatório: Data de Nascimento',
    )
    await server.db
      .update(contracts)
      .set({ dependentMandatoryData: { first_name: true, last_name: true, birthdate: false } })
      .where(eq(contracts.id, demoIds.ana.contract))
    expect((await save(dependentCreate(demoIds.ana.contract, sparse))).status).toBe(200)
  })

  it("answers 404 for an attachment id that is not the dependent's", async () => {
    const message = 'Anexo não encontrado.'
    const ownFile = { id: demoIds.ana.file }
    await expectRefused(
      dependentEdit(await anaContract(), pedro, (person) => {
        person.files_attached = [ownFile]
      }),
      404,
      message,
    )
    await expectRefused(
      dependentCreate(demoIds.ana.contract, newPerson({ files_attached: [ownFile] })),
      404,
      message,
    )
  })

  it("answers 422 for an e-mail that is another person's, without saying it exists", async () => {
    for (const email of [demoEmails.ana, demoEmails.bruno, 'pedro.souza@exemplo.com.br']) {
      await expectRefused(
        dependentCreate(demoIds.ana.contract, newPerson({ email })),
        422,
        emailUnavailable,
      )
    }
  })

  it('refuses the holder as their own dependent, a dependent twice, and a CPF someone else has', async () => {
    const withCpf = (cpf: string) =>
      dependentCreate(
        demoIds.ana.contract,
        newPerson({ documents: { rg: '', cpf, passport: '', birth_certificate: null } }),
      )
    await expectRefused(
      withCpf('529.982.247-25'),
      422,
      'O titular não pode ser cadastrado como dependente do próprio contrato.',
    )
    // Pedro is Ana's dependent already.
    await expectRefused(withCpf('39053344705'), 422, 'Esta pessoa já é dependente deste contrato.')
    // Bruno holds another contract; Maria was Ana's dependent (inactive): the club adds them.
    for (const cpf of ['27493816573', '11144477735'])
      await expectRefused(
        withCpf(cpf),
        422,
        'Não foi possível usar este CPF. Se a pessoa já tem cadastro no clube, peça ao clube para incluí-la como dependente.',
      )
  })

  it("answers the same to an edit giving a dependent someone else's e-mail", async () => {
    await server.db
      .update(persons)
      .set({ email: null })
      .where(eq(persons.id, demoIds.ana.pedro.person))
    const body = dependentEdit(await anaContract(), pedro, (person) => {
      person.email = demoEmails.carla
    })
    await expectRefused(body, 422, emailUnavailable)
  })
})

describe.each(backends)('POST /socios-api/rql/dependent-types (%s)', (backend) => {
  let server: TestServer
  let token = ''
  beforeAll(async () => {
    server = await createTestServer(backend)
    token = await loginAs(server.app, demoEmails.elisa)
  })
  afterAll(() => server.close())

  const post = (init: RequestInit = {}) =>
    server.app.request(paths.types, {
      method: 'POST',
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    })

  it('lists every type by name, with an empty body or an empty object', async () => {
    const expected = {
      dependentType: [
        { id: demoIds.dependentTypes.spouse, name: 'Cônjuge' },
        { id: demoIds.dependentTypes.child, name: 'Filho(a)' },
        { id: demoIds.dependentTypes.other, name: 'Outro' },
        { id: demoIds.dependentTypes.parent, name: 'Pai/Mãe' },
      ],
    }
    for (const response of [
      await post(),
      await post({ headers: { 'content-type': 'application/json' }, body: '{}' }),
    ]) {
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual(expected)
    }
  })

  it('refuses a body with fields', async () => {
    const response = await post({
      headers: { 'content-type': 'application/json' },
      body: '{"filter":{}}',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Campo não permitido: filter.' })
  })
})
