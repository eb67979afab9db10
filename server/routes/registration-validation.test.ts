/**
 * Registration saves refuse bad input field by field (spec §5), with the shared schemas'
 * Portuguese messages, and write nothing: no person, holder, dependent, attachment or key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Contract } from '../../contract/contracts'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, createTestServer, loginAs, type TestServer } from '../testing'
import {
  dependentCreate,
  dependentEdit,
  fileBase64,
  holderSave,
  htmlBase64,
  newPerson,
  paths,
  postSave,
  readContract,
  realFiles,
  registrationSnapshot,
} from '../testing/registration'

type Json = Record<string, unknown>
type Body = (contract: Contract) => Json

const birthDate = 'Preencha a data de nascimento corretamente no formato DD/MM/AAAA!'
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)

/** The holder save with one part of the person changed. */
const person =
  (change: (person: Json) => void): Body =>
  (contract) =>
    holderSave(contract, change)
const documents = (fields: Json) => person((p) => Object.assign(p.documents as Json, fields))
const phone = (fields: Json) => person((p) => Object.assign(p.phone as Json, fields))
const address = (fields: Json) => person((p) => Object.assign(p.address as Json, fields))
const attachments = (files: unknown[]) => person((p) => Object.assign(p, { files_attached: files }))
const pdf = (name: string, base64: string, contentType = 'application/pdf') => ({
  name,
  content_type: contentType,
  file_attachment: { base_64: base64 },
})

