import { describe, expect, it } from 'vitest'
import { type FormValues, formMessages } from './form'
import { errorSummary, firstError, formErrors } from './validate'

const filled: FormValues = {
  first_name: 'Ana',
  last_name: 'Souza',
  birthdate: '15/03/1988',
  gender: 'Feminino',
  rg: '',
  cpf: '529.982.247-25',
  passport: '',
  birth_certificate: '',
  email: 'ana@exemplo.com.br',
  number_ddi: '+55',
  phone: '(11) 98765-4321',
  cep: '01310-100',
  state: 'SP',
  city: 'São Paulo',
  country: '',
  street: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  number: '1000',
  complement: '',
}
const mandatory = {
  first_name: true,
  last_name: true,
  birthdate: true,
  cpf: true,
  phone: true,
  passport: false,
}
const draft = (values: Partial<FormValues>, more: { photo?: string; type?: string } = {}) => ({
  values: { ...filled, ...values },
  photo: more.photo ?? null,
  attachments: [],
  dependentTypeId: more.type ?? null,
})
const first = (values: Partial<FormValues>) =>
  firstError(formErrors(draft(values), mandatory, { needsType: false }))?.message ?? null

describe('the save toast says the first problem in screen order (spec §5)', () => {
  it.each([
    ['all there', {}, null],
    ['first name blank', { first_name: '  ' }, 'Preencha o campo obrigatório: Primeiro Nome'],
    ['surname missing', { last_name: '' }, 'Preencha o campo obrigatório: Sobrenome'],
    ['birth date missing', { birthdate: '' }, 'Preencha o campo obrigatório: Data de Nascimento'],
    ['phone missing', { phone: '' }, 'Preencha o campo obrigatório: Telefone'],
    ['phone only a mask', { phone: '(' }, 'Preencha o campo obrigatório: Telefone'],
    ['passport not mandatory', { passport: '' }, null],
    ['impossible birth date', { birthdate: '31/02/1990' }, formMessages.birthDate],
    ['half-typed birth date', { birthdate: '12/0' }, formMessages.birthDate],
    ['birth date in the future', { birthdate: '01/01/2999' }, formMessages.birthDate],
  ])('%s', (_name, values, message) => {
    expect(first(values)).toBe(message)
  })
})

describe('what the server would refuse is refused here first, with its words', () => {
  it.each([
    ['CPF with a wrong check digit', { cpf: '529.982.247-26' }, 'cpf', 'CPF inválido.'],
    [
      'three-letter UF',
      { state: 'SPA' },
      'state',
      'O Estado deve ser a sigla de 2 letras (ex.: SP).',
    ],
    [
      '12-digit phone',
      { phone: '119876543210' },
      'phone',
      'O Telefone deve ter de 8 a 11 dígitos.',
    ],
    ['malformed e-mail', { email: 'ana@' }, 'email', 'Informe um e-mail válido.'],
    ['7-digit CEP', { cep: '0131010' }, 'cep', 'O CEP deve ter 8 dígitos.'],
  ] as const)('%s', (_name, values, slot, message) => {
    expect(formErrors(draft(values), mandatory, { needsType: false })).toEqual({ [slot]: message })
  })

  it('a file whose content is not the type it declares (a web page named .pdf)', () => {
    const page = btoa('<!doctype html><p>oi</p>')
    const pdf = btoa('%PDF-1.4\n%%EOF\n')
    const withFiles = {
      ...draft({}),
      attachments: [
        { name: 'laudo.pdf', content_type: 'application/pdf', base_64: pdf },
        { name: 'recibo.pdf', content_type: 'application/pdf', base_64: page },
      ],
    }
    expect(formErrors(withFiles, mandatory, { needsType: false })).toEqual({
      attachments: 'O arquivo recibo.pdf não é um PDF válido.',
    })
  })

  it('a photo that is no JPEG or PNG', () => {
    expect(
      formErrors(draft({}, { photo: 'R0lGODlhAQABAAAAACw=' }), mandatory, { needsType: false }),
    ).toEqual({ photo: 'A foto deve ser uma imagem JPEG ou PNG.' })
  })
})

it('says everything at once, each under its own field', () => {
  const errors = formErrors(
    draft({ first_name: '', phone: '', cpf: '111.111.111-11' }),
    mandatory,
    {
      needsType: true,
    },
  )
  expect(errors).toEqual({
    first_name: 'Preencha o campo obrigatório: Primeiro Nome',
    phone: 'Preencha o campo obrigatório: Telefone',
    cpf: 'CPF inválido.',
    dependent_type: 'Preencha o campo obrigatório: Tipo do dependente',
  })
  expect(firstError(errors)?.slot).toBe('first_name')
})

describe('errorSummary', () => {
  it.each([
    [1, '1 campo precisa de correção.'],
    [3, '3 campos precisam de correção.'],
  ])('%i', (count, text) => {
    expect(errorSummary(count)).toBe(text)
  })
})