const cases: [string, Body, number, string][] = [
  ['CPF with a wrong check digit', documents({ cpf: '529.982.247-26' }), 400, 'CPF inválido.'],
  ['CPF of eleven equal digits', documents({ cpf: '111.111.111-11' }), 400, 'CPF inválido.'],
  ['CPF one digit short', documents({ cpf: '5299822472' }), 400, 'O CPF deve ter 11 dígitos.'],
  ['CPF with letters', documents({ cpf: '529982247ab' }), 400, 'O CPF deve ter 11 dígitos.'],
  [
    'birth date 31/02',
    person((p) => Object.assign(p, { birth_date: '1985-02-31' })),
    400,
    birthDate,
  ],
  [
    'birth date in the future',
    person((p) => Object.assign(p, { birth_date: tomorrow })),
    400,
    birthDate,
  ],
  [
    'birth date as DD/MM/AAAA',
    person((p) => Object.assign(p, { birth_date: '14/03/1985' })),
    400,
    birthDate,
  ],
  [
    'birth date before 1900',
    person((p) => Object.assign(p, { birth_date: '1899-12-31' })),
    400,
    birthDate,
  ],
  [
    'e-mail without domain',
    person((p) => Object.assign(p, { email: 'ana@' })),
    400,
    'Informe um e-mail válido.',
  ],
  ['CEP with 7 digits', address({ cep: '0131010' }), 400, 'O CEP deve ter 8 dígitos.'],
  ['CEP with letters', address({ cep: '01310-1OO' }), 400, 'O CEP deve ter 8 dígitos.'],
  [
    'state with 3 letters',
    address({ state: 'SPA' }),
    400,
    'O Estado deve ser a sigla de 2 letras (ex.: SP).',
  ],
  ['DDI with letters', phone({ number_ddi: '5a' }), 400, 'O DDI deve ter de 1 a 4 dígitos.'],
  ['DDI with 5 digits', phone({ number_ddi: '55555' }), 400, 'O DDI deve ter de 1 a 4 dígitos.'],
  [
    'phone with letters',
    phone({ number: '1198765432x' }),
    400,
    'O Telefone deve ter de 8 a 11 dígitos.',
  ],
  [
    'phone with 7 digits',
    phone({ number: '9876543' }),
    400,
    'O Telefone deve ter de 8 a 11 dígitos.',
  ],
  [
    'gender not in the list',
    person((p) => Object.assign(p, { gender: 'masculino' })),
    400,
    'Escolha o gênero: Masculino, Feminino ou Outro.',
  ],
  [
    'empty first name',
    person((p) => Object.assign(p, { first_name: '   ' })),
    400,
    'Preencha o campo obrigatório: Primeiro Nome',
  ],
  [
    'first name over 80 characters',
    person((p) => Object.assign(p, { first_name: 'A'.repeat(81) })),
    400,
    'O Primeiro Nome deve ter no máximo 80 caracteres.',
  ],
  [
    'RG over 20 characters',
    documents({ rg: '1'.repeat(21) }),
    400,
    'O RG deve ter no máximo 20 caracteres.',
  ],
  [
    'an extra field in the person',
    person((p) => Object.assign(p, { apelido: 'Aninha' })),
    400,
    'Campo não permitido: apelido.',
  ],
  ['an extra field in the address', address({ bloco: 'B' }), 400, 'Campo não permitido: bloco.'],
  [
    'an extra field at the top',
    (c) => ({ ...holderSave(c), origem: 'app' }),
    400,
    'Campo não permitido: origem.',
  ],
  [
    'first name as a number',
    person((p) => Object.assign(p, { first_name: 42 })),
    400,
    'Preencha o campo obrigatório: Primeiro Nome',
  ],
  [
    'documents as a string',
    person((p) => Object.assign(p, { documents: 'RG 123' })),
    400,
    'Envie os documentos (documents).',
  ],
  [
    'no phone object',
    person((p) => Object.assign(p, { phone: undefined })),
    400,
    'Envie o telefone (phone).',
  ],
  [
    'attachments as an object',
    attachments({} as never),
    400,
    'Envie os anexos (files_attached) como lista.',
  ],
  [
    'updated_at as a number',
    (c) => ({ ...holderSave(c), updated_at: 1_700_000_000 }),
    400,
    'Envie a data da última atualização (updated_at) no formato ISO 8601.',
  ],
  [
    'no contract id',
    (c) => ({ ...holderSave(c), contract_id: ' ' }),
    400,
    'Informe o contrato (contract_id).',
  ],
  [
    'no updated_at',
    (c) => ({ ...holderSave(c), updated_at: undefined }),
    400,
    'Envie a data da última atualização (updated_at) no formato ISO 8601.',
  ],
  [
    'holder id that is no uuid',
    (c) => ({ ...holderSave(c), holder: { ...(holderSave(c).holder as Json), id: 'titular-1' } }),
    400,
    'Identificador inválido: holder.id.',
  ],
  [
    'attachment of a type not allowed',
    attachments([pdf('foto.gif', 'R0lGODlh', 'image/gif')]),
    400,
    'Tipo de arquivo não permitido: envie PDF, JPEG ou PNG.',
  ],
  [
    'attachment that is not base64',
    attachments([pdf('laudo.pdf', 'não é base64!')]),
    400,
    'O arquivo laudo.pdf não está em base64 válido.',
  ],
  [
    'a web page declared as a PNG attachment',
    attachments([pdf('RG frente.png', htmlBase64, 'image/png')]),
    400,
    'O arquivo RG frente.png não é um PNG válido.',
  ],
  [
    'a web page declared as a PDF attachment',
    attachments([pdf('laudo.pdf', htmlBase64)]),
    400,
    'O arquivo laudo.pdf não é um PDF válido.',
  ],
  [
    'a web page with a data: prefix declaring a JPEG',
    attachments([pdf('foto.jpg', `data:image/jpeg;base64,${htmlBase64}`, 'image/jpeg')]),
    400,
    'O arquivo foto.jpg não é um JPEG válido.',
  ],
  [
    'a real PNG declared as a PDF',
    attachments([pdf('laudo.pdf', realFiles.png)]),
    400,
    'O arquivo laudo.pdf não é um PDF válido.',
  ],
  [
    'a real JPEG declared as a PNG, after a genuine PDF',
    attachments([pdf('laudo.pdf', realFiles.pdf), pdf('rg.png', realFiles.jpeg, 'image/png')]),
    400,
    'O arquivo rg.png não é um PNG válido.',
  ],
  [
    'attachment without a name',
    attachments([pdf(' ', fileBase64('pdf', 10))]),
    400,
    'Informe o nome do arquivo.',
  ],
  [
    'an existing attachment with more than its id',
    attachments([{ id: demoIds.ana.file, name: 'x.pdf' }]),
    400,
    'Campo não permitido: name.',
  ],
  [
    'eleven attachments',
    attachments(Array.from({ length: 11 }, (_, i) => pdf(`${i}.pdf`, fileBase64('pdf', 10)))),
    400,
    'Envie no máximo 10 anexos.',
  ],
  [
    'a photo that is no JPEG or PNG',
    (c) => ({ ...holderSave(c), photo: { base_64: fileBase64('pdf', 100) } }),
    400,
    'A foto deve ser uma imagem JPEG ou PNG.',
  ],
  [
    'a web page as the photo, declared as a JPEG',
    (c) => ({ ...holderSave(c), photo: { base_64: `data:image/jpeg;base64,${htmlBase64}` } }),
    400,
    'A foto deve ser uma imagem JPEG ou PNG.',
  ],
  [
    'a photo over 1 MB',
    (c) => ({
      ...holderSave(c),
      photo: { base_64: `data:image/jpeg;base64,${fileBase64('jpeg', 1024 * 1024 + 1)}` },
    }),
    413,
    'A foto excede 1 MB.',
  ],
  [
    'an attachment over 2 MB',
    attachments([pdf('exame.pdf', fileBase64('pdf', 2 * 1024 * 1024 + 1))]),
    413,
    'O arquivo exame.pdf excede 2 MB.',
  ],
  [
    'an oversize photo and a bad CPF',
    (c) => ({
      ...holderSave(c, (p) => Object.assign(p.documents as Json, { cpf: '1' })),
      photo: { base_64: fileBase64('png', 1024 * 1024 + 3) },
    }),
    413,
    'A foto excede 1 MB.',
  ],
]

const dependentCases: [string, Body, number, string][] = [
  [
    'a new dependent without type',
    (c) => ({ contract_id: c.id, dependent: { person: newPerson() } }),
    400,
    'Escolha o tipo do dependente.',
  ],
  [
    'a type id that is no uuid',
    (c) => dependentCreate(c.id, newPerson(), 'filho'),
    400,
    'Tipo de dependente inválido.',
  ],
  [
    'dependent_type_id different from dependent_type.id',
    (c) => {
      const body = dependentCreate(c.id)
      Object.assign(body.dependent as Json, { dependent_type_id: demoIds.dependentTypes.spouse })
      return body
    },
    400,
    'Tipo de dependente inválido.',
  ],
  [
    'an edit without updated_at',
    (c) => ({ ...dependentEdit(c, demoIds.ana.pedro.dependent), updated_at: null }),
    400,
    'Envie a data da última atualização (updated_at) para editar o dependente.',
  ],
  [
    'a new dependent with a bad CPF',
    (c) => dependentCreate(c.id, newPerson({ documents: { cpf: '12345678900' } })),
    400,
    'CPF inválido.',
  ],
  [
    'a new dependent born 30/02',
    (c) => dependentCreate(c.id, newPerson({ birth_date: '2016-02-30' })),
    400,
    birthDate,
  ],
  [
    'a new dependent with a web page declared as a PDF attachment',
    (c) => dependentCreate(c.id, newPerson({ files_attached: [pdf('certidao.pdf', htmlBase64)] })),
    400,
    'O arquivo certidao.pdf não é um PDF válido.',
  ],
  [
    'a new dependent with a photo over 1 MB',
    (c) => ({ ...dependentCreate(c.id), photo: { base_64: fileBase64('jpeg', 1024 * 1024 + 10) } }),
    413,
    'A foto excede 1 MB.',
  ],
]

/** Status and message come before the body, so the test title can show them. */
const titled = (table: [string, Body, number, string][]) =>
  table.map(([what, body, status, message]) => [what, status, message, body] as const)

describe.each(backends)('registration saves validate their input (%s)', (backend) => {
  let server: TestServer
  let token = ''
  let contract: Contract
  beforeAll(async () => {
    server = await createTestServer(backend)
    token = await loginAs(server.app, demoEmails.ana)
    contract = await readContract(server.app, token, demoIds.ana.contract)
  })
  afterAll(() => server.close())

  async function expectRefused(
    path: string,
    body: Json | string,
    status: number,
    message: string,
    key?: string | null,
  ) {
    const before = await registrationSnapshot(server.db)
    const answer = await postSave(server.app, path, token, body, key)
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { message } })
    expect(await registrationSnapshot(server.db)).toEqual(before)
  }

  it('accepts the body the cases below start from', async () => {
    const answer = await postSave(server.app, paths.holder, token, holderSave(contract))
    expect(answer.status).toBe(200)
    contract = await readContract(server.app, token, demoIds.ana.contract)
  })

  it.each(titled(cases))(
    'photo-holder with %s answers %i: %s',
    async (_what, status, message, body) => {
      await expectRefused(paths.holder, body(contract), status, message)
    },
  )

  it.each(titled(dependentCases))(
    'add-dependent with %s answers %i: %s',
    async (_what, status, message, body) => {
      await expectRefused(paths.dependent, body(contract), status, message)
    },
  )

  it.each([paths.holder, paths.dependent])(
    '%s answers 413 above 8 MB, declared or streamed',
    async (path) => {
      const body = JSON.stringify({ ...holderSave(contract), padding: 'x'.repeat(8 * 1024 * 1024) })
      const headers = {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': 'grande',
      }
      const before = await registrationSnapshot(server.db)
      const declared = {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        body,
      }
      const streamed = { method: 'POST', headers, body: new Blob([body]).stream(), duplex: 'half' }
      for (const init of [declared, streamed as RequestInit]) {
        const response = await server.app.request(path, init)
        expect(response.status).toBe(413)
        expect(await response.json()).toEqual({
          message: 'O corpo da requisição excede o limite de 8 MB.',
        })
      }
      expect(await registrationSnapshot(server.db)).toEqual(before)
    },
  )

  it.each([paths.holder, paths.dependent])('%s requires an Idempotency-Key', async (path) => {
    const body = holderSave(contract)
    await expectRefused(path, body, 400, 'Envie o cabeçalho Idempotency-Key.', null)
    await expectRefused(path, body, 400, 'Envie o cabeçalho Idempotency-Key.', '   ')
    const invalid = 'Idempotency-Key inválida: use de 1 a 200 caracteres visíveis.'
    await expectRefused(path, body, 400, invalid, 'com espaço')
    await expectRefused(path, body, 400, invalid, 'k'.repeat(201))
  })

  it('answers malformed JSON with 400', async () => {
    await expectRefused(paths.holder, '{"contract_id": ', 400, 'JSON inválido.')
  })
})
